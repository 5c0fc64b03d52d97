import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderArticleBody } from './renderArticle';
import { sanitizeArticleHtml } from '../../../server/adapters/ssr/htmlSanitizer';
import * as zhCN from '../../../src/i18n/zh-CN';


const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

/** What people write inside display math. */
const ENVIRONMENTS = [
  '\\begin{aligned} a &= b + c \\\\ &= d \\end{aligned}',
  '\\begin{gathered} \\sum_{d \\mid n} \\mu(d) = [n = 1] \\\\ g(d) = \\left\\lfloor \\frac{x}{d} \\right\\rfloor \\end{gathered}',
  'f(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & \\text{其他} \\end{cases}',
  '\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix} \\begin{bmatrix} a \\end{bmatrix} \\begin{vmatrix} b \\end{vmatrix} \\begin{matrix} c \\end{matrix}',
  '\\begin{array}{c|c} a & b \\\\ \\hline c & d \\end{array}',
  '\\sqrt[3]{x} + \\overrightarrow{AB} + \\widehat{abc} + \\underbrace{a+b}_{n} + \\binom{n}{k} + \\cancel{x} + \\boxed{y} \\tag{1}',
];

describe('math in the server-rendered article', () => {
  it('typesets inline and display math, with every delimiter, leaving no raw delimiter', () => {
    const html = renderArticleBody(
      [
        '设 $g(d) = \\lfloor \\frac{x}{d} \\rfloor$，另记 \\(\\mu\\)。',
        '',
        '$$',
        ENVIRONMENTS[1],
        '$$',
        '',
        '\\[ \\sum_{i=1}^{n} i = \\frac{n(n+1)}{2} \\]',
        '',
        '行内的 $$x^2$$ 也可以。',
      ].join('\n'),
    );
    expect(count(html, /<span class="katex">/g)).toBe(5);
    expect(count(html, /<span class="katex-display">/g)).toBe(3);
    expect(html).toContain('<annotation encoding="application/x-tex">g(d) = \\lfloor \\frac{x}{d} \\rfloor</annotation>');
    // The TeX stays readable in MathML's annotation, without its delimiters.
    expect(html).not.toContain('$');
    expect(html).not.toMatch(/\\[[\]()]/);
    expect(html).not.toContain('math-error');
  });

  it('typesets the environments people write inside display math', () => {
    for (const tex of ENVIRONMENTS) {
      const html = renderArticleBody(`$$\n${tex}\n$$`);
      expect(html, tex).toContain('<span class="katex-display">');
      expect(html, tex).not.toContain('math-error');
    }
  });

  it('leaves dollars in prose and in code as written', () => {
    const html = renderArticleBody(['价格 $5 到 $10', '', '变量 `$HOME` 和 `$x$`', '', '```bash', 'echo "$HOME" $PATH$', '```'].join('\n'));
    expect(html).toContain('<p data-line="0">价格 $5 到 $10</p>');
    expect(html).toContain('<code>$HOME</code>');
    expect(html).toContain('<code>$x$</code>');
    expect(html).toContain('$PATH$');
    expect(html).not.toContain('katex');
  });

  it('shows a formula KaTeX cannot parse as its source in a marked box, and renders the rest', () => {
    const html = renderArticleBody(['坏的 $\\frac{a}{b$ 公式', '', '$$', '\\begin{aligned} x \\end{gathered}', '$$', '', '好的 $x$'].join('\n'));
    expect(html).toMatch(new RegExp(`<code class="math-error" title="${zhCN.article.mathError}：[^"]+">\\\\frac\\{a\\}\\{b</code> 公式`));
    expect(html).toMatch(/<code class="math-error" title="[^"]+">\\begin\{aligned\} x \\end\{gathered\}<\/code>/);
    expect(count(html, /class="math-error"/g)).toBe(2);
    expect(count(html, /<span class="katex">/g)).toBe(1);
  });

  it('puts the TeX of a heading with math into its text, not its dollars', () => {
    const html = renderArticleBody('## 纯五度 $\\frac{3}{2}$');
    expect(html).toMatch(/<h2 data-line="0" id="纯五度 \\frac\{3\}\{2\}">纯五度 <span class="katex">/);
  });
});

describe('the server sanitiser and KaTeX', () => {
  it("keeps KaTeX's markup as it is: its HTML, MathML and SVG", () => {
    // sanitize-html writes a style without its last semicolon and a space before `/>`; nothing else may change.
    const rewritten = (html: string) => html.replace(/;"/g, '"').replace(/"\/>/g, '" />');
    const inline = ['g(d) = \\lfloor \\frac{x}{d} \\rfloor', '\\color{red}{x} \\mathbb{R} \\xrightarrow{abc} \\overbrace{a}^{b} \\sqrt{2}'];
    for (const [tex, displayMode] of [...ENVIRONMENTS.map((tex) => [tex, true] as const), ...inline.map((tex) => [tex, false] as const)]) {
      const typeset = katex.renderToString(tex, { displayMode, strict: 'ignore' });
      expect(sanitizeArticleHtml(typeset), tex).toBe(rewritten(typeset));
    }
  });

  it('keeps nothing dangerous that could hide in MathML or a formula', () => {
    const hostile = [
      '<math><mi onclick="alert(1)" href="javascript:alert(2)">x</mi><maction actiontype="statusline">y</maction></math>',
      '<math><semantics><annotation-xml encoding="text/html"><img src="x" onerror="alert(3)"></annotation-xml></semantics></math>',
      '<svg><a href="javascript:alert(4)"><path d="M0 0" onload="alert(5)"/></a></svg>',
    ].join('');
    const cleaned = sanitizeArticleHtml(hostile);
    expect(cleaned).not.toMatch(/onclick|onerror|onload|javascript:|annotation-xml|maction/);
    // KaTeX's `trust` stays off: a link or a picture in a formula is only its command's name, marked.
    const refused = renderArticleBody('$\\href{javascript:alert(1)}{x}$ $\\includegraphics{x.png}$');
    expect(refused).not.toMatch(/<a |<img |href=|src=/);
    expect(refused).toContain('<span class="mord" style="color:var(--color-error)">\\href</span>');
  });
});
