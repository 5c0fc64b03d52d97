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
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import 'md-editor-rt/lib/preview.css';

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
