import { MdPreview } from 'md-editor-rt';
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import { markdownProps, purify } from './markdownConfig';

/** Code blocks longer than this start folded; the articles' examples are rarely that long. */
const CODE_FOLD_LINES = 80;

export interface MarkdownPreviewProps {
  id: string;
  markdown: string;
  theme: Theme;
  previewTheme: PreviewTheme;
  codeTheme: CodeTheme;
  /** The server's own sanitiser when rendering there; DOMPurify in the browser. */
  sanitize?: (html: string) => string;
  /** Called after each rendering, once the body is in the page. */
  onRendered(): void;
}

/**
 * md-editor-rt's preview of an article body with the site's settings: the Markdown renderer, highlight.js
 * and KaTeX, in a chunk of their own, loaded only where a body is rendered in the browser.
 */
export default function MarkdownPreview({ id, markdown, theme, previewTheme, codeTheme, sanitize, onRendered }: MarkdownPreviewProps) {
  return (
    <MdPreview
      {...markdownProps()}
      id={id}
      value={markdown}
      theme={theme}
      previewTheme={previewTheme}
      codeTheme={codeTheme}
      noImgZoomIn
      sanitize={sanitize ?? purify}
      showCodeRowNumber={false}
      autoFoldThreshold={CODE_FOLD_LINES}
      onHtmlChanged={onRendered}
    />
  );
}
