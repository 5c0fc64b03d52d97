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
import { config, type MarkdownItConfigPlugin } from 'md-editor-rt';
import a11yDark from 'highlight.js/styles/a11y-dark.css?url';
import a11yLight from 'highlight.js/styles/a11y-light.css?url';
import atomDark from 'highlight.js/styles/atom-one-dark.css?url';
import atomLight from 'highlight.js/styles/atom-one-light.css?url';
import githubDark from 'highlight.js/styles/github-dark.css?url';
import githubLight from 'highlight.js/styles/github.css?url';
import gradientDark from 'highlight.js/styles/gradient-dark.css?url';
import gradientLight from 'highlight.js/styles/gradient-light.css?url';
import kimbieDark from 'highlight.js/styles/kimbie-dark.css?url';
import kimbieLight from 'highlight.js/styles/kimbie-light.css?url';
import paraisoDark from 'highlight.js/styles/paraiso-dark.css?url';
import paraisoLight from 'highlight.js/styles/paraiso-light.css?url';
import qtcreatorDark from 'highlight.js/styles/qtcreator-dark.css?url';
import qtcreatorLight from 'highlight.js/styles/qtcreator-light.css?url';
import stackoverflowDark from 'highlight.js/styles/stackoverflow-dark.css?url';
import stackoverflowLight from 'highlight.js/styles/stackoverflow-light.css?url';
import { imageSrcSet } from '../../../domain/media/imageVariants';
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import { IMAGE_SIZES } from '../../components/imageSizes';
import 'md-editor-rt/lib/preview.css';

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

/** Bundled highlight.js styles; each is a separate small file fetched only when chosen. */
const CODE_STYLES: Record<CodeTheme, Record<Theme, string>> = {
  a11y: { light: a11yLight, dark: a11yDark },
  atom: { light: atomLight, dark: atomDark },
  github: { light: githubLight, dark: githubDark },
  gradient: { light: gradientLight, dark: gradientDark },
  kimbie: { light: kimbieLight, dark: kimbieDark },
  paraiso: { light: paraisoLight, dark: paraisoDark },
  qtcreator: { light: qtcreatorLight, dark: qtcreatorDark },
  stackoverflow: { light: stackoverflowLight, dark: stackoverflowDark },
};

/** Preview themes whose code blocks sit on a dark background even in light mode (md-editor-rt's default list). */
const DARK_CODE_PREVIEW_THEMES: readonly PreviewTheme[] = ['default', 'mk-cute'];

/**
 * The stylesheet for a code theme. md-editor-rt does not load one when it is given a highlight.js
 * instance, so the article view links it itself, following the library's own light/dark rule.
 */
export function codeStyleUrl(codeTheme: CodeTheme, previewTheme: PreviewTheme, theme: Theme): string {
  const variant = theme === 'dark' || DARK_CODE_PREVIEW_THEMES.includes(previewTheme) ? 'dark' : 'light';
  return CODE_STYLES[codeTheme][variant];
}
