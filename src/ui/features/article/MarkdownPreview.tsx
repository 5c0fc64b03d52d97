import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import nginx from 'highlight.js/lib/languages/nginx';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import DOMPurify from 'dompurify';
import { config, MdPreview, type MarkdownItConfigPlugin } from 'md-editor-rt';
import { imageSrcSet } from '../../../domain/media/imageVariants';
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import { IMAGE_SIZES } from '../../components/imageSizes';

/**
 * md-editor-rt fetches highlight.js, KaTeX, Mermaid and ECharts from a CDN unless told otherwise. The
 * site makes no third-party request: highlight.js is bundled here, and the preview is rendered with
 * KaTeX, Mermaid and ECharts switched off (the articles use none of them).
 */
const LANGUAGES = { bash, c, cpp, css, diff, dockerfile, go, ini, java, javascript, json, markdown, nginx, plaintext, python, rust, scss, shell, sql, typescript, xml, yaml };
// The languages a blog about the web and its servers shows; unlabelled blocks are guessed among them.
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['text', 'txt'], { languageName: 'plaintext' });

/** The little of markdown-it's token stream the rule below reads and writes. */
interface ImageToken {
  type: string;
  attrGet(name: string): string | null;
  attrSet(name: string, value: string): void;
}
interface MarkdownItCore {
  core: { ruler: { push(name: string, rule: (state: { tokens: { children: ImageToken[] | null }[] }) => void): void } };
}

/**
 * Pictures in an article body load as the reader nears them, and raster pictures of /media come in the
 * width variant the article column needs. Runs after md-editor-rt's own rules (figures, captions).
 */
const articleImages: MarkdownItConfigPlugin = {
  type: 'articleImages',
  options: {},
  plugin: (md: MarkdownItCore) => {
    md.core.ruler.push('article_images', (state) => {
      for (const block of state.tokens) {
        for (const token of block.children ?? []) {
          if (token.type !== 'image') continue;
          token.attrSet('loading', 'lazy');
          token.attrSet('decoding', 'async');
          const srcset = imageSrcSet(token.attrGet('src') ?? '');
          if (srcset) {
            token.attrSet('srcset', srcset);
            token.attrSet('sizes', IMAGE_SIZES.articleCover);
          }
        }
      }
    });
  },
};

config({
  editorExtensions: { highlight: { instance: hljs } },
  markdownItPlugins: (plugins) => [...plugins, articleImages],
});

const purify = (html: string) => DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });

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
 * md-editor-rt's preview of an article body with the site's settings: the Markdown renderer and
 * highlight.js, in a chunk of their own, loaded only where a body is rendered in the browser.
 */
export default function MarkdownPreview({ id, markdown, theme, previewTheme, codeTheme, sanitize, onRendered }: MarkdownPreviewProps) {
  return (
    <MdPreview
      id={id}
      value={markdown}
      theme={theme}
      previewTheme={previewTheme}
      codeTheme={codeTheme}
      language="zh-CN"
      noMermaid
      noKatex
      noEcharts
      noImgZoomIn
      sanitize={sanitize ?? purify}
      showCodeRowNumber={false}
      autoFoldThreshold={CODE_FOLD_LINES}
      onHtmlChanged={onRendered}
    />
  );
}
