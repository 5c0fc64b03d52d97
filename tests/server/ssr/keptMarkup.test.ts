import { Writable } from 'node:stream';
import { Container } from 'inversify';
import { createElement, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../server/adapters/ssr/htmlSanitizer';
import { TOKENS } from '../../../src/ports/tokens';
import { PageDataProvider, type KeptMarkup } from '../../../src/ui/app/pageData';
import { ServicesProvider } from '../../../src/ui/di';
import { ArticleBody } from '../../../src/ui/features/article/ArticleBody';

/** The markup React sends once every part of the element has loaded (the body's renderer is a lazy chunk). */
function rendered(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError: reject });
  });
}

const MARKDOWN = ['# 标题', '', '正文里有 `代码` 和一段：', '', '```ts', 'const answer = 42;', '```', '', '$$', 'e^{i\\pi} + 1 = 0', '$$'].join('\n');

/** The article body as the server renders it, with the server's sanitiser counted and the given store. */
async function renderBody(kept: KeptMarkup, look: { codeTheme: 'atom' | 'github'; markdown?: string }) {
  let sanitised = 0;
  const sanitizeHtml = (html: string) => {
    sanitised += 1;
    return sanitizeArticleHtml(html);
  };
  // The body's copy buttons reach the clipboard and the notices through the container; not used here.
  const container = new Container();
  container.bind(TOKENS.clipboard).toConstantValue({ write: () => Promise.resolve() });
  container.bind(TOKENS.notifier).toConstantValue({ notify: () => undefined });
  const body = createElement(ArticleBody, {
    markdown: look.markdown ?? MARKDOWN,
    theme: 'light',
    previewTheme: 'default',
    codeTheme: look.codeTheme,
    onHeadings: () => undefined,
  });
  const html = await rendered(
    createElement(ServicesProvider, {
      container,
      children: createElement(PageDataProvider, { value: { seed: null, sanitizeHtml, keptMarkup: kept }, children: body }),
    }),
  );
  return { html, sanitised };
}

function mapStore(): KeptMarkup & { size(): number } {
  const entries = new Map<string, string>();
  return { get: (key) => entries.get(key), set: (key, html) => void entries.set(key, html), size: () => entries.size };
}

describe('an article body kept between server renders', () => {
  it('is made once, then served as the same markup without parsing or sanitising again', async () => {
    const kept = mapStore();
    const first = await renderBody(kept, { codeTheme: 'atom' });
    expect(first.sanitised).toBe(1);
    expect(first.html).toContain('<h1');
    expect(first.html).toContain('class="katex-display"');
    expect(kept.size()).toBe(1);

    const second = await renderBody(kept, { codeTheme: 'atom' });
    expect(second.sanitised).toBe(0);
    // The browser hydrates either one: they must be the same markup, to the byte.
    expect(second.html).toBe(first.html);
  });

  it('is made again for another look or another text', async () => {
    const kept = mapStore();
    await renderBody(kept, { codeTheme: 'atom' });
    const otherTheme = await renderBody(kept, { codeTheme: 'github' });
    expect(otherTheme.sanitised).toBe(1);
    expect(otherTheme.html).toContain('data-code-theme="github"');
    const edited = await renderBody(kept, { codeTheme: 'atom', markdown: `${MARKDOWN}\n\n改过的一段。` });
    expect(edited.sanitised).toBe(1);
    expect(edited.html).toContain('改过的一段。');
    expect(kept.size()).toBe(3);
  });
});
