import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ArticleDetailDto, ArticlePageDto, RecommendDto } from '../../src/protocol/content';
import { describeInBrowser, expectNoThirdPartyRequests, isLocalUrl, open, startSite, type Site } from './support/harness';

/** What the rendered body and the table of contents show of the formulas. */
async function mathShown(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector('#article-body-preview')!;
    const toc = document.querySelector('.toc-card .article-toc');
    return {
      formulas: body.querySelectorAll('.katex').length,
      displays: body.querySelectorAll('.katex-display').length,
      // KaTeX's MathML carries the TeX for screen readers and copying: the sanitiser must have kept it.
      annotations: body.querySelectorAll('annotation[encoding="application/x-tex"]').length,
      errors: body.querySelectorAll('.math-error').length,
      rawDelimiters: /\$\$|\$\\|\\\(|\\\[/.test((body as HTMLElement).innerText),
      tocFormulas: toc?.querySelectorAll('.katex').length ?? 0,
      tocText: (toc as HTMLElement | null)?.innerText ?? '',
    };
  });
}

describeInBrowser('math in articles', () => {
  let site: Site;
  /** The demo article with inline math, a heading with math and a display block. */
  let article: ArticleDetailDto;

  beforeAll(async () => {
    site = await startSite();
    const { list } = (await site.api<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/999')).result!;
    for (const { id } of list) {
      const detail = (await site.api<ArticleDetailDto>(`/api/article/getArticleById/${id}`)).result!;
      if (/^\$\$$/m.test(detail.article_content)) {
        article = detail;
        break;
      }
    }
    expect(article, 'a demo article with display math').toBeDefined();
  });
  afterAll(() => site?.close());

  it('arrives typeset from the server: without JavaScript the formulas show, styled by KaTeX with fonts from the site', async () => {
    const context = await site.browser.newContext({ baseURL: site.baseUrl, javaScriptEnabled: false });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    await page.goto(`/article?id=${article.id}`);
    const shown = await mathShown(page);
    expect(shown.formulas).toBeGreaterThanOrEqual(10);
    expect(shown.displays).toBe(1);
    expect(shown.annotations).toBe(shown.formulas);
    expect(shown).toMatchObject({ errors: 0, rawDelimiters: false });
    // KaTeX's stylesheet is linked in the head: its MathML copy is hidden, its fonts are loaded from /assets.
    expect(await page.locator('.katex-mathml').first().evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    // A font is loaded once text that uses it is laid out: the article's blocks far below are laid out as the
    // reader comes near them (article.css), so the reader goes down to the last formula.
    await page.locator('.katex').last().scrollIntoViewIfNeeded();
    const fonts = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family.replace(/"/g, ''));
      });
    await expect.poll(fonts).toEqual(expect.arrayContaining(['KaTeX_Main', 'KaTeX_Math']));
    expect(requests.filter((url) => /KaTeX_/.test(url)).every((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
    expect(requests.filter((url) => !isLocalUrl(new URL(url)))).toEqual([]);
    await context.close();
  });

  it('hydrates with the server’s formulas, lists the heading’s formulas typeset in the contents, with no error and nothing from elsewhere', async () => {
    const page = await site.newPage();
    await open(page, `/article?id=${article.id}`);
    const shown = await mathShown(page);
    expect(shown.formulas).toBeGreaterThanOrEqual(10);
    expect(shown).toMatchObject({ errors: 0, rawDelimiters: false });
    await expect.poll(async () => (await mathShown(page)).tocFormulas).toBe(2);
    expect((await mathShown(page)).tocText).not.toContain('$');
    expect(site.log(page).consoleErrors).toEqual([]);
    expectNoThirdPartyRequests(site, page);
  });

  it('reached by a link, the article is typeset in the browser just as the server does it', async () => {
    const serverPage = await site.newPage();
    await open(serverPage, `/article?id=${article.id}`);
    const fromServer = await mathShown(serverPage);
    await serverPage.context().close();

    const { previous, next } = (await site.api<RecommendDto>(`/api/article/getRecommendArticleById/${article.id}`)).result!;
    const neighbour = (previous ?? next)!;
    const page = await site.newPage();
    await open(page, `/article?id=${neighbour.id}`);
    await page.locator('.neighbours a', { hasText: article.article_title }).click();
    await page.waitForURL(`**/article?id=${article.id}`);
    await expect.poll(async () => (await mathShown(page)).formulas, { timeout: 15_000 }).toBe(fromServer.formulas);
    await expect.poll(async () => (await mathShown(page)).tocFormulas).toBe(2);
    expect(await mathShown(page)).toEqual(fromServer);
    expect(site.log(page).consoleErrors).toEqual([]);
    expectNoThirdPartyRequests(site, page);
  });
});
