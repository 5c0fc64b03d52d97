import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTENT_DIR } from '../../../server/main';
import * as zhCN from '../../../src/i18n/zh-CN';
import type {
  ArticleDetailDto,
  ArticlePageDto,
  CategoryDto,
  FilteredArticlePageDto,
  HotArticleDto,
  MessageDto,
  RecommendDto,
  SearchResultDto,
  TagDto,
  TimelinePageDto,
} from '../../../src/protocol/content';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';

const text = zhCN.contentServer;
const demoPosts = fs.readdirSync(path.join(DEMO_CONTENT_DIR, 'posts')).filter((f) => f.endsWith('.md'));
const demoDrafts = demoPosts.filter((f) => /^draft:\s*true/m.test(fs.readFileSync(path.join(DEMO_CONTENT_DIR, 'posts', f), 'utf8')));
const demo = JSON.parse(fs.readFileSync(path.join(DEMO_CONTENT_DIR, 'site.json'), 'utf8')) as {
  albums: { photos: unknown[] }[];
  talks: { top?: boolean }[];
  links: unknown[];
  resources: { side: string }[];
  sites: unknown[];
  messages: unknown[];
};

let site: AccountsServer;

beforeAll(async () => {
  site = await startAccountsServer({ seedDemo: true });
});
afterAll(() => site?.close());

async function get<T>(url: string) {
  const response = await site.call({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<{ code: number; result: T; message: string }>() };
}

async function send<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie?: string) {
  const response = await site.call({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, body: response.json<{ code: number; result: T; message: string }>() };
}

async function adminCookie(): Promise<string> {
  const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
  const token = login.cookies.find((c) => c.name === 'blog_session')?.value;
  if (!token) throw new Error(`admin login failed: ${login.body}`);
  return `blog_session=${token}`;
}

describe('article lists', () => {
  it('lists the seeded public articles on the home page, pinned first, and accepts the context menu size 999', async () => {
    const { status, body } = await get<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/999');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.result.total).toBe(demoPosts.length - demoDrafts.length);
    expect(body.result.list).toHaveLength(body.result.total);
    const pinned = body.result.list.map((a) => a.pinned);
    expect(pinned.indexOf(false)).toBeGreaterThan(0);
    expect(pinned.slice(pinned.indexOf(false))).not.toContain(true);
    const second = await get<ArticlePageDto>('/api/article/blogHomeGetArticleList/2/5');
    expect(second.body.result.list.map((a) => a.id)).toEqual(body.result.list.slice(5, 10).map((a) => a.id));
  });

  it.each([
    ['/api/article/blogHomeGetArticleList/1/1000', text.invalidPageSize(999)],
    ['/api/article/blogHomeGetArticleList/1/0', text.invalidPageSize(999)],
    ['/api/article/blogHomeGetArticleList/0/10', text.invalidPage],
    ['/api/article/blogHomeGetArticleList/abc/10', text.invalidPage],
    ['/api/article/blogTimelineGetArticleList/1/-5', text.invalidPageSize(999)],
    ['/api/article/getArticleById/abc', text.invalidId(text.article)],
    ['/api/article/getArticleById/1.5', text.invalidId(text.article)],
    ['/api/article/getRecommendArticleById/0', text.invalidId(text.article)],
    ['/api/photo/getPhotoListByAlbumId/x/1/10', text.invalidId(text.album)],
    ['/api/resources/getAll/middle', text.invalidSide],
  ])('answers %s with 400 and a Chinese message', async (url, message) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, result: null, message });
  });

  it('groups the timeline by year, newest first', async () => {
    const { body } = await get<TimelinePageDto>('/api/article/blogTimelineGetArticleList/1/999');
    const years = body.result.list.map((group) => group.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(new Set(years).size).toBe(years.length);
    const dates = body.result.list.flatMap((group) => group.articles.map((a) => a.createdAt));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates).toHaveLength(body.result.total);
  });

  it('pages articles by tag and by category, naming the filter', async () => {
    const tags = (await get<TagDto[]>('/api/tag/getAll')).body.result;
    const categories = (await get<CategoryDto[]>('/api/category/getAll')).body.result;
    expect(tags.length).toBeGreaterThanOrEqual(8);
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const tag = tags[0]!;
    const byTag = await send<FilteredArticlePageDto>('POST', '/api/article/getArticleListByTagId', { tag_id: tag.id, current: 1, size: 100 });
    expect(byTag.body.result).toMatchObject({ name: tag.name, total: tag.articleCount });
    expect(byTag.body.result.list.every((a) => a.tags.some((t) => t.id === tag.id))).toBe(true);
    const category = categories[0]!;
    const byCategory = await send<FilteredArticlePageDto>('POST', '/api/article/getArticleListByCategoryId', {
      category_id: category.id,
      current: 1,
      size: 2,
    });
    expect(byCategory.body.result).toMatchObject({ name: category.name, total: category.articleCount, size: 2 });
    expect(byCategory.body.result.list.every((a) => a.category?.id === category.id)).toBe(true);
  });

  it('refuses unknown or malformed tag and category requests clearly', async () => {
    const unknown = await send('POST', '/api/article/getArticleListByTagId', { tag_id: 99999, current: 1, size: 10 });
    expect(unknown).toEqual({ status: 404, body: { code: 404, result: null, message: text.tagNotFound } });
    const range = await send('POST', '/api/article/getArticleListByCategoryId', { category_id: 1, current: 1, size: 5000 });
    expect(range).toEqual({ status: 400, body: { code: 400, result: null, message: text.invalidPageSize(999) } });
    const wrongType = await send('POST', '/api/article/getArticleListByTagId', { tag_id: 'one', current: 1, size: 10 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/tag_id/);
  });
});

