import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mathAsText, mathAt, replaceMath } from '../../../src/domain/content/math';

describe('math in Markdown', () => {
  it('finds inline and display formulas with each of the four delimiters', () => {
    expect(mathAt('$x^2$ 之后', 0)).toEqual({ tex: 'x^2', display: false, end: 5 });
    expect(mathAt('\\(x\\)', 0)).toEqual({ tex: 'x', display: false, end: 5 });
    expect(mathAt('$$\n\\begin{gathered} a \\\\ b \\end{gathered}\n$$', 0)).toMatchObject({
      tex: '\n\\begin{gathered} a \\\\ b \\end{gathered}\n',
      display: true,
    });
    expect(mathAt('\\[ \\sqrt{2} \\]', 0)).toEqual({ tex: ' \\sqrt{2} ', display: true, end: 14 });
  });

  it('leaves dollars in prose as text: 价格 $5 到 $10', () => {
    const prose = '价格 $5 到 $10';
    expect(mathAt(prose, prose.indexOf('$5'))).toBeUndefined();
    expect(mathAt(prose, prose.indexOf('$10'))).toBeUndefined();
    expect(mathAsText(prose)).toBe(prose);
    // Still prose with a formula later in the same paragraph: a `$` after a space never closes one.
    expect(mathAsText('价格 $5 到 $10，设 $g(d) = \\lfloor \\frac{x}{d} \\rfloor$。')).toBe('价格 $5 到 $10，设 g(d) = \\lfloor \\frac{x}{d} \\rfloor。');
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(' 到 ', ' - ', ' or ', '，再到 '), (low, high, between) => {
        const text = `$${low}${between}$${high}`;
        expect(mathAsText(text)).toBe(text);
      }),
    );
  });

  it('needs a non-space after an opening dollar and no digit after a closing one', () => {
    expect(mathAt('$ x$', 0)).toBeUndefined();
    expect(mathAt('$x $', 0)).toBeUndefined();
    expect(mathAt('$x$5', 0)).toBeUndefined();
    expect(mathAt('$$$$', 0)).toBeUndefined();
  });

  it('takes an escaped dollar for a dollar sign, and never crosses a blank line', () => {
    expect(mathAt('$a \\$ b$', 0)).toEqual({ tex: 'a \\$ b', display: false, end: 8 });
    expect(mathAsText('只要 \\$3，$x$')).toBe('只要 \\$3，x');
    expect(mathAt('$a\n\nb$', 0)).toBeUndefined();
    expect(mathAt('$$a\n\nb$$', 0)).toBeUndefined();
    expect(mathAt('$a\nb$', 0)).toMatchObject({ tex: 'a\nb' });
  });

  it('leaves inline code and fenced code blocks as they are', () => {
    const markdown = ['`$x$` 与 ``a `$y$` b``', '', '```bash', 'echo "$HOME" $PATH$', '```', '', '~~~', '$$z$$', '~~~', '', '$w$'].join('\n');
    expect(replaceMath(markdown, ({ tex }) => `<${tex}>`)).toBe(markdown.replace('$w$', '<w>'));
    const line = fc.string({ unit: fc.constantFrom('$', '\\', '(', '[', 'x', ' ', '`', '\n'), maxLength: 40 });
    fc.assert(
      fc.property(line, (code) => {
        // Any text in a block fenced by four backticks, which it cannot close itself.
        const block = `\`\`\`\`\n${code.replace(/````/g, '')}\n\`\`\`\``;
        expect(replaceMath(block, () => 'MATH')).toBe(block);
      }),
    );
  });

  it('writes each formula as its TeX on one line, out of reach of what makes the rest plain', () => {
    const markdown = '若 $|a| < |b|$ 且 $b > 0$，则\n$$\n\\begin{aligned}\n  x &= 1 \\\\\n  y &= 2\n\\end{aligned}\n$$';
    const stripped = mathAsText(markdown, (text) => text.replace(/[|<>]/g, '').replace(/\s+/g, ' '));
    expect(stripped).toBe('若 |a| < |b| 且 b > 0，则 \\begin{aligned} x &= 1 \\\\ y &= 2 \\end{aligned}');
  });
});
