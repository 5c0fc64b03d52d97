import type { LyricWord } from '../../../../domain/player/music';

/**
 * A line as karaoke word spans. Each word is its text in the dim colour plus a highlighted copy (generated
 * content, so the page text holds each word once) masked by two opposite translations driven by `--fill`
 * (0–1): the fill moves on the compositor and the glyphs stay where they are.
 */
export function KaraokeText({ words }: { words: readonly LyricWord[] }) {
  return (
    <span className="kt">
      {words.map((word, i) => (
        <span key={i} className="kw" data-word={i}>
          <span className="kw__base">{word.text}</span>
          <span className="kw__hi" aria-hidden="true" data-text={word.text} />
        </span>
      ))}
    </span>
  );
}
