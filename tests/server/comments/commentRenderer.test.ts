import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_LINK_REL, createCommentRenderer } from '../../../server/adapters/markdown/commentRenderer';

const renderer = createCommentRenderer();

/** Every tag the comment HTML may hold, and the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  code: ['class'],
  pre: [],
  a: ['href', 'rel', 'target'],
};

function expectOnlyAllowedMarkup(html: string): void {
  for (const [, tag, attributes] of html.matchAll(/<\s*([a-zA-Z0-9-]+)([^>]*)>/g)) {
    const allowed = ALLOWED[tag!.toLowerCase()];
    expect(allowed, `tag <${tag}> in ${html}`).toBeDefined();
    for (const [, name, value] of attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) {
      expect(allowed, `attribute ${name} in ${html}`).toContain(name!.toLowerCase());
      if (name === 'href') expect(value, html).toMatch(/^(https?:|mailto:)/);
    }
  }
}

describe('the comment renderer', () => {
  it('renders the small Markdown subset', () => {
    expect(renderer.render('**粗** *斜* `代码`\n第二行')).toBe(
      '<p><strong>粗</strong> <em>斜</em> <code>代码</code><br />\n第二行</p>',
    );
    expect(renderer.render('```ts\nconst a = 1;\n```')).toBe(
      '<pre><code class="language-ts">const a = 1;\n</code></pre>',
    );
    expect(renderer.render('看 [这里](https://example.com/a?b=1&c=2)')).toBe(
      `<p>看 <a href="https://example.com/a?b=1&amp;c=2" rel="${COMMENT_LINK_REL}" target="_blank">这里</a></p>`,
    );
    expect(renderer.render('😀🎉 表情是文字')).toBe('<p>😀🎉 表情是文字</p>');
  });

  it('keeps a script, an event handler and a javascript: link inert, and leaves other Markdown as its source', () => {
    expect(renderer.render('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(renderer.render('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(renderer.render('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(renderer.render('[x](data:text/html;base64,PHNjcmlwdD4=)')).not.toContain('href');
    // A link without a scheme (relative, or a lone `*`) is no link either.
    expect(renderer.render('[](*) [x](/admin)')).toBe('<p>[](*) [x](/admin)</p>');
    expect(renderer.render('# 标题\n> 引用')).toBe('<p># 标题<br />\n&gt; 引用</p>');
  });

  it('counts Markdown links, autolinks and bare addresses, but not www. without a scheme', () => {
    expect(renderer.linkCount('[a](https://a.cn) https://b.cn <https://c.cn> www.d.cn')).toBe(3);
    expect(renderer.linkCount('`https://in.code` 没有链接')).toBe(0);
  });

  it('never lets anything but the allowed tags, attributes and link schemes through, whatever is written', () => {
    const pieces = fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">',
      '[x](javascript:alert(1))',
      '[y](https://ok.example)',
      '](',
      '<',
      '>',
      '"',
      "'",
      '`',
      '```',
      '**',
      '*',
      '_',
      '\n',
      '&#106;avascript:',
      'https://z.example',
      '<style>',
      'onload=',
      '<iframe src=//evil>',
      '![i](https://img.example/a.png)',
      '<svg/onload=alert(1)>',
      'mailto:a@b.cn',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 5 })), { maxLength: 30 }), (parts) => {
        const html = renderer.render(parts.join(''));
        expectOnlyAllowedMarkup(html);
        for (const [, attributes] of html.matchAll(/<a\b([^>]*)>/g))
          expect(attributes).toContain(`rel="${COMMENT_LINK_REL}"`);
      }),
      { numRuns: 500 },
    );
  });
});