describe('reading an article', () => {
  it('counts a view on each read, shown once the counts settle, and 404s drafts and unknown ids', async () => {
    const list = (await get<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/999')).body.result.list;
    const first = list[0]!;
    const a = await get<ArticleDetailDto>(`/api/article/getArticleById/${first.id}`);
    await get<ArticleDetailDto>(`/api/article/getArticleById/${first.id}`);
    await site.server.settleCounters();
    const c = await get<ArticleDetailDto>(`/api/article/getArticleById/${first.id}`);
    expect(c.body.result.views).toBe(a.body.result.views + 2);
    expect(a.body.result.article_title).toBe(first.article_title);
    expect(a.body.result.article_content.length).toBeGreaterThan(100);
    const publicIds = new Set(list.map((x) => x.id));
    const maxId = Math.max(...publicIds) + 1;
    for (let id = 1; id <= maxId; id += 1) {
      if (publicIds.has(id)) continue;
      const hidden = await get(`/api/article/getArticleById/${id}`);
      expect(hidden).toEqual({ status: 404, body: { code: 404, result: null, message: text.articleNotFound } });
    }
  });

  it('recommends the neighbours by date and up to six related articles by shared tags', async () => {
    const list = (await get<TimelinePageDto>('/api/article/blogTimelineGetArticleList/1/999')).body.result.list.flatMap((g) => g.articles);
    const middle = list[3]!;
    const { body } = await get<RecommendDto>(`/api/article/getRecommendArticleById/${middle.id}`);
    expect(body.result.next?.id).toBe(list[2]!.id);
    expect(body.result.previous?.id).toBe(list[4]!.id);
    expect(body.result.related.length).toBeLessThanOrEqual(6);
    expect(body.result.related.map((r) => r.id)).not.toContain(middle.id);
  });

  it('lists five hot articles by views', async () => {
    const { body } = await get<HotArticleDto[]>('/api/article/getHotArticle');
    expect(body.result).toHaveLength(5);
    const views = body.result.map((h) => h.views);
    expect(views).toEqual([...views].sort((x, y) => y - x));
  });

  it('adds reading time within 1 to 7200 seconds', async () => {
    const id = (await get<HotArticleDto[]>('/api/article/getHotArticle')).body.result[0]!.id;
    const first = await send<{ readingDuration: number }>('PUT', `/api/article/addReadingDuration/${id}/30`);
    const second = await send<{ readingDuration: number }>('PUT', `/api/article/addReadingDuration/${id}/15`);
    expect(second.body.result.readingDuration).toBe(first.body.result.readingDuration + 15);
    for (const bad of ['0', '7201', '-3', 'abc', '1e3']) {
      const response = await send('PUT', `/api/article/addReadingDuration/${id}/${bad}`);
      expect(response).toEqual({ status: 400, body: { code: 400, result: null, message: text.invalidDuration(7200) } });
    }
    expect((await send('PUT', '/api/article/addReadingDuration/99999/10')).status).toBe(404);
  });
});

describe('search', () => {
  const search = (keyword: string) => get<SearchResultDto[]>(`/api/article/getArticleListByContent/${encodeURIComponent(keyword)}`);

  it.each(['雨', '搜索', '全文搜索', 'SQLite'])('finds %s in titles or bodies, with the matched fragment', async (keyword) => {
    const { status, body } = await search(keyword);
    expect(status).toBe(200);
    expect(body.result.length).toBeGreaterThan(0);
    for (const hit of body.result) {
      expect(hit.article_content).toBe(hit.before + hit.match + hit.after);
      if (hit.match) expect(hit.match.toLowerCase()).toBe(keyword.toLowerCase());
      else expect(hit.titleMatch).toBe(true);
    }
    const titleFlags = body.result.map((h) => h.titleMatch);
    expect(titleFlags).toEqual([...titleFlags].sort((a, b) => Number(b) - Number(a)));
  });

  it('never finds the draft', async () => {
    const draft = fs.readFileSync(path.join(DEMO_CONTENT_DIR, 'posts', demoDrafts[0]!), 'utf8');
    const title = /^title:\s*(.+)$/m.exec(draft)![1]!.trim();
    const { body } = await search(title);
    expect(body.result.map((h) => h.article_title)).not.toContain(title);
  });

  it('treats % and _ literally and refuses oversized keywords', async () => {
    expect((await search('%')).body.result.every((h) => h.article_content.includes('%') || h.article_title.includes('%'))).toBe(true);
    const long = await search('雨'.repeat(51));
    expect(long).toEqual({ status: 400, body: { code: 400, result: null, message: text.keywordTooLong(50) } });
    expect((await search('雨'.repeat(50))).status).toBe(200);
    expect((await search('   ')).body.message).toBe(text.keywordEmpty);
  });
});

describe('showcase pages', () => {
  it('serves albums with their photos, paged', async () => {
    const albums = (await get<{ id: number; photoCount: number }[]>('/api/photoAlbum/getAll')).body.result;
    expect(albums).toHaveLength(demo.albums.length);
    const photos = await get<{ list: { url: string; width: number }[]; total: number }>(`/api/photo/getPhotoListByAlbumId/${albums[0]!.id}/1/2`);
    expect(photos.body.result.total).toBe(demo.albums[0]!.photos.length);
    expect(photos.body.result.list).toHaveLength(2);
    expect(photos.body.result.list[0]!.url).toMatch(/^\/media\//);
    expect(photos.body.result.list[0]!.width).toBeGreaterThan(0);
    expect((await get('/api/photo/getPhotoListByAlbumId/9999/1/2')).status).toBe(404);
  });

  it('lists talks pinned first, and one by id', async () => {
    const page = (await get<{ list: { id: number; pinned: boolean; images: string[] }[]; total: number }>('/api/talk/blogGetTalkList/1/100')).body.result;
    expect(page.total).toBe(demo.talks.length);
    expect(page.list[0]!.pinned).toBe(true);
    const one = await get<{ id: number }>(`/api/talk/getTalkById/${page.list[1]!.id}`);
    expect(one.body.result.id).toBe(page.list[1]!.id);
    expect((await get('/api/talk/getTalkById/9999')).body.message).toBe(text.talkNotFound);
  });

  it('serves friend links, resources by side and kind, and the site list', async () => {
    expect((await get<unknown[]>('/api/links/getAll')).body.result).toHaveLength(demo.links.length);
    for (const side of ['front', 'back'] as const) {
      const groups = (await get<{ kind: string; list: unknown[] }[]>(`/api/resources/getAll/${side}`)).body.result;
      expect(groups.flatMap((g) => g.list)).toHaveLength(demo.resources.filter((r) => r.side === side).length);
    }
    const sites = (await get<{ kind: string; list: unknown[] }[]>('/api/siteList/getAll')).body.result;
    expect(sites.flatMap((g) => g.list)).toHaveLength(demo.sites.length);
  });

  it('gives the author card counts and site facts', async () => {
    const facts = (await get<{ articleCount: number; categoryCount: number; tagCount: number; talkCount: number; since: string }>('/api/statistic/facts')).body.result;
    expect(facts).toMatchObject({ articleCount: demoPosts.length - demoDrafts.length, talkCount: demo.talks.length, since: '2024-01-01' });
    expect(facts.categoryCount).toBeGreaterThanOrEqual(4);
    expect(facts.tagCount).toBeGreaterThanOrEqual(8);
  });
});

describe('friend link applications', () => {
  it('lets a signed-in reader apply; the link shows only once the administrator approves it', async () => {
    const payload = { name: '测试小站', description: '一个测试用的网站', url: 'https://example.org/apply-test', avatar: '' };
    expect((await send('POST', '/api/links/apply', payload)).status).toBe(401);
    const reader = await signUp(site);
    const applied = await send<{ id: number; status: string }>('POST', '/api/links/apply', payload, reader.cookie);
    expect(applied.body.result.status).toBe('pending');
    expect((await send('POST', '/api/links/apply', payload, reader.cookie)).body).toMatchObject({ code: 100, message: text.linkDuplicate });
    expect((await send('POST', '/api/links/apply', { ...payload, url: 'ftp://x' }, reader.cookie)).body.message).toBe(text.linkUrlInvalid);
    expect((await get<{ url: string }[]>('/api/links/getAll')).body.result.map((l) => l.url)).not.toContain(payload.url);
    expect((await send('PUT', `/api/links/review/${applied.body.result.id}`, { approved: true }, reader.cookie)).status).toBe(403);
    const admin = await adminCookie();
    const reviewed = await send('PUT', `/api/links/review/${applied.body.result.id}`, { approved: true }, admin);
    expect(reviewed.body).toMatchObject({ code: 0, result: { status: 'approved' } });
    expect((await get<{ url: string }[]>('/api/links/getAll')).body.result.map((l) => l.url)).toContain(payload.url);
  });
});

describe('message board', () => {
  const body = { content: '路过留言，祝博主天天开心！', color: '#aabbcc', bgImage: '' };

  it('lists the seeded messages, newest first', async () => {
    const page = (await send<{ list: MessageDto[]; total: number }>('POST', '/api/message/getMessageList', { current: 1, size: 100 })).body.result;
    expect(page.total).toBeGreaterThanOrEqual(demo.messages.length);
    const dates = page.list.map((m) => m.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('publishes, edits and deletes a post for its author only; the administrator may delete any', async () => {
    expect((await send('POST', '/api/message/add', body)).status).toBe(401);
    const author = await signUp(site, { nickName: '留言者' });
    const other = await signUp(site);
    const published = await send<MessageDto>('POST', '/api/message/add', body, author.cookie);
    expect(published.body.result).toMatchObject({ content: body.content, color: '#aabbcc', author: { userId: author.id, nickName: '留言者' } });
    const id = published.body.result.id;
    const edited = await send<MessageDto>('PUT', `/api/message/update/${id}`, { ...body, content: '改一下' }, author.cookie);
    expect(edited.body.result.content).toBe('改一下');
    const stranger = await send('PUT', `/api/message/update/${id}`, body, other.cookie);
    expect(stranger).toEqual({ status: 403, body: { code: 403, result: null, message: text.notMessageOwner } });
    expect((await send('DELETE', `/api/message/delete/${id}`, undefined, other.cookie)).status).toBe(403);
    expect((await send('DELETE', `/api/message/delete/${id}`, undefined, author.cookie)).body.code).toBe(0);
    expect((await get(`/api/message/getMessageById/${id}`)).status).toBe(404);

    const second = await send<MessageDto>('POST', '/api/message/add', body, author.cookie);
    expect((await send('DELETE', `/api/message/delete/${second.body.result.id}`, undefined, await adminCookie())).body.code).toBe(0);
  });

  it('refuses empty, oversized and badly styled posts with Chinese messages', async () => {
    const author = await signUp(site);
    const cases: [Record<string, string>, string][] = [
      [{ ...body, content: '   ' }, text.messageEmpty],
      [{ ...body, content: '字'.repeat(501) }, text.messageTooLong(500)],
      [{ ...body, color: 'red' }, text.invalidColor],
      [{ ...body, bgImage: 'javascript:alert(1)' }, text.invalidBackground],
    ];
    for (const [payload, message] of cases) {
      expect(await send('POST', '/api/message/add', payload, author.cookie)).toEqual({ status: 400, body: { code: 400, result: null, message } });
    }
  });

  it('toggles a like and tells the author (type 3) when someone else likes the post', async () => {
    const author = await signUp(site, { nickName: '作者' });
    const fan = await signUp(site, { nickName: '<b>粉丝</b>' });
    const id = (await send<MessageDto>('POST', '/api/message/add', body, author.cookie)).body.result.id;
    const liked = await send<{ likes: number; liked: boolean }>('PUT', `/api/message/like/${id}`, undefined, fan.cookie);
    expect(liked.body.result).toEqual({ likes: 1, liked: true });
    expect((await site.call({ method: 'GET', url: `/api/message/getMessageById/${id}`, headers: { cookie: fan.cookie } })).json().result.liked).toBe(true);
    const unliked = await send<{ likes: number; liked: boolean }>('PUT', `/api/message/like/${id}`, undefined, fan.cookie);
    expect(unliked.body.result).toEqual({ likes: 0, liked: false });
    const drawer = await send<{ list: { type: number; to_id: number; message: string }[] }>(
      'POST',
      '/api/notify/getNotifyList',
      { current: 1, size: 10, userId: author.id },
      author.cookie,
    );
    const notice = drawer.body.result.list.find((n) => n.type === 3 && n.to_id === id);
    expect(notice?.message).toContain('&lt;b&gt;粉丝&lt;/b&gt;');
    expect((await send('PUT', `/api/message/like/${id}`)).status).toBe(401);
  });
});

describe('talks from the administrator', () => {
  it('publishes a talk and tells every user (type 2)', async () => {
    const reader = await signUp(site);
    const payload = { content: '今天下雨了，适合听歌。', images: [], pinned: false };
    expect((await send('POST', '/api/talk/add', payload, reader.cookie)).status).toBe(403);
    const talk = await send<{ id: number }>('POST', '/api/talk/add', payload, await adminCookie());
    expect(talk.body.code).toBe(0);
    const drawer = await send<{ list: { type: number; to_id: number }[] }>('POST', '/api/notify/getNotifyList', { current: 1, size: 10 }, reader.cookie);
    expect(drawer.body.result.list).toContainEqual(expect.objectContaining({ type: 2, to_id: talk.body.result.id }));
  });
});

describe('discoverability', () => {
  it('serves an RSS feed of the newest public articles', async () => {
    const response = await site.call({ method: 'GET', url: '/rss.xml', headers: { host: 'blog.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const items = response.body.match(/<item>/g) ?? [];
    expect(items.length).toBe(Math.min(20, demoPosts.length - demoDrafts.length));
    expect(response.body).toContain('<link>http://blog.example.com/article?id=');
  });

  it('serves a sitemap with every public article and a robots.txt pointing at it', async () => {
    const sitemap = await site.call({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect((sitemap.body.match(/article\?id=\d+/g) ?? []).length).toBe(demoPosts.length - demoDrafts.length);
    // The fake client ships its own robots.txt, which wins; without one the server writes it.
    const robots = await site.call({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
  });

  it('puts the article title, description and Open Graph tags into the HTML of /article?id=', async () => {
    const list = (await get<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/1')).body.result.list;
    const article = list[0]!;
    const response = await site.call({ method: 'GET', url: `/article?id=${article.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<meta property="og:title" content="${article.article_title}" />`);
    expect(response.body).toMatch(/<title>[^<]+ - [^<]+<\/title>/);
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body).toContain('<meta name="description"');
    const unknown = await site.call({ method: 'GET', url: '/article?id=99999' });
    expect(unknown.body).not.toContain('og:title');
  });
});
