import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  AlbumDto,
  ArticleDetailDto,
  ArticlePageDto,
  CategoryDto,
  FilteredArticlePageDto,
  FriendLinkDto,
  HotArticleDto,
  MessagePageDto,
  PhotoPageDto,
  RecommendDto,
  ResourceGroupDto,
  SiteFactsDto,
  SiteGroupDto,
  TagDto,
  TalkPageDto,
  TimelinePageDto,
} from '../../src/protocol/content';
import * as zhCN from '../../src/i18n/zh-CN';
import { freshName, loginInBrowser } from './accountsSupport';
import { describeInBrowser, expectNoThirdPartyRequests, open, startSite, type Site } from './support/harness';

const MARKER = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

describeInBrowser('the reading pages', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function result<T>(pathname: string, init?: RequestInit): Promise<T> {
    const body = await site.api<T>(pathname, init);
    expect(body.code, `${pathname}: ${body.message}`).toBe(0);
    return body.result as T;
  }
  const post = <T>(pathname: string, body: unknown) =>
    result<T>(pathname, { method: 'POST', headers: MARKER, body: JSON.stringify(body) });
  const text = (page: Page, selector = 'main') => page.locator(selector).innerText();

  /** Registers a reader through the API, then logs in through the dialog as a reader would. */
  async function signIn(page: Page): Promise<{ id: number; nickName: string }> {
    const username = freshName('reader');
    const password = 'abc123456';
    const registered = await post<{ id: number; nickName: string }>('/api/user/register', {
      username,
      password,
      nick_name: `读者${username.slice(-4)}`,
    });
    await open(page, '/home');
    await loginInBrowser(page, username, password);
    return registered;
  }

  it('home lists the articles pinned first with the side column filled from the API', async () => {
    const page = await site.newPage();
    const [articles, hot, facts, tags] = await Promise.all([
      result<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/8'),
      result<HotArticleDto[]>('/api/article/getHotArticle'),
      result<SiteFactsDto>('/api/statistic/facts'),
      result<TagDto[]>('/api/tag/getAll'),
    ]);
    await open(page, '/home');
    const cards = page.locator('.article-card');
    await expect.poll(() => cards.count()).toBe(articles.list.length);
    expect(await cards.locator('.article-card__title a').allInnerTexts()).toEqual(articles.list.map((a) => a.article_title));
    const pinned = articles.list.filter((a) => a.pinned).length;
    expect(pinned).toBeGreaterThan(0);
    expect(await page.locator('.article-card .pin-badge').count()).toBe(pinned);
    expect(await cards.first().locator('.tag-chip').allInnerTexts()).toEqual(articles.list[0]!.tags.map((t) => t.name));

    await expect.poll(() => page.locator('.hot-list__title').allInnerTexts()).toEqual(hot.map((a) => a.article_title));
    expect(await page.locator('.hot-list__rank').allInnerTexts()).toEqual(['①', '②', '③', '④', '⑤'].slice(0, hot.length));
    const counts = await page.locator('.author-counts__value').allInnerTexts();
    expect(counts).toEqual([facts.articleCount, facts.categoryCount, facts.tagCount].map(String));
    for (const tag of tags.filter((t) => t.articleCount > 0)) await expect.poll(() => text(page, '.tag-cloud')).toContain(tag.name);
    expect(await text(page, '.facts-list')).toContain(facts.lastUpdate.slice(0, 4));

    // Page 2 through the pager.
    await page.locator('.pager').getByRole('link', { name: zhCN.content.pageNumber(2) }).click();
    const second = await result<ArticlePageDto>('/api/article/blogHomeGetArticleList/2/8');
    await expect.poll(() => cards.locator('.article-card__title a').allInnerTexts()).toEqual(second.list.map((a) => a.article_title));
    expectNoThirdPartyRequests(site, page);
  });

  it('timeline groups the articles by year', async () => {
    const page = await site.newPage();
    const timeline = await result<TimelinePageDto>('/api/article/blogTimelineGetArticleList/1/10');
    await open(page, '/archives');
    await expect.poll(() => page.locator('.timeline__year').allInnerTexts()).toEqual(timeline.list.map((y) => String(y.year)));
    expect(await page.locator('.timeline__title').allInnerTexts()).toEqual(
      timeline.list.flatMap((y) => y.articles.map((a) => a.article_title)),
    );
    expect(await text(page)).toContain(zhCN.archives.summary(timeline.total));
  });

  it('categories show their counts and open a filtered, titled article list', async () => {
    const page = await site.newPage();
    const categories = await result<CategoryDto[]>('/api/category/getAll');
    await open(page, '/category');
    await expect.poll(() => page.locator('.category-tile__name').allInnerTexts()).toEqual(categories.map((c) => c.name));
    expect(await page.locator('.category-tile__count').allInnerTexts()).toEqual(categories.map((c) => String(c.articleCount)));

    const chosen = categories[0]!;
    await page.locator('.category-tile', { hasText: chosen.name }).click();
    await page.waitForURL(`**/articleList?categoryId=${chosen.id}`);
    const list = await post<FilteredArticlePageDto>('/api/article/getArticleListByCategoryId', { category_id: chosen.id, current: 1, size: 10 });
    await expect.poll(() => page.locator('.page-banner__title:visible').innerText()).toBe(zhCN.articleList.byCategory(chosen.name));
    await expect.poll(() => page.locator('.article-card__title a').allInnerTexts()).toEqual(list.list.map((a) => a.article_title));
  });

  it('tags show their counts and open the articles of one tag', async () => {
    const page = await site.newPage();
    const tags = await result<TagDto[]>('/api/tag/getAll');
    await open(page, '/tag');
    await expect.poll(() => page.locator('.tag-wall li').count()).toBe(tags.length);
    const chosen = tags.find((t) => t.articleCount > 1) ?? tags[0]!;
    await page.locator('.tag-wall a', { hasText: chosen.name }).first().click();
    await page.waitForURL(`**/articleList?tagId=${chosen.id}`);
    await expect.poll(() => page.locator('.page-banner__title:visible').innerText()).toBe(zhCN.articleList.byTag(chosen.name));
    await expect.poll(() => page.locator('.article-card').count()).toBe(chosen.articleCount);
  });

  it('an article shows its meta, a table of contents, highlighted code that copies, neighbours and related articles', async () => {
    const page = await site.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    const home = await result<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/999');
    const chosen = home.list.find((a) => a.article_title.includes('状态机')) ?? home.list[0]!;
    const before = await result<ArticleDetailDto>(`/api/article/getArticleById/${chosen.id}`);
    const recommend = await result<RecommendDto>(`/api/article/getRecommendArticleById/${chosen.id}`);
    await open(page, `/article?id=${chosen.id}`);

    await expect.poll(() => page.locator('.page-banner__title:visible').innerText()).toBe(chosen.article_title);
    const meta = await text(page, '.article-meta');
    expect(meta).toContain(zhCN.article.words);
    expect(meta).toContain(zhCN.article.minutes(chosen.readingMinutes));
    expect(meta).toContain(chosen.category!.name);

    const headings = await page.locator('.md-editor-preview h2').allInnerTexts();
    expect(headings.length).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.toc-card .article-toc a').allInnerTexts()).toEqual(expect.arrayContaining(headings.map((h) => h.trim())));

    // A click in the table of contents brings its heading under the header and marks it as the one read.
    const target = page.locator('.md-editor-preview h2').nth(1);
    await page.locator('.toc-card .article-toc a', { hasText: headings[1]!.trim() }).click();
    await expect.poll(() => target.evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await target.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.toc-card .article-toc a[aria-current="location"]').innerText()).toBe(headings[1]!.trim());

    // highlight.js ran on the code blocks, and everything came from this machine.
    await expect.poll(() => page.locator('.md-editor-preview pre code [class^="hljs-"]').count()).toBeGreaterThan(0);
    expect(await page.locator('link#article-code-style').getAttribute('href')).toMatch(/^\/assets\//);

    const code = page.locator('.md-editor-code').first();
    await code.locator('.md-editor-copy-button').click();
    // The toast comes once the clipboard write has finished.
    await expect.poll(() => page.locator('body').innerText()).toContain(zhCN.copy.succeeded('').trim());
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(0);
    expect((await code.locator('pre code').innerText()).trim()).toContain(copied.trim().split('\n')[0]);

    // Images in the body zoom in on a click.
    const zoomed = () => page.evaluate(() => document.body.classList.contains('medium-zoom--opened'));
    const picture = page.locator('.md-editor-preview img').first();
    // medium-zoom ignores a click while the picture is still growing: close it once it says it is open.
    await picture.evaluate((img) => img.addEventListener('medium-zoom:opened', () => img.setAttribute('data-zoom-opened', ''), { once: true }));
    await picture.click();
    await expect.poll(zoomed).toBe(true);
    await page.locator('.md-editor-preview img[data-zoom-opened]').waitFor({ state: 'attached' });
    // A picture with width variants opens as two: the copy on screen and, over it, the widest variant loading.
    await page.locator('.medium-zoom-image--opened').last().click();
    await expect.poll(zoomed).toBe(false);

    const neighbours = await text(page, '.neighbours');
    if (recommend.previous) expect(neighbours).toContain(recommend.previous.article_title);
    if (recommend.next) expect(neighbours).toContain(recommend.next.article_title);
    expect(await page.locator('.related__title').allInnerTexts()).toEqual(recommend.related.map((a) => a.article_title));

    // Reading time is reported when the reader leaves.
    await page.waitForTimeout(2200);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.site-header').getByRole('link', { name: zhCN.nav.home }).first().click();
    await page.waitForURL('**/home');
    await expect
      .poll(async () => (await result<ArticleDetailDto>(`/api/article/getArticleById/${chosen.id}`)).readingDuration, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before.readingDuration + 2);

    expect(site.log(page).consoleErrors).toEqual([]);
    expectNoThirdPartyRequests(site, page);
  });

  it('an article opened from another page renders its Markdown in the browser, with its contents and zoom', async () => {
    const page = await site.newPage({ viewport: { width: 1280, height: 900 } });
    const home = await result<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/999');
    const first = home.list.find((a) => a.article_title.includes('状态机')) ?? home.list[0]!;
    const { related } = await result<RecommendDto>(`/api/article/getRecommendArticleById/${first.id}`);
    await open(page, `/article?id=${first.id}`);
    const firstHeadings = await page.locator('.md-editor-preview h2').allInnerTexts();
    // The server's body of the first article must not stand for the second.
    await page.locator('.related__title', { hasText: related[0]!.article_title }).click();
    await page.waitForURL(`**/article?id=${related[0]!.id}`);
    await expect.poll(() => page.locator('.page-banner__title:visible').innerText()).toBe(related[0]!.article_title);
    // Rendered in the browser once the renderer's chunk is in (a loading sign until then).
    const shownHeadings = () => page.locator('.md-editor-preview h2').allInnerTexts();
    const secondShown = async () => {
      const shown = await shownHeadings();
      return shown.length > 0 && shown.join('\n') !== firstHeadings.join('\n');
    };
    await expect.poll(secondShown, { timeout: 20_000 }).toBe(true);
    const headings = await page.locator('.md-editor-preview :is(h2, h3)').allInnerTexts();
    expect(headings.length).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.toc-card .article-toc a').allInnerTexts()).toEqual(headings.map((h) => h.trim()));
    await expect.poll(() => page.locator('.md-editor-preview pre code [class^="hljs-"]').count()).toBeGreaterThan(0);
    const zoomed = () => page.evaluate(() => document.body.classList.contains('medium-zoom--opened'));
    const picture = page.locator('.md-editor-preview img').first();
    await picture.evaluate((img) => img.scrollIntoView({ block: 'center' })); // lazy: it loads once near
    await picture.click();
    await expect.poll(zoomed, { timeout: 20_000 }).toBe(true);
    expect(site.log(page).consoleErrors).toEqual([]);
  });

  it('switching the preview and code themes restyles the article body and is remembered', async () => {
    const page = await site.newPage({ colorScheme: 'light' });
    const home = await result<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/999');
    const chosen = home.list.find((a) => a.article_title.includes('状态机')) ?? home.list[0]!;
    await open(page, `/article?id=${chosen.id}`);
    const preview = page.locator('.md-editor-preview');
    await expect.poll(() => preview.getAttribute('class')).toContain('default-theme');
    const keyword = page.locator('.md-editor-preview pre code .hljs-keyword').first();
    await keyword.waitFor();
    const headingColor = () => page.locator('.md-editor-preview h2').first().evaluate((h) => getComputedStyle(h).color);
    const keywordColor = () => keyword.evaluate((k) => getComputedStyle(k).color);
    const defaultHeading = await headingColor();
    const atomKeyword = await keywordColor();

    await page.getByLabel(zhCN.article.previewTheme).selectOption('cyanosis');
    await expect.poll(() => preview.getAttribute('class')).toContain('cyanosis-theme');
    await expect.poll(headingColor).not.toBe(defaultHeading);

    await page.getByLabel(zhCN.article.codeTheme).selectOption('stackoverflow');
    await expect.poll(() => page.locator('link#article-code-style').getAttribute('href')).toContain('stackoverflow');
    await expect.poll(keywordColor).not.toBe(atomKeyword);

    // The body follows the site's light/dark theme, and so does the code style.
    const editor = page.locator('.article-body .md-editor');
    const siteTheme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await editor.getAttribute('data-theme')).toBe(await siteTheme());
    const codeStyle = await page.locator('link#article-code-style').getAttribute('href');
    await page.locator('header.site-header .theme-switch').click();
    const switched = await siteTheme();
    await expect.poll(() => editor.getAttribute('data-theme')).toBe(switched);
    await expect.poll(() => page.locator('link#article-code-style').getAttribute('href')).not.toBe(codeStyle);

    await page.reload();
    await page.locator('.md-editor-preview').waitFor();
    expect(await page.getByLabel(zhCN.article.previewTheme).inputValue()).toBe('cyanosis');
    expect(await page.getByLabel(zhCN.article.codeTheme).inputValue()).toBe('stackoverflow');
    await expect.poll(() => page.locator('.md-editor-preview').getAttribute('class')).toContain('cyanosis-theme');
    expectNoThirdPartyRequests(site, page);
  });

  it('an unknown article id shows a calm not-found state', async () => {
    const page = await site.newPage();
    await open(page, '/article?id=abc');
    await expect.poll(() => text(page)).toContain(zhCN.article.notFound);
  });

  it('albums open a masonry gallery with a full-screen viewer driven by the keyboard', async () => {
    const page = await site.newPage();
    const albums = await result<AlbumDto[]>('/api/photoAlbum/getAll');
    await open(page, '/photoAlbum');
    await expect.poll(() => page.locator('.album-card__name').allInnerTexts()).toEqual(albums.map((a) => a.name));
    const album = albums[0]!;
    await page.locator('.album-card', { hasText: album.name }).click();
    await page.waitForURL(`**/photos?id=${album.id}`);
    const photos = await result<PhotoPageDto>(`/api/photo/getPhotoListByAlbumId/${album.id}/1/60`);
    await expect.poll(() => page.locator('.masonry__item').count()).toBe(photos.list.length);
    expect(await page.locator('.page-banner__title:visible').innerText()).toBe(album.name);

    await page.locator('.masonry__button').first().click();
    const viewer = page.getByRole('dialog', { name: zhCN.gallery.viewer });
    await viewer.waitFor();
    const position = viewer.locator('.viewer__position');
    expect(await position.innerText()).toBe(zhCN.gallery.position(1, photos.list.length));
    await page.keyboard.press('ArrowRight');
    expect(await position.innerText()).toBe(zhCN.gallery.position(2, photos.list.length));
    expect(await viewer.locator('img').getAttribute('src')).toBe(photos.list[1]!.url);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await position.innerText()).toBe(zhCN.gallery.position(photos.list.length, photos.list.length));
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('talks list pinned first with their images, and ?id= shows one', async () => {
    const page = await site.newPage();
    const talks = await result<TalkPageDto>('/api/talk/blogGetTalkList/1/10');
    await open(page, '/talk');
    await expect.poll(() => page.locator('.talk__content').allInnerTexts()).toEqual(talks.list.map((t) => t.content));
    expect(await page.locator('.talk').first().locator('.pin-badge').count()).toBe(talks.list[0]!.pinned ? 1 : 0);
    const withNine = talks.list.findIndex((t) => t.images.length === 9);
    if (withNine >= 0) expect(await page.locator('.talk').nth(withNine).locator('.talk__image').count()).toBe(9);

    const one = talks.list[1]!;
    await open(page, `/talk?id=${one.id}`);
    await expect.poll(() => page.locator('.talk__content').allInnerTexts()).toEqual([one.content]);
  });

  it('friend links show as cards, and a signed-in reader applies for one that waits for approval', async () => {
    const page = await site.newPage();
    const links = await result<FriendLinkDto[]>('/api/links/getAll');
    await open(page, '/link/list');
    await expect.poll(() => page.locator('.link-card__name').allInnerTexts()).toEqual(links.map((l) => l.name));
    await expect.poll(() => text(page, '.links-apply')).toContain(zhCN.links.loginToApply);

    await signIn(page);
    await open(page, '/link/list');
    const form = page.locator('form.link-apply');
    await form.getByLabel(zhCN.links.name).fill('雨后小径');
    await form.getByLabel(zhCN.links.url).fill('ftp://nope');
    await form.getByRole('button', { name: zhCN.links.submit }).click();
    expect(await form.locator('.form__error').innerText()).toBe(zhCN.links.urlInvalid);
    await form.getByLabel(zhCN.links.url).fill('https://example.com/after-rain');
    await form.getByLabel(zhCN.links.description).fill('雨停了，出去走走。');
    await form.getByRole('button', { name: zhCN.links.submit }).click();
    await expect.poll(() => text(page, '.links-apply')).toContain(zhCN.links.pending);
    // Waiting for approval: not listed yet.
    expect((await result<FriendLinkDto[]>('/api/links/getAll')).map((l) => l.name)).not.toContain('雨后小径');
  });

  it('resources (front and back) and the site list are grouped by kind', async () => {
    const page = await site.newPage();
    for (const side of ['front', 'back'] as const) {
      const groups = await result<ResourceGroupDto[]>(`/api/resources/getAll/${side}`);
      await open(page, `/resources/${side}`);
      await expect.poll(() => page.locator('.resource-card__name').allInnerTexts()).toEqual(groups.flatMap((g) => g.list.map((r) => r.name)));
      for (const group of groups) expect(await text(page)).toContain(group.kind);
    }
    const sites = await result<SiteGroupDto[]>('/api/siteList/getAll');
    await open(page, '/siteList');
    await expect.poll(() => page.locator('.link-card__name').allInnerTexts()).toEqual(sites.flatMap((g) => g.list.map((s) => s.name)));
    for (const group of sites) expect(await text(page)).toContain(group.kind);
  });

  it('the message board shows posts as cards or as a list, and a post has its own page', async () => {
    const page = await site.newPage();
    const board = await post<MessagePageDto>('/api/message/getMessageList', { current: 1, size: 12 });
    await open(page, '/message/list');
    await expect.poll(() => page.locator('.message__content').allInnerTexts()).toEqual(board.list.map((m) => m.content));
    expect(await page.locator('.board').getAttribute('data-layout')).toBe('card');
    await page.getByRole('button', { name: zhCN.messages.showAsList }).click();
    expect(await page.locator('.board').getAttribute('data-layout')).toBe('row');
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await page.locator('.board').getAttribute('data-layout')).toBe('row');

    const first = board.list[0]!;
    await page.locator('.message__content', { hasText: first.content }).click();
    await page.waitForURL(`**/message/detail?id=${first.id}`);
    await expect.poll(() => text(page, '.message[data-layout="detail"]')).toContain(first.author.nickName);
  });

  it('a signed-in reader publishes, edits and deletes a message', async () => {
    const page = await site.newPage();
    const user = await signIn(page);
    await open(page, '/message/list');
    await page.getByRole('link', { name: zhCN.messages.publish }).click();
    await page.waitForURL('**/message/publish');
    const form = page.locator('form.message-form');
    await form.getByRole('button', { name: zhCN.messages.submit }).click();
    expect(await form.locator('.form__error').innerText()).toBe(zhCN.messages.contentRequired);
    await form.getByLabel(zhCN.messages.contentLabel).fill('第一次来，听了一夜的雨。');
    await form.getByRole('radio', { name: zhCN.messages.looks.color }).click();
    await form.getByRole('radio', { name: '#3f8f7a' }).click();
    await form.getByRole('button', { name: zhCN.messages.submit }).click();

    await page.waitForURL('**/message/detail?id=*');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const detail = page.locator('.message[data-layout="detail"]');
    await expect.poll(() => detail.innerText()).toContain('第一次来，听了一夜的雨。');
    expect(await detail.getAttribute('style')).toContain('rgb(63, 143, 122)');
    const stored = await result<{ author: { userId: number }; color: string }>(`/api/message/getMessageById/${id}`);
    expect(stored.author.userId).toBe(user.id);
    expect(stored.color).toBe('#3f8f7a');

    await detail.getByRole('link', { name: zhCN.messages.edit }).click();
    await page.waitForURL(`**/message/publish?id=${id}`);
    const editor = page.locator('form.message-form');
    await expect.poll(() => editor.getByLabel(zhCN.messages.contentLabel).inputValue()).toBe('第一次来，听了一夜的雨。');
    await editor.getByLabel(zhCN.messages.contentLabel).fill('第一次来，听了一夜的雨，改一个字。');
    await editor.getByRole('button', { name: zhCN.messages.save }).click();
    await page.waitForURL(`**/message/detail?id=${id}`);
    await expect.poll(() => detail.innerText()).toContain('改一个字');

    // The kept-alive board shows the change too.
    await page.getByRole('link', { name: zhCN.messages.backToBoard }).click();
    await page.waitForURL('**/message/list');
    await expect.poll(() => text(page, '.board')).toContain('改一个字');

    await page.locator('.message', { hasText: '改一个字' }).getByRole('button', { name: zhCN.messages.delete }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain(zhCN.messages.confirmDelete);
    await confirm.getByRole('button', { name: zhCN.messages.confirm }).click();
    await expect.poll(() => text(page, 'main')).not.toContain('改一个字');
    expect((await site.api(`/api/message/getMessageById/${id}`)).code).not.toBe(0);
  });

  it('someone else cannot edit or delete a post', async () => {
    const page = await site.newPage();
    await signIn(page);
    await open(page, '/message/list');
    await page.locator('.message').first().waitFor();
    expect(await page.locator('.message').getByRole('button', { name: zhCN.messages.delete }).count()).toBe(0);
    expect(await page.locator('.message').getByRole('link', { name: zhCN.messages.edit }).count()).toBe(0);
  });
});
