import type { Zoom } from 'medium-zoom';
import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import { currentLanguage } from '../../../i18n/language';
import { onServerPage, usePageData, type KeptMarkup } from '../../app/pageData';
import { Loading } from '../../components/Loading';
import { lazyPart } from '../../hooks/lazyPart';
import { useCopy } from '../../hooks/useCopy';
import { readHeadings, type TocHeading } from './ArticleToc';
import { codeStyleUrl } from './markdown';
// KaTeX's stylesheet and fonts, bundled: the server's markup of a formula needs them before any script runs.
import 'katex/dist/katex.min.css';
import './article.css';

const ARTICLE_EDITOR_ID = 'article-body';
/** md-editor-rt's id for the element holding the rendered Markdown. */
const PREVIEW_ID = `${ARTICLE_EDITOR_ID}-preview`;
/** The dimmed page behind a zoomed image (md-editor-rt's own shade). */
const ZOOM_BACKGROUND = '#00000073';

/**
 * The Markdown renderer (md-editor-rt and highlight.js) is not needed to hydrate the server's rendering of
 * a body, so it stays out of the article page's first load and comes when the browser is idle. An article
 * reached by a link renders its body here: then its fetch starts beside the page's own chunk.
 */
const markdownPreview = lazyPart(() => import('./MarkdownPreview'), { idle: 'article' });
if (typeof document !== 'undefined' && !document.getElementById(PREVIEW_ID)) markdownPreview.preload();

interface ArticleBodyProps {
  markdown: string;
  theme: Theme;
  previewTheme: PreviewTheme;
  codeTheme: CodeTheme;
  /** Told the body's headings each time it is rendered, for the table of contents. */
  onHeadings(headings: TocHeading[]): void;
}

/**
 * The server's rendering of this Markdown, taken from the page the server rendered: the body is kept as the
 * server made it instead of being parsed and highlighted again in the browser (the longest part of the
 * article page's hydration on a phone). Undefined on the server and for a body first shown in the browser.
 */
function useServerRendering(markdown: string): string | undefined {
  const [server] = useState(() =>
    onServerPage() && typeof document !== 'undefined'
      ? { markdown, html: document.getElementById(PREVIEW_ID)?.innerHTML }
      : undefined,
  );
  return server?.markdown === markdown ? server.html : undefined;
}

/**
 * On the server: the markup an earlier render made of this body in the same look, and the sanitiser that keeps
 * a new one. Parsing, highlighting and sanitising a body took a fifth of a signed-in reader's article render.
 */
function useKeptMarkup(key: unknown[]): { kept: string | undefined; sanitize: ((html: string) => string) | undefined } {
  const { sanitizeHtml, keptMarkup } = usePageData();
  if (!keptMarkup || !sanitizeHtml) return { kept: undefined, sanitize: sanitizeHtml };
  const text = JSON.stringify(key);
  return { kept: keptMarkup.get(text), sanitize: keeping(keptMarkup, text, sanitizeHtml) };
}

function keeping(keptMarkup: KeptMarkup, key: string, sanitizeHtml: (html: string) => string) {
  return (html: string) => {
    const safe = sanitizeHtml(html);
    keptMarkup.set(key, safe);
    return safe;
  };
}

/** The Markdown body in the chosen preview and code themes; images zoom, code blocks copy. */
export function ArticleBody({ markdown, theme, previewTheme, codeTheme, onHeadings }: ArticleBodyProps) {
  const copy = useCopy();
  const href = codeStyleUrl(codeTheme, previewTheme, theme);
  const { kept, sanitize } = useKeptMarkup([markdown, theme, previewTheme, codeTheme, currentLanguage()]);
  const serverHtml = useServerRendering(markdown) ?? kept;
  const container = useRef<HTMLDivElement>(null);
  const zoom = useRef<Zoom | undefined>(undefined);
  /** Counts renderings (and the unmount): a zoom whose code arrives after a newer one is not attached. */
  const generation = useRef(0);

  // Each new rendering: its headings go to the table of contents, its pictures zoom. The zoom's code is
  // not needed to hydrate the page: it comes right after, in a chunk of its own.
  const rendered = useCallback(() => {
    const preview = container.current?.querySelector(`#${PREVIEW_ID}`);
    if (!preview) return;
    onHeadings(readHeadings(preview));
    // A code block scrolls sideways: the keyboard must reach it to scroll it.
    preview.querySelectorAll<HTMLElement>('pre code').forEach((code) => (code.tabIndex = 0));
    zoom.current?.detach();
    zoom.current = undefined;
    const current = ++generation.current;
    void import('medium-zoom').then(
      ({ default: mediumZoom }) => {
        if (current !== generation.current) return;
        zoom.current = mediumZoom(preview.querySelectorAll('img:not(.not-zoom)'), { background: ZOOM_BACKGROUND });
      },
      // Without its code the pictures simply do not zoom.
      () => undefined,
    );
  }, [onHeadings]);
  useEffect(() => {
    if (serverHtml !== undefined) rendered();
  }, [serverHtml, rendered]);
  useEffect(
    () => () => {
      generation.current += 1;
      zoom.current?.detach();
    },
    [],
  );

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
    <div className="article-body" onClickCapture={onClickCapture} data-code-theme={codeTheme} ref={container}>
      {/* The code theme's stylesheet sits with the body (in the server's markup too); a change swaps its href. */}
      <link id="article-code-style" rel="stylesheet" href={href} />
      {/* The same boundary on the server (where the renderer is loaded) and while hydrating (where it is not). */}
      <Suspense fallback={<Loading />}>
        {serverHtml !== undefined ? (
          // md-editor-rt's two wrappers as it renders them, around the markup it made on the server.
          <div id={ARTICLE_EDITOR_ID} className="md-editor md-editor-previewOnly" data-theme={theme}>
            <div id={PREVIEW_ID} className={`md-editor-preview ${previewTheme}-theme`} dangerouslySetInnerHTML={{ __html: serverHtml }} />
          </div>
        ) : (
          <markdownPreview.Component
            id={ARTICLE_EDITOR_ID}
            markdown={markdown}
            theme={theme}
            previewTheme={previewTheme}
            codeTheme={codeTheme}
            sanitize={sanitize}
            onRendered={rendered}
          />
        )}
      </Suspense>
    </div>
  );
}
