import katex, { type KatexOptions } from 'katex';
import type MarkdownIt from 'markdown-it';
import type { MarkdownItConfigPlugin } from 'md-editor-rt';
import { mathAt } from '../../../domain/content/math';
import * as zhCN from '../../../i18n/zh-CN';

/**
 * KaTeX's settings for every formula the site shows. Parse errors throw (and are caught below) instead of
 * being drawn in red, so a broken formula is one marked box. `trust` stays off: \href, \includegraphics and
 * the like show only their name, in the theme's error colour. Chinese inside a formula is common on Chinese
 * blogs and only draws a warning in KaTeX's strict mode.
 */
const KATEX_OPTIONS: KatexOptions = { throwOnError: true, errorColor: 'var(--color-error)', strict: 'ignore', output: 'htmlAndMathml' };

/** Where a display formula may start a block: on a line of its own, or with its TeX after the delimiter. */
const DISPLAY_OPENERS = ['$$', '\\['];

/**
 * TeX math in Markdown (see src/domain/content/math.ts for the delimiters) typeset by KaTeX while the
 * Markdown is rendered, on the server as in the browser: the page needs no math script. md-editor-rt's own
 * KaTeX plugin is not used: it takes any text between two dollars for math (「价格 $5 到 $10」).
 */
function math(md: MarkdownIt) {
  const typeset = (tex: string, displayMode: boolean) => {
    try {
      return katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return `<code class="math-error" title="${md.utils.escapeHtml(`${zhCN.article.mathError}：${reason}`)}">${md.utils.escapeHtml(tex.trim())}</code>`;
    }
  };

  // Before the escape rule, which would take `\(` and `\[` for escaped brackets.
  md.inline.ruler.before('escape', 'math_inline', (state, silent) => {
    const char = state.src[state.pos];
    if (char !== '$' && char !== '\\') return false;
    const span = mathAt(state.src, state.pos);
    if (!span || span.end > state.posMax) return false;
    if (!silent) {
      // md-editor-rt's heading rule reads `math_inline` tokens into the heading's text (and its id).
      const token = state.push('math_inline', '', 0);
      token.content = span.tex;
      token.meta = { display: span.display };
    }
    state.pos = span.end;
    return true;
  });

  // A display formula that fills its lines is a block of its own, even right under a line of text.
  md.block.ruler.after(
    'blockquote',
    'math_block',
    (state, startLine, endLine, silent) => {
      const start = state.bMarks[startLine]! + state.tShift[startLine]!;
      if (state.sCount[startLine]! - state.blkIndent >= 4 || !DISPLAY_OPENERS.some((open) => state.src.startsWith(open, start))) return false;
      let text = state.src.slice(start, state.eMarks[startLine]);
      for (let line = startLine; ; ) {
        const span = mathAt(text, 0);
        if (span) {
          if (text.slice(span.end).trim() !== '') return false;
          if (!silent) {
            const token = state.push('math_block', '', 0);
            token.block = true;
            token.content = span.tex;
            token.map = [startLine, line + 1];
          }
          state.line = line + 1;
          return true;
        }
        line += 1;
        if (line >= endLine || state.isEmpty(line) || state.sCount[line]! < state.blkIndent) return false;
        text += `\n${state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line])}`;
      }
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );

  md.renderer.rules.math_inline = (tokens, index) => {
    const token = tokens[index]!;
    return typeset(token.content, (token.meta as { display: boolean }).display);
  };
  md.renderer.rules.math_block = (tokens, index) => `${typeset(tokens[index]!.content, true)}\n`;
}

export const mathPlugin: MarkdownItConfigPlugin = { type: 'math', plugin: math, options: {} };
