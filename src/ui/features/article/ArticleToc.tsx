import { useEffect, useState, type CSSProperties, type MouseEvent } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { layOutEverything } from '../../app/layOutInSteps';

export interface TocHeading {
  id: string;
  /** The heading's words, shown unless it has `markup`. */
  text: string;
  /** 1 to 6, as in h1 to h6. */
  level: number;
  /** The markup of a heading with math, so its formulas are typeset here as in the body; its links become their text. */
  markup?: string;
}

/** The heading's markup when it holds a formula (KaTeX's, or one KaTeX could not typeset). */
function mathMarkup(heading: HTMLElement): string | undefined {
  if (!heading.querySelector('.katex, .math-error')) return undefined;
  const copy = heading.cloneNode(true) as HTMLElement;
  // The entry is a link already, and a link in a link is invalid.
  for (const link of copy.querySelectorAll('a')) link.replaceWith(...link.childNodes);
  return copy.innerHTML;
}

/** The headings of a rendered body that can be reached (those with an id), in reading order. */
export function readHeadings(root: ParentNode): TocHeading[] {
  return [...root.querySelectorAll<HTMLElement>(':is(h1, h2, h3, h4, h5, h6)[id]')].map((heading) => ({
    id: heading.id,
    text: heading.textContent?.trim() ?? '',
    level: Number(heading.tagName.slice(1)),
    markup: mathMarkup(heading),
  }));
}

/** A heading this close to the top of the window (under the header) is the one being read. */
const READING_LINE_PX = 90;

/** The heading being read: the last one that has passed the reading line, or the first. */
function useHeadingInView(headings: readonly TocHeading[]): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (headings.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let passed = headings[0]!.id;
      for (const heading of headings) {
        const top = document.getElementById(heading.id)?.getBoundingClientRect().top;
        if (top === undefined || top > READING_LINE_PX) break;
        passed = heading.id;
      }
      setCurrent(passed);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [headings]);
  return current;
}

/** The article's table of contents: a click scrolls to the heading, the heading being read is marked. */
export function ArticleToc({ headings }: { headings: readonly TocHeading[] }) {
  const current = useHeadingInView(headings);
  const topLevel = Math.min(...headings.map((heading) => heading.level));
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    layOutEverything();
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <nav className="article-toc" aria-label={zhCN.article.toc}>
      <ol>
        {headings.map((heading, index) => (
          <li key={index} style={{ '--toc-depth': heading.level - topLevel } as CSSProperties}>
            <a
              href={`#${encodeURIComponent(heading.id)}`}
              aria-current={heading.id === current ? 'location' : undefined}
              onClick={(event) => go(event, heading.id)}
            >
              {/* Markup from the body, which the server's or the browser's sanitiser has already cleaned. */}
              {heading.markup === undefined ? heading.text : <span dangerouslySetInnerHTML={{ __html: heading.markup }} />}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
