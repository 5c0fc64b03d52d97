import DOMPurify from 'dompurify';
import { MdCatalog, MdPreview } from 'md-editor-rt';
import type { MouseEvent } from 'react';
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import { usePageData } from '../../app/pageData';
import { useCopy } from '../../hooks/useCopy';
import { codeStyleUrl } from './markdown';
import './article.css';

export const ARTICLE_EDITOR_ID = 'article-body';
/** The header's height plus some air, so a heading reached from the table of contents is not hidden. */
const HEADING_OFFSET_PX = 76;
/** Code blocks longer than this start folded; the articles' examples are rarely that long. */
const CODE_FOLD_LINES = 80;

const purify = (html: string) => DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });

interface ArticleBodyProps {
  markdown: string;
  theme: Theme;
  previewTheme: PreviewTheme;
  codeTheme: CodeTheme;
}

/** The Markdown body in the chosen preview and code themes; images zoom, code blocks copy. */
export function ArticleBody({ markdown, theme, previewTheme, codeTheme }: ArticleBodyProps) {
  const copy = useCopy();
  const sanitize = usePageData().sanitizeHtml ?? purify;
  const href = codeStyleUrl(codeTheme, previewTheme, theme);

  // The copy buttons go through the site's copy action, so copying reads the same everywhere.
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as Element).closest('.md-editor-copy-button');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    const block = button.closest('.md-editor-code');
    const code = block?.querySelector('input:checked + pre code') ?? block?.querySelector('pre code');
    void copy(code?.textContent ?? '');
  };

  return (
    <div className="article-body" onClickCapture={onClickCapture} data-code-theme={codeTheme}>
      {/* The code theme's stylesheet sits with the body (in the server's markup too); a change swaps its href. */}
      <link id="article-code-style" rel="stylesheet" href={href} />
      <MdPreview
        id={ARTICLE_EDITOR_ID}
        value={markdown}
        theme={theme}
        previewTheme={previewTheme}
        codeTheme={codeTheme}
        language="zh-CN"
        noMermaid
        noKatex
        noEcharts
        sanitize={sanitize}
        showCodeRowNumber={false}
        autoFoldThreshold={CODE_FOLD_LINES}
      />
    </div>
  );
}

/** The table of contents of the article body; a click scrolls the page to the heading. */
export function ArticleCatalog({ theme }: { theme: Theme }) {
  return (
    <MdCatalog
      editorId={ARTICLE_EDITOR_ID}
      theme={theme}
      scrollElement="html"
      scrollElementOffsetTop={HEADING_OFFSET_PX}
      offsetTop={HEADING_OFFSET_PX + 10}
      className="article-catalog"
    />
  );
}
