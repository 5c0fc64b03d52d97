import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { sanitizeArticleHtml } from '../../../server/adapters/ssr/htmlSanitizer';
import MarkdownPreview from '../../../src/ui/features/article/MarkdownPreview';

/** An article body as the server renders it: md-editor-rt's preview (the browser's view), cleaned by the server's sanitiser. */
export function renderArticleBody(markdown: string): string {
  return renderToString(
    createElement(MarkdownPreview, {
      id: 'article-body',
      markdown,
      theme: 'light',
      previewTheme: 'default',
      codeTheme: 'atom',
      sanitize: sanitizeArticleHtml,
      onRendered: () => undefined,
    }),
  );
}
