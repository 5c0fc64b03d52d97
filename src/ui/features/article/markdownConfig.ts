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
import { config, type MarkdownItConfigPlugin } from 'md-editor-rt';
import { currentLanguage } from '../../../i18n/language';
import { imageSrcSet } from '../../../domain/media/imageVariants';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { disclosurePlugin } from './disclosurePlugin';
import { mathPlugin } from './mathPlugin';

/*
 * md-editor-rt's configuration, global to the library: every view that renders Markdown with it (the article
 * body, and the console's editor when it comes) imports this module and passes markdownProps(), so all render alike.
 *
 * md-editor-rt fetches highlight.js, KaTeX, Mermaid and ECharts from a CDN unless told otherwise. The site
 * makes no third-party request: highlight.js is bundled here, math is typeset by our KaTeX rule (its
 * stylesheet and fonts come with the article's chunk), and md-editor-rt's own KaTeX, Mermaid and ECharts
 * are switched off (the articles use no diagrams).
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
  markdownItPlugins: (plugins) => [...plugins, mathPlugin, disclosurePlugin, articleImages],
});

/** DOMPurify keeps MathML but for the two elements that carry KaTeX's TeX source for screen readers and copying. */
export const purify = (html: string) => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], ADD_TAGS: ['semantics', 'annotation'] });

/** The props every md-editor-rt view of the site passes: its texts in the interface's language, and the library's CDN-loaded features off. */
export function markdownProps() {
  return { language: currentLanguage() === 'en' ? 'en-US' : 'zh-CN', noMermaid: true, noKatex: true, noEcharts: true } as const;
}
