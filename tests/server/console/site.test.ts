import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { ArticleDetailDto, FriendLinkDto, ResourceGroupDto, SiteGroupDto, TagDto } from '../../../src/protocol/content';
import {
  PAGE_HEADER_ROUTES,
  type ConsoleLinkDto,
  type ConsoleResourceDto,
  type ConsoleSiteEntryDto,
  type PageHeaderSlotDto,
  type SiteSettingsDto,
  type TaxonomyDto,
  type TaxonomyItemDto,
} from '../../../src/protocol/console/site';
import { MARKER } from '../accounts/support';
import { REDIS_URL, adminCookie, rawGet, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { draft } from '../content/drafts';
import { backends, postgresAndRedisUnreachable } from '../support/databases';

const text = zhCN.consoleSite.server;
const content = zhCN.contentServer;
const account = zhCN.account.server;

/** What the site's own pages send with every call. */
const SAME_SITE = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };

interface Answer<T> {
  status: number;
  body: { code: number; result: T; message: string };
}

async function call<T = unknown>(site: TestSite, method: string, url: string, payload?: object, cookie?: string): Promise<Answer<T>> {
  const response = await site.app.inject({
    method: method as 'GET',
    url,
    headers: { ...SAME_SITE, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A call that must succeed; its result. */
async function done<T>(site: TestSite, method: string, url: string, payload: object | undefined, cookie: string): Promise<T> {
  const answer = await call<T>(site, method, url, payload, cookie);
  expect(answer.body, `${method} ${url}`).toMatchObject({ code: 0 });
  expect(answer.status).toBe(200);
  return answer.body.result;
}

async function readerCookie(site: TestSite): Promise<string> {
  const username = `r${crypto.randomBytes(5).toString('hex')}`;
  await done(site, 'POST', '/api/user/register', { username, password: 'abc123456', nick_name: username }, '');
  const login = await site.app.inject({ method: 'POST', url: '/api/user/login', headers: SAME_SITE, payload: { username, password: 'abc123456' } });
  return `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
}

const SETTINGS: SiteSettingsDto = {
  name: '  雨后小筑  ',
  author: '听雨人',
  avatar: '',
  motto: '新的签名',
  typedMottos: ['第一句', ' 第二句 '],
  notice: '新的公告：本周六停机维护。',
  copyright: '© 2024–2026 雨后小筑 保留所有权利',
  filingNumber: '沪ICP备2026000001号',
  since: '2023-05-20',
};

/** Every console call of these areas, with a body that would pass validation. */
const ROUTES: [string, string, object?][] = [
  ['GET', '/api/admin/site/settings'],
  ['PUT', '/api/admin/site/settings', SETTINGS],
  ['GET', '/api/admin/site/pageHeaders'],
  ['PUT', '/api/admin/site/pageHeaders', { route: '/archives', image: '' }],
  ['GET', '/api/admin/taxonomy'],
  ['POST', '/api/admin/taxonomy/tags', { name: '新标签' }],
  ['PUT', '/api/admin/taxonomy/categories/1', { name: '新名字' }],
  ['POST', '/api/admin/taxonomy/tags/1/merge', { into: 2 }],
  ['DELETE', '/api/admin/taxonomy/tags/1'],
  ['GET', '/api/admin/links'],
  ['POST', '/api/admin/links', { name: '某站', description: '', url: 'https://a.example', avatar: '' }],
  ['PUT', '/api/admin/links/1', { name: '某站', description: '', url: 'https://a.example', avatar: '' }],
  ['PUT', '/api/admin/links/1/review', { approved: true }],
  ['DELETE', '/api/admin/links/1'],
  ['GET', '/api/admin/resources/front'],
  ['POST', '/api/admin/resources', { side: 'front', kind: '工具', name: '某工具', description: '', url: 'https://t.example', cover: '' }],
  ['PUT', '/api/admin/resources/1', { side: 'front', kind: '工具', name: '某工具', description: '', url: 'https://t.example', cover: '' }],
  ['PUT', '/api/admin/resources/order', { side: 'front', ids: [1] }],
  ['DELETE', '/api/admin/resources/1'],
  ['GET', '/api/admin/siteList'],
  ['POST', '/api/admin/siteList', { kind: '社区', name: '某站', description: '', url: 'https://s.example', icon: '' }],
  ['PUT', '/api/admin/siteList/1', { kind: '社区', name: '某站', description: '', url: 'https://s.example', icon: '' }],
  ['PUT', '/api/admin/siteList/order', { ids: [1] }],
  ['DELETE', '/api/admin/siteList/1'],
];

describe.each(await backends())('the console site areas on $name', (backend) => {
  let data: SharedData;
  let site: TestSite;
  let db: DatabaseHandle;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await sharedData(backend.name);
    site = await startSite(data);
    db = data.open();
    admin = await adminCookie(site, site.adminPassword);
    reader = await readerCookie(site);
  });

  afterAll(async () => {
    await db?.close();
    await site?.close();
    await data?.dispose();
  });

  const test = it.skipIf(backend.skipReason !== undefined);

  test('refuses every call to a visitor (401) and to a reader (403), whatever the body', async () => {
    for (const [method, url, payload] of ROUTES) {
      expect((await call(site, method, url, payload)).body, `${method} ${url}`).toEqual({ code: 401, result: null, message: account.loginRequired });
      expect(await call(site, method, url, payload, reader), `${method} ${url}`).toEqual({
        status: 403,
        body: { code: 403, result: null, message: account.adminRequired },
      });
      // Even a body that would be refused reveals nothing before the gate.
      expect((await call(site, method, url, { junk: true })).status).toBe(401);
    }
  });

  test('saves the settings trimmed, and /api/config (from memory and through Fastify) and the footer line show them at once', async () => {
    const before = await done<SiteSettingsDto>(site, 'GET', '/api/admin/site/settings', undefined, admin);
    // The hot read is kept in memory now: only the settings' own change can drop it.
    expect(JSON.parse((await rawGet(`${site.url}/api/config`)).body).result.name).toBe(before.name);
    const avatar = before.avatar;
    const saved = await done<SiteSettingsDto>(site, 'PUT', '/api/admin/site/settings', { ...SETTINGS, avatar }, admin);
    const expected = { ...SETTINGS, avatar, name: '雨后小筑', typedMottos: ['第一句', '第二句'] };
    expect(saved).toEqual(expected);
    expect(await done(site, 'GET', '/api/admin/site/settings', undefined, admin)).toEqual(expected);
    const viaHotPath = JSON.parse((await rawGet(`${site.url}/api/config`)).body) as { result: SiteSettingsDto & { viewCount: number } };
    expect(viaHotPath.result).toMatchObject(expected);
    expect((await call<SiteSettingsDto>(site, 'GET', '/api/config')).body.result).toMatchObject(expected);
    // The view count is the site's, not the settings': saving keeps it.
    await done(site, 'PUT', '/api/config/addView', undefined, '');
    await done(site, 'PUT', '/api/admin/site/settings', { ...expected, copyright: '' }, admin);
    const after = (await call<{ viewCount: number; copyright: string }>(site, 'GET', '/api/config')).body.result;
    expect(after).toMatchObject({ viewCount: viaHotPath.result.viewCount + 1, copyright: '' });
  });

  test.each([
    [{ name: '   ' }, text.required(text.field.name)],
    [{ name: '名'.repeat(31) }, text.tooLong(text.field.name, 30)],
    [{ author: '' }, text.required(text.field.author)],
    [{ avatar: 'https://elsewhere.example/a.png' }, text.invalidImage(text.field.avatar)],
    [{ typedMottos: Array.from({ length: 11 }, (_, i) => `第${i}句`) }, text.tooMany(text.field.typedMottos, 10)],
    [{ typedMottos: ['有字', '  '] }, text.emptyItem(text.field.typedMottos)],
    [{ notice: '告'.repeat(501) }, text.tooLong(text.field.notice, 500)],
    [{ since: '2026-02-30' }, text.invalidDate],
    [{ since: '昨天' }, text.invalidDate],
  ])('refuses settings %j with 400 and a Chinese message', async (change, message) => {
    if (backend.skipReason) return;
    const answer = await call(site, 'PUT', '/api/admin/site/settings', { ...SETTINGS, ...change }, admin);
    expect(answer).toEqual({ status: 400, body: { code: 400, result: null, message } });
  });

  test('refuses a settings body of the wrong shape with 400', async () => {
    const { typedMottos: _typedMottos, ...missing } = SETTINGS;
    const answer = await call(site, 'PUT', '/api/admin/site/settings', missing, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('typedMottos');
  });

  test('sets, replaces and removes a page banner, shown at once by /api/pageHeader/getAll', async () => {
    const slots = await done<PageHeaderSlotDto[]>(site, 'GET', '/api/admin/site/pageHeaders', undefined, admin);
    expect(slots.map((slot) => slot.route)).toEqual([...PAGE_HEADER_ROUTES]);
    const home = slots.find((slot) => slot.route === '/home')!.image;
    expect(home).toMatch(/^\/media\//);
    const banners = async () =>
      (JSON.parse((await rawGet(`${site.url}/api/pageHeader/getAll`)).body) as { result: PageHeaderSlotDto[] }).result;
    expect((await banners()).find((h) => h.route === '/archives')?.image).not.toBe(home);

    await done(site, 'PUT', '/api/admin/site/pageHeaders', { route: '/archives', image: home }, admin);
    expect((await banners()).find((h) => h.route === '/archives')?.image).toBe(home);
    await done(site, 'PUT', '/api/admin/site/pageHeaders', { route: '/archives', image: '' }, admin);
    expect((await banners()).some((h) => h.route === '/archives')).toBe(false);
    expect((await done<PageHeaderSlotDto[]>(site, 'GET', '/api/admin/site/pageHeaders', undefined, admin)).find((s) => s.route === '/archives')).toEqual({
      route: '/archives',
      image: '',
    });

    for (const [body, message] of [
      [{ route: '/admin', image: home }, text.unknownRoute],
      [{ route: '/message/chat', image: home }, text.unknownRoute],
      [{ route: '/tag', image: 'https://elsewhere.example/b.png' }, text.invalidImage(text.field.banner)],
    ] as const) {
      expect(await call(site, 'PUT', '/api/admin/site/pageHeaders', body, admin)).toEqual({ status: 400, body: { code: 400, result: null, message } });
    }
  });

  describe('categories and tags', () => {
    const articleIds: Record<string, number> = {};

    beforeAll(async () => {
      if (backend.skipReason) return;
      // Written beside the server, as `npm run import` would, and told to it the same way.
      const articles = new KyselyArticleRepository(db.db, db.dialect);
      const suffix = backend.name;
      for (const [key, category, tags] of [
        ['both', `甲类${suffix}`, [`前端${suffix}`, `后端${suffix}`, `工具${suffix}`]],
        ['onlyFrom', `甲类${suffix}`, [`后端${suffix}`]],
        ['onlyInto', `乙类${suffix}`, [`前端${suffix}`, `工具${suffix}`]],
        ['draft', `乙类${suffix}`, [`工具${suffix}`]],
      ] as const) {
        const status = key === 'draft' ? 'draft' : 'public';
        articleIds[key] = (await articles.upsert(draft({ sourceKey: `console-${suffix}-${key}`, category, tags: [...tags], status }))).id;
      }
      site.server.changes.changed(['articles']);
    });

    const taxonomy = () => done<TaxonomyDto>(site, 'GET', '/api/admin/taxonomy', undefined, admin);
    const named = (list: TaxonomyItemDto[], name: string) => list.find((item) => item.name === `${name}${backend.name}`);
    const tagsOf = async (key: string) =>
      (await done<ArticleDetailDto>(site, 'GET', `/api/article/getArticleById/${articleIds[key]}`, undefined, '')).tags.map((t) => t.name);

    test('lists every category and tag with all its articles counted, drafts too', async () => {
      const all = await taxonomy();
      expect(named(all.tags, '工具')?.articleCount).toBe(3);
      expect(named(all.categories, '乙类')?.articleCount).toBe(2);
      // The public list counts public articles only.
      const publicTags = (await call<TagDto[]>(site, 'GET', '/api/tag/getAll')).body.result;
      expect(publicTags.find((tag) => tag.name === `工具${backend.name}`)?.articleCount).toBe(2);
    });

    test('creates and renames with unique names, and the public lists show a new name at once', async () => {
      const created = await done<TaxonomyItemDto>(site, 'POST', '/api/admin/taxonomy/tags', { name: ` 新建${backend.name} ` }, admin);
      expect(created).toMatchObject({ name: `新建${backend.name}`, articleCount: 0 });
      const taken = await call(site, 'POST', '/api/admin/taxonomy/tags', { name: `工具${backend.name}` }, admin);
      expect(taken).toEqual({ status: 409, body: { code: 409, result: null, message: text.tagTaken(`工具${backend.name}`) } });

      // Kept in memory first, so only the rename can make the new name appear.
      const before = JSON.parse((await rawGet(`${site.url}/api/tag/getAll`)).body) as { result: TagDto[] };
      const tool = before.result.find((tag) => tag.name === `工具${backend.name}`)!;
      const renamed = await done<TaxonomyItemDto>(site, 'PUT', `/api/admin/taxonomy/tags/${tool.id}`, { name: `效率${backend.name}` }, admin);
      expect(renamed).toEqual({ id: tool.id, name: `效率${backend.name}`, articleCount: 3 });
      const after = JSON.parse((await rawGet(`${site.url}/api/tag/getAll`)).body) as { result: TagDto[] };
      expect(after.result.find((tag) => tag.id === tool.id)?.name).toBe(`效率${backend.name}`);
      expect(await tagsOf('onlyInto')).toContain(`效率${backend.name}`);

      const clash = await call(site, 'PUT', `/api/admin/taxonomy/tags/${tool.id}`, { name: `前端${backend.name}` }, admin);
      expect(clash).toEqual({ status: 409, body: { code: 409, result: null, message: text.tagTaken(`前端${backend.name}`) } });
      const category = named((await taxonomy()).categories, '甲类')!;
      const categoryClash = await call(site, 'PUT', `/api/admin/taxonomy/categories/${category.id}`, { name: `乙类${backend.name}` }, admin);
      expect(categoryClash.body.message).toBe(text.categoryTaken(`乙类${backend.name}`));
      // Its own name again is no clash.
      await done(site, 'PUT', `/api/admin/taxonomy/categories/${category.id}`, { name: category.name }, admin);
    });

    test('merges a tag into another: its articles move, an article that had both keeps one', async () => {
      const all = await taxonomy();
      const from = named(all.tags, '后端')!;
      const into = named(all.tags, '前端')!;
      const merged = await done<TaxonomyItemDto>(site, 'POST', `/api/admin/taxonomy/tags/${from.id}/merge`, { into: into.id }, admin);
      expect(merged).toEqual({ id: into.id, name: into.name, articleCount: 3 });
      expect(named((await taxonomy()).tags, '后端')).toBeUndefined();
      const both = await tagsOf('both');
      expect(both.filter((name) => name === into.name)).toHaveLength(1);
      expect(both).not.toContain(from.name);
      expect(both).toHaveLength(2);
      expect(await tagsOf('onlyFrom')).toEqual([into.name]);
      const publicTags = JSON.parse((await rawGet(`${site.url}/api/tag/getAll`)).body) as { result: TagDto[] };
      expect(publicTags.result.some((tag) => tag.id === from.id)).toBe(false);
      expect(publicTags.result.find((tag) => tag.id === into.id)?.articleCount).toBe(3);
    });

    test('merges a category into another and refuses merging into itself or into nothing', async () => {
      const all = await taxonomy();
      const from = named(all.categories, '甲类')!;
      const into = named(all.categories, '乙类')!;
      expect(await call(site, 'POST', `/api/admin/taxonomy/categories/${from.id}/merge`, { into: from.id }, admin)).toEqual({
        status: 400,
        body: { code: 400, result: null, message: text.mergeIntoItself },
      });
      expect((await call(site, 'POST', `/api/admin/taxonomy/categories/${from.id}/merge`, { into: 999_999 }, admin)).body.message).toBe(
        content.categoryNotFound,
      );
      expect((await call(site, 'POST', `/api/admin/taxonomy/categories/${from.id}/merge`, { into: 0 }, admin)).status).toBe(400);
      const merged = await done<TaxonomyItemDto>(site, 'POST', `/api/admin/taxonomy/categories/${from.id}/merge`, { into: into.id }, admin);
      expect(merged.articleCount).toBe(4);
      const article = await done<ArticleDetailDto>(site, 'GET', `/api/article/getArticleById/${articleIds.onlyFrom}`, undefined, '');
      expect(article.category?.name).toBe(into.name);
    });

    test('deletes a tag (articles keep their others) and a category (its articles have none)', async () => {
      const all = await taxonomy();
      const tag = named(all.tags, '前端')!;
      await done(site, 'DELETE', `/api/admin/taxonomy/tags/${tag.id}`, undefined, admin);
      expect(await tagsOf('both')).toEqual([`效率${backend.name}`]);
      expect(await tagsOf('onlyFrom')).toEqual([]);
      const category = named(all.categories, '乙类')!;
      await done(site, 'DELETE', `/api/admin/taxonomy/categories/${category.id}`, undefined, admin);
      const article = await done<ArticleDetailDto>(site, 'GET', `/api/article/getArticleById/${articleIds.both}`, undefined, '');
      expect(article.category).toBeNull();
      expect(named((await taxonomy()).categories, '乙类')).toBeUndefined();
      expect(await call(site, 'DELETE', `/api/admin/taxonomy/categories/${category.id}`, undefined, admin)).toEqual({
        status: 404,
        body: { code: 404, result: null, message: content.categoryNotFound },
      });
    });

    test.each([
      ['POST', '/api/admin/taxonomy/tags', { name: '  ' }, text.required(text.field.tagName)],
      ['POST', '/api/admin/taxonomy/categories', { name: '类'.repeat(31) }, text.tooLong(text.field.categoryName, 30)],
      ['PUT', '/api/admin/taxonomy/tags/abc', { name: '名字' }, content.invalidId(content.tag)],
      ['DELETE', '/api/admin/taxonomy/categories/0', undefined, content.invalidId(content.category)],
    ] as const)('refuses %s %s %j with 400', async (method, url, body, message) => {
      if (backend.skipReason) return;
      expect(await call(site, method, url, body, admin)).toEqual({ status: 400, body: { code: 400, result: null, message } });
    });

    test('answers an unknown kind with 400', async () => {
      expect((await call(site, 'POST', '/api/admin/taxonomy/authors', { name: '某人' }, admin)).status).toBe(400);
    });
  });

  test('friend links: adds, edits, reviews applications (old calls too) and deletes; the public list follows', async () => {
    const publicLinks = async () => (await call<FriendLinkDto[]>(site, 'GET', '/api/links/getAll')).body.result;
    const link = { name: '  新朋友  ', description: '写 Go 的朋友', url: `https://friend-${backend.name}.example/`, avatar: '' };
    const added = await done<ConsoleLinkDto>(site, 'POST', '/api/admin/links', link, admin);
    expect(added).toMatchObject({ name: '新朋友', status: 'approved', userId: null });
    expect((await publicLinks()).find((l) => l.id === added.id)).toMatchObject({ name: '新朋友', url: link.url });
    expect(await call(site, 'POST', '/api/admin/links', link, admin)).toEqual({
      status: 409,
      body: { code: 409, result: null, message: text.linkTaken },
    });

    const edited = await done<ConsoleLinkDto>(site, 'PUT', `/api/admin/links/${added.id}`, { ...link, name: '老朋友' }, admin);
    expect(edited).toMatchObject({ id: added.id, name: '老朋友', status: 'approved' });
    expect((await publicLinks()).find((l) => l.id === added.id)?.name).toBe('老朋友');

    // A reader's application waits; the console lists it with every other link and reviews it.
    const applied = await done<ConsoleLinkDto>(
      site,
      'POST',
      '/api/links/apply',
      { name: '申请者', description: '', url: `https://apply-${backend.name}.example/`, avatar: '' },
      reader,
    );
    const listed = await done<ConsoleLinkDto[]>(site, 'GET', '/api/admin/links', undefined, admin);
    expect(listed.find((l) => l.id === applied.id)?.status).toBe('pending');
    expect(listed.map((l) => l.id)).toEqual([...listed.map((l) => l.id)].sort((a, b) => b - a));
    expect((await done<ConsoleLinkDto[]>(site, 'GET', '/api/links/getPending', undefined, admin)).map((l) => l.id)).toContain(applied.id);
    expect((await done<ConsoleLinkDto>(site, 'PUT', `/api/admin/links/${applied.id}/review`, { approved: false }, admin)).status).toBe('rejected');
    expect((await publicLinks()).some((l) => l.id === applied.id)).toBe(false);
    expect((await done<ConsoleLinkDto>(site, 'PUT', `/api/links/review/${applied.id}`, { approved: true }, admin)).status).toBe('approved');
    expect((await publicLinks()).some((l) => l.id === applied.id)).toBe(true);

    await done(site, 'DELETE', `/api/admin/links/${added.id}`, undefined, admin);
    expect((await publicLinks()).some((l) => l.id === added.id)).toBe(false);
    expect(await call(site, 'DELETE', `/api/admin/links/${added.id}`, undefined, admin)).toEqual({
      status: 404,
      body: { code: 404, result: null, message: content.linkNotFound },
    });
    for (const [body, message] of [
      [{ ...link, name: '' }, text.required(text.field.linkName)],
      [{ ...link, url: 'ftp://x.example' }, text.invalidUrl(text.field.linkUrl)],
      [{ ...link, avatar: '/elsewhere/a.png' }, text.invalidImage(text.field.linkAvatar)],
      [{ ...link, description: '述'.repeat(101) }, text.tooLong(text.field.linkDescription, 100)],
    ] as const) {
      expect(await call(site, 'POST', '/api/admin/links', body, admin)).toEqual({ status: 400, body: { code: 400, result: null, message } });
    }
  });

  test('resources: adds last, reorders, moves between sides and deletes; the public pages show the order', async () => {
    const list = (side: string) => done<ConsoleResourceDto[]>(site, 'GET', `/api/admin/resources/${side}`, undefined, admin);
    const shown = async (side: string) =>
      (await call<ResourceGroupDto[]>(site, 'GET', `/api/resources/getAll/${side}`)).body.result.flatMap((group) => group.list.map((r) => r.id));
    const seeded = await list('front');
    expect(seeded.length).toBeGreaterThan(2);
    const body = { side: 'front', kind: seeded[0]!.kind, name: ' 新工具 ', description: '好用', url: 'https://tool.example/', cover: '' };
    const added = await done<ConsoleResourceDto>(site, 'POST', '/api/admin/resources', body, admin);
    expect(added).toMatchObject({ name: '新工具', side: 'front' });
    expect((await list('front')).at(-1)?.id).toBe(added.id);

    const reversed = [...(await list('front'))].reverse().map((r) => r.id);
    const ordered = await done<ConsoleResourceDto[]>(site, 'PUT', '/api/admin/resources/order', { side: 'front', ids: reversed }, admin);
    expect(ordered.map((r) => r.id)).toEqual(reversed);
    expect((await list('front')).map((r) => r.id)).toEqual(reversed);
    // The public page groups by kind, kinds in order of first appearance, each in the stored order.
    const kinds = [...new Set(ordered.map((r) => r.kind))];
    expect(await shown('front')).toEqual(kinds.flatMap((kind) => ordered.filter((r) => r.kind === kind).map((r) => r.id)));

    for (const ids of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 999_999]]) {
      expect(await call(site, 'PUT', '/api/admin/resources/order', { side: 'front', ids }, admin)).toEqual({
        status: 409,
        body: { code: 409, result: null, message: text.orderStale },
      });
    }

    const moved = await done<ConsoleResourceDto>(site, 'PUT', `/api/admin/resources/${added.id}`, { ...body, side: 'back', name: '后端工具' }, admin);
    expect(moved).toMatchObject({ id: added.id, side: 'back', name: '后端工具' });
    expect((await list('back')).at(-1)?.id).toBe(added.id);
    expect((await list('front')).some((r) => r.id === added.id)).toBe(false);
    await done(site, 'DELETE', `/api/admin/resources/${added.id}`, undefined, admin);
    expect(await shown('back')).not.toContain(added.id);
    expect((await call(site, 'DELETE', `/api/admin/resources/${added.id}`, undefined, admin)).body).toEqual({
      code: 404,
      result: null,
      message: text.resourceNotFound,
    });
    for (const [change, message] of [
      [{ kind: ' ' }, text.required(text.field.kind)],
      [{ url: 'tool.example' }, text.invalidUrl(text.field.entryUrl)],
      [{ cover: 'https://x.example/c.png' }, text.invalidImage(text.field.cover)],
    ] as const) {
      expect(await call(site, 'POST', '/api/admin/resources', { ...body, ...change }, admin)).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
    }
    expect((await call(site, 'GET', '/api/admin/resources/middle', undefined, admin)).status).toBe(400);
    expect((await call(site, 'POST', '/api/admin/resources', { ...body, side: 'middle' }, admin)).status).toBe(400);
  });

  test('site list: adds last, reorders, edits and deletes; /siteList shows the order', async () => {
    const list = () => done<ConsoleSiteEntryDto[]>(site, 'GET', '/api/admin/siteList', undefined, admin);
    const shown = async () =>
      (await call<SiteGroupDto[]>(site, 'GET', '/api/siteList/getAll')).body.result.flatMap((group) => group.list.map((s) => s.id));
    const body = { kind: '新分组', name: '新站点', description: '', url: 'https://site.example/', icon: '' };
    const added = await done<ConsoleSiteEntryDto>(site, 'POST', '/api/admin/siteList', body, admin);
    expect((await list()).at(-1)?.id).toBe(added.id);
    expect((await shown()).at(-1)).toBe(added.id);

    const first = [added.id, ...(await list()).filter((s) => s.id !== added.id).map((s) => s.id)];
    await done(site, 'PUT', '/api/admin/siteList/order', { ids: first }, admin);
    expect((await list()).map((s) => s.id)).toEqual(first);
    // Its kind is now the first to appear, so its group comes first.
    expect((await shown())[0]).toBe(added.id);
    expect((await call(site, 'PUT', '/api/admin/siteList/order', { ids: first.slice(1) }, admin)).body.message).toBe(text.orderStale);

    const edited = await done<ConsoleSiteEntryDto>(site, 'PUT', `/api/admin/siteList/${added.id}`, { ...body, name: '改过的站点' }, admin);
    expect(edited).toEqual({ id: added.id, ...body, name: '改过的站点' });
    await done(site, 'DELETE', `/api/admin/siteList/${added.id}`, undefined, admin);
    expect(await shown()).not.toContain(added.id);
    expect((await call(site, 'PUT', `/api/admin/siteList/${added.id}`, body, admin)).body.message).toBe(text.siteEntryNotFound);
    expect((await call(site, 'POST', '/api/admin/siteList', { ...body, name: '' }, admin)).body.message).toBe(
      text.required(text.field.entryName),
    );
  });
});

