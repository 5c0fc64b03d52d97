import { useRef } from 'react';
import { useInView } from '../hooks/useInView';
import { useTypewriter } from '../hooks/useTypewriter';
import './components.css';

/**
 * Types the mottos one after another; screen readers get them all at once. Nothing moves while it types:
 * the longest and tallest motto, laid out unseen, holds the line's place, and each motto is typed from the
 * left edge of the room its whole text takes (centred), so letters appear without pushing the others.
 * Scrolled out of the window, it stops where it is and goes on from there when it comes back.
 */
export function Typewriter({ texts }: { texts: readonly string[] }) {
  const line = useRef<HTMLParagraphElement>(null);
  const { shown, text, caret } = useTypewriter(texts, useInView(line));
  if (texts.length === 0) return null;
  return (
    <p ref={line} className="typewriter">
      <span className="visually-hidden">{texts.join('；')}</span>
      <span className="typewriter__stage" aria-hidden="true">
        {texts.map((motto, index) => (
          <span key={index} className="typewriter__room">
            <span className="typewriter__text">{motto}</span>
          </span>
        ))}
        <span className="typewriter__current">
          <span className="typewriter__room">
            <span className="typewriter__text">{text}</span>
          </span>
          <span className="typewriter__typed" data-caret={caret ? undefined : 'off'}>
            <span className="typewriter__text">{shown}</span>
          </span>
        </span>
      </span>
    </p>
  );
}
