import { useTypewriter } from '../hooks/useTypewriter';
import './components.css';

/** Types the mottos one after another; screen readers get them all at once. */
export function Typewriter({ texts }: { texts: readonly string[] }) {
  const shown = useTypewriter(texts);
  if (texts.length === 0) return null;
  return (
    <p className="typewriter">
      <span className="visually-hidden">{texts.join('；')}</span>
      <span aria-hidden="true">
        {shown}
        <span className="typewriter__cursor">|</span>
      </span>
    </p>
  );
}