const scaleOutSkip = await postgresAndRedisUnreachable();

describe.skipIf(scaleOutSkip !== undefined)('the console on one of two instances sharing PostgreSQL and Redis', () => {
  const prefix = `test-console-site-${crypto.randomBytes(6).toString('hex')}`;
  let data: SharedData;
  const sites: TestSite[] = [];

  beforeAll(async () => {
    data = await sharedData('PostgreSQL');
    for (let i = 0; i < 2; i++) sites.push(await startSite(data, { redisUrl: REDIS_URL, cacheRedisPrefix: prefix }));
  });

  afterAll(async () => {
    for (const site of sites) await site.close();
    await data?.dispose();
  });

  it('a setting, a banner and a renamed tag saved on one show on the other at once', async () => {
    const [a, b] = sites as [TestSite, TestSite];
    const admin = await adminCookie(a, a.adminPassword);
    const hot = async <T>(url: string) => (JSON.parse((await rawGet(`${b.url}${url}`)).body) as { result: T }).result;
    // B keeps its answers in memory first.
    const tags = await hot<TagDto[]>('/api/tag/getAll');
    const banners = await hot<PageHeaderSlotDto[]>('/api/pageHeader/getAll');
    await hot('/api/config');

    const settings = await done<SiteSettingsDto>(a, 'GET', '/api/admin/site/settings', undefined, admin);
    await done(a, 'PUT', '/api/admin/site/settings', { ...settings, notice: '两台都看得到的公告' }, admin);
    await done(a, 'PUT', '/api/admin/site/pageHeaders', { route: '/tag', image: '' }, admin);
    await done(a, 'PUT', `/api/admin/taxonomy/tags/${tags[0]!.id}`, { name: '改名的标签' }, admin);
    expect(banners.some((h) => h.route === '/tag')).toBe(true);

    await vi.waitFor(
      async () => {
        expect((await hot<SiteSettingsDto>('/api/config')).notice).toBe('两台都看得到的公告');
        expect((await hot<PageHeaderSlotDto[]>('/api/pageHeader/getAll')).some((h) => h.route === '/tag')).toBe(false);
        expect((await hot<TagDto[]>('/api/tag/getAll'))[0]?.name).toBe('改名的标签');
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});
