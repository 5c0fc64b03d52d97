import crypto from 'node:crypto';
import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { KyselyArticleEditorRepository } from '../../../server/adapters/db/content/articleEditorRepository';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { ArticleConsoleService } from '../../../server/domain/content/articleConsoleService';
import type { Clock } from '../../../server/ports/clock';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { ArticlePageDto, SearchResultDto } from '../../../src/protocol/content';
import {
  KEPT_REVISIONS,
  type ArticleCreateBody,
  type ArticleRevisionDto,
  type ArticleRevisionSummaryDto,
  type ArticleSaveBody,
  type ConsoleArticleDto,
  type ConsoleArticleOptionsDto,
  type ConsoleArticlePageDto,
} from '../../../src/protocol/console/articles';
import type { NotifyListDto } from '../../../src/protocol/notify';
import { recordingPublisher } from '../../fakes/recordingPublisher';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';
import { POSTGRES_URL, adminQuery, backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';

/**
 * The console's article calls (issue 21) through the real composition, on SQLite and on PostgreSQL:
 * permissions, validation, versions and conflicts, revisions, publishing (now and scheduled, across two
 * instances of one database), hiding and the 回收站, and what readers see after each.
 */
const text = zhCN.consoleArticlesServer;
const content = zhCN.contentServer;
/** How often the tests' instances look for due scheduled articles. */
const POLL_MS = 50;

interface Answer<T> {
  status: number;
  body: { code: number; result: T; message: string };
}

/** A data folder and database (SQLite file, or a PostgreSQL schema of its own) two instances can share. */
async function sharedDatabase(name: 'SQLite' | 'PostgreSQL') {
  const dataDir = temporaryFolder('blog-console-articles-');
  if (name === 'SQLite') {
    return {
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ dataDir, databaseUrl }),
    dispose: async () => {
      await adminQuery(`drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const draft = (title: string, body = `${title}的正文。`): ArticleCreateBody => ({
  title,
  content: body,
  summary: '',
  cover: '',
  category: null,
  tags: [],
  pinned: false,
});

const list = await backends();

describe.each(list)('the console articles on $name', (backend) => {
  let data: Awaited<ReturnType<typeof sharedDatabase>>;
  let site: AccountsServer;
  let second: AccountsServer;
  let db: DatabaseHandle;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await sharedDatabase(backend.name);
    const config = { dataDir: data.dataDir, databaseUrl: data.databaseUrl, schedulePollMs: POLL_MS };
    // One after the other: the first creates the administrator.
    site = await startAccountsServer(config);
    second = await startAccountsServer(config);
    db = data.open();
    const login = await site.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'admin', password: site.adminPassword },
    });
    admin = `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
    user = (await signUp(site)).cookie;
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await second?.close();
    await site?.close();
    await data?.dispose();
  });

  async function call<T>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    options: { cookie?: string; on?: AccountsServer } = {},
  ): Promise<Answer<T>> {
    const response = await (options.on ?? site).call({
      method,
      url,
      headers: { cookie: options.cookie ?? admin },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function created(body = draft(`文章${crypto.randomBytes(3).toString('hex')}`)): Promise<ConsoleArticleDto> {
    const answer = await call<ConsoleArticleDto>('POST', '/api/admin/articles', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result;
  }

  const saveBody = (article: ConsoleArticleDto, change: Partial<ArticleSaveBody> = {}): ArticleSaveBody => ({
    title: article.title,
    content: article.content,
    summary: article.summary,
    cover: article.cover,
    category: article.category && { id: article.category.id },
    tags: article.tags.map((t) => t.name),
    pinned: article.pinned,
    commentsClosed: article.commentsClosed,
    version: article.version,
    ...change,
  });

  async function save(article: ConsoleArticleDto, change: Partial<ArticleSaveBody>): Promise<ConsoleArticleDto> {
    const answer = await call<ConsoleArticleDto>('PUT', `/api/admin/articles/${article.id}`, saveBody(article, change));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result;
  }

  async function state(article: { id: number }, action: string, payload?: unknown) {
    return call<ConsoleArticleDto>('POST', `/api/admin/articles/${article.id}/${action}`, payload);
  }

  /** What a reader sees of an article: its page, the home list, search, RSS and the sitemap. */
  async function readerView(id: number, word: string, on: AccountsServer = site) {
    const page = await on.call({ method: 'GET', url: `/api/article/getArticleById/${id}` });
    const home = (await on.call({ method: 'GET', url: '/api/article/blogHomeGetArticleList/1/20' })).json<
      Answer<ArticlePageDto>['body']
    >();
    const search = (
      await on.call({ method: 'GET', url: `/api/article/getArticleListByContent/${encodeURIComponent(word)}` })
    ).json<Answer<SearchResultDto[]>['body']>();
    const rss = (await on.call({ method: 'GET', url: '/rss.xml' })).body;
    const sitemap = (await on.call({ method: 'GET', url: '/sitemap.xml' })).body;
    return {
      page: page.statusCode,
      onHome: home.result.list.some((a) => a.id === id),
      found: search.result.some((hit) => hit.id === id),
      inRss: rss.includes(`/article?id=${id}</link>`),
      inSitemap: sitemap.includes(`/article?id=${id}</loc>`),
    };
  }
  const everywhere = { page: 200, onHome: true, found: true, inRss: true, inSitemap: true };
  const nowhere = { page: 404, onHome: false, found: false, inRss: false, inSitemap: false };

  async function publishNotices(id: number): Promise<number> {
    const answer = await call<NotifyListDto>(
      'POST',
      '/api/notify/getNotifyList',
      { current: 1, size: 50 },
      { cookie: user },
    );
    return answer.body.result.list.filter((notice) => notice.type === 1 && notice.to_id === id).length;
  }

  describe.skipIf(backend.skipReason !== undefined)('calls', () => {
    const ROUTES: [InjectOptions['method'], string][] = [
      ['GET', '/api/admin/articles'],
      ['GET', '/api/admin/articles/options'],
      ['POST', '/api/admin/articles'],
      ['GET', '/api/admin/articles/1'],
      ['PUT', '/api/admin/articles/1'],
      ['DELETE', '/api/admin/articles/1'],
      ['DELETE', '/api/admin/articles/bin'],
      ['GET', '/api/admin/articles/1/revisions'],
      ['GET', '/api/admin/articles/1/revisions/1'],
      ['POST', '/api/admin/articles/1/revisions/1/restore'],
      ...['publish', 'unpublish', 'hide', 'unhide', 'trash', 'restore'].map(
        (action): [InjectOptions['method'], string] => ['POST', `/api/admin/articles/1/${action}`],
      ),
    ];

    it('refuses every call to a visitor (401) and a user (403) before reading anything', async () => {
      const article = await created();
      for (const [method, url] of ROUTES) {
        const path = url.replace('/1', `/${article.id}`);
        const visitor = await site.call({ method, url: path, payload: draft('访客') });
        expect(visitor.statusCode, `${method} ${path}`).toBe(401);
        expect(visitor.json()).toEqual({ code: 401, result: null, message: zhCN.account.server.loginRequired });
        const reader = await site.call({ method, url: path, headers: { cookie: user }, payload: draft('用户') });
        expect(reader.statusCode, `${method} ${path}`).toBe(403);
        expect(reader.json()).toEqual({ code: 403, result: null, message: zhCN.account.server.adminRequired });
      }
      expect((await call<ConsoleArticleDto>('GET', `/api/admin/articles/${article.id}`)).body.result).toEqual(article);
    });

    it('answers broken rules with 400 and the Chinese message', async () => {
      const article = await created();
      const long = (n: number) => '字'.repeat(n);
      const cases: [string, InjectOptions['method'], string, unknown, string][] = [
        ['an empty title', 'POST', '/api/admin/articles', draft('   '), text.titleRequired],
        ['a title too long', 'POST', '/api/admin/articles', draft(long(201)), text.tooLong(text.field.title, 200)],
        [
          'a body too long',
          'POST',
          '/api/admin/articles',
          draft('长文', long(100_001)),
          text.tooLong(text.field.content, 100_000),
        ],
        [
          'a summary too long',
          'POST',
          '/api/admin/articles',
          { ...draft('摘要'), summary: long(501) },
          text.tooLong(text.field.summary, 500),
        ],
        [
          'a foreign cover',
          'POST',
          '/api/admin/articles',
          { ...draft('封面'), cover: 'javascript:alert(1)' },
          text.invalidCover,
        ],
        [
          'an unknown category',
          'POST',
          '/api/admin/articles',
          { ...draft('分类'), category: { id: 999_999 } },
          content.categoryNotFound,
        ],
        [
          'a category id of 0',
          'POST',
          '/api/admin/articles',
          { ...draft('分类'), category: { id: 0 } },
          content.invalidId(content.category),
        ],
        [
          'an empty category name',
          'POST',
          '/api/admin/articles',
          { ...draft('分类'), category: { name: ' ' } },
          text.categoryNameRequired,
        ],
        [
          'a tag too long',
          'POST',
          '/api/admin/articles',
          { ...draft('标签'), tags: [long(51)] },
          text.tooLong(text.field.tagName, 50),
        ],
        [
          'too many tags',
          'POST',
          '/api/admin/articles',
          { ...draft('标签'), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
          text.tooManyTags(20),
        ],
        [
          'a version of 0',
          'PUT',
          `/api/admin/articles/${article.id}`,
          saveBody(article, { version: 0 }),
          text.invalidVersion,
        ],
        ['an id that is not a number', 'GET', '/api/admin/articles/abc', undefined, content.invalidId(content.article)],
        ['a page size of 1000', 'GET', '/api/admin/articles?size=1000', undefined, content.invalidPageSize(999)],
        [
          'a keyword too long',
          'GET',
          `/api/admin/articles?keyword=${long(51)}`,
          undefined,
          text.tooLong(text.field.keyword, 50),
        ],
        [
          'a publish time in the past',
          'POST',
          `/api/admin/articles/${article.id}/publish`,
          { publishAt: '2020-01-01T00:00:00Z' },
          text.publishAtPast,
        ],
        [
          'a publish time that is no time',
          'POST',
          `/api/admin/articles/${article.id}/publish`,
          { publishAt: '明天' },
          text.invalidPublishAt,
        ],
        [
          'a publish time years ahead',
          'POST',
          `/api/admin/articles/${article.id}/publish`,
          { publishAt: '2999-01-01T00:00:00Z' },
          text.publishAtTooFar(366),
        ],
      ];
      for (const [what, method, url, payload, message] of cases) {
        const answer = await call(method, url, payload);
        expect(answer, what).toEqual({ status: 400, body: { code: 400, result: null, message } });
      }
      const missing = await call('PUT', `/api/admin/articles/${article.id}`, { title: '缺了字段' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^请求/);
      expect((await call('GET', '/api/admin/articles/999999')).body).toEqual({
        code: 404,
        result: null,
        message: content.articleNotFound,
      });
    });

    it('creates a draft, saves new versions, and refuses an older version with the server copy', async () => {
      const first = await created({
        ...draft('初稿', '第一版'),
        category: { name: '随笔' },
        tags: ['生活', '  生活 ', '日记'],
        pinned: true,
      });
      expect(first).toMatchObject({
        version: 1,
        status: 'draft',
        publishAt: null,
        deletedAt: null,
        pinned: true,
        summary: '',
      });
      expect(first.category?.name).toBe('随笔');
      expect(first.tags.map((t) => t.name)).toEqual(['生活', '日记']);
      const options = (await call<ConsoleArticleOptionsDto>('GET', '/api/admin/articles/options')).body.result;
      expect(options.categories).toContainEqual(first.category);
      expect(options.tags).toEqual(expect.arrayContaining(first.tags));

      const second = await save(first, { content: '第二版', summary: '手写的摘要' });
      expect(second).toMatchObject({ id: first.id, version: 2, content: '第二版', summary: '手写的摘要' });
      // A tab still on version 1 types something else: refused, nothing written, the server's copy returned.
      const stale = await call<ConsoleArticleDto>(
        'PUT',
        `/api/admin/articles/${first.id}`,
        saveBody(first, { content: '旧标签页的改动' }),
      );
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 409, message: text.versionConflict });
      expect(stale.body.result).toEqual(second);
      expect((await call<ConsoleArticleDto>('GET', `/api/admin/articles/${first.id}`)).body.result.content).toBe(
        '第二版',
      );
      // Keeping its own text: the writer saves again over the server's version.
      const kept = await save(second, { content: '旧标签页的改动' });
      expect(kept.version).toBe(3);
      // A retried save of the same text, even from the older version, changes nothing.
      expect(await save(second, { content: '旧标签页的改动' })).toEqual(kept);
      expect(await save(kept, {})).toEqual(kept);
      // A save that supersedes a late one still on its way stores the same text as a new version, so that
      // late save (written on version 3) is refused; from an older version it changes nothing.
      const fenced = await save(kept, { supersede: true });
      expect(fenced).toMatchObject({ version: 4, content: '旧标签页的改动' });
      expect(await save(second, { content: '旧标签页的改动', supersede: true })).toEqual(fenced);
      const late = await call('PUT', `/api/admin/articles/${first.id}`, saveBody(kept, { content: '迟到的保存' }));
      expect(late.status).toBe(409);
      const revisions = (await call<ArticleRevisionSummaryDto[]>('GET', `/api/admin/articles/${first.id}/revisions`))
        .body.result;
      expect(revisions.map((r) => r.version)).toEqual([4, 3, 2, 1]);
      expect(revisions[2]).toMatchObject({ title: '初稿', size: 3 });
    });

    it('keeps the last revisions, prunes older ones in the same save, and restores one as a new version', async () => {
      let article = await created(draft('修订', '版本 1'));
      for (let version = 2; version <= KEPT_REVISIONS + 5; version++)
        article = await save(article, { content: `版本 ${version}` });
      const revisions = (await call<ArticleRevisionSummaryDto[]>('GET', `/api/admin/articles/${article.id}/revisions`))
        .body.result;
      expect(revisions).toHaveLength(KEPT_REVISIONS);
      expect(revisions[0]!.version).toBe(KEPT_REVISIONS + 5);
      expect(revisions.at(-1)!.version).toBe(6);
      expect((await call('GET', `/api/admin/articles/${article.id}/revisions/5`)).body).toEqual({
        code: 404,
        result: null,
        message: text.revisionNotFound,
      });
      const old = (await call<ArticleRevisionDto>('GET', `/api/admin/articles/${article.id}/revisions/10`)).body.result;
      expect(old).toMatchObject({ version: 10, content: '版本 10', title: '修订' });
      const staleRestore = await call<ConsoleArticleDto>(
        'POST',
        `/api/admin/articles/${article.id}/revisions/10/restore`,
        { version: 3 },
      );
      expect(staleRestore.status).toBe(409);
      expect(staleRestore.body.result.version).toBe(article.version);
      const restored = await call<ConsoleArticleDto>('POST', `/api/admin/articles/${article.id}/revisions/10/restore`, {
        version: article.version,
      });
      expect(restored.body.result).toMatchObject({ version: article.version + 1, content: '版本 10' });
      const after = (await call<ArticleRevisionSummaryDto[]>('GET', `/api/admin/articles/${article.id}/revisions`)).body
        .result;
      expect(after).toHaveLength(KEPT_REVISIONS);
      expect(after[0]).toMatchObject({ version: article.version + 1, size: Array.from('版本 10').length });
    });

    it('publishes: the article reaches home, search, RSS and the sitemap, and users get one type-1 notice', async () => {
      const word = `发布词${crypto.randomBytes(3).toString('hex')}`;
      const article = await created(draft(`发布测试 ${word}`, `正文里有${word}。`));
      expect(await readerView(article.id, word)).toEqual(nowhere);
      const published = await state(article, 'publish', { publishAt: null });
      expect(published.body.result).toMatchObject({ status: 'published', version: 1 });
      expect(await readerView(article.id, word)).toEqual(everywhere);
      expect(await publishNotices(article.id)).toBe(1);
      // Publishing again is no new event.
      expect((await state(article, 'publish', { publishAt: null })).body.result.status).toBe('published');
      expect(await publishNotices(article.id)).toBe(1);
    });

    it('closes and reopens an article to comments from the editor; a save without the switch keeps it', async () => {
      const comments = async (id: number) => {
        const listed = await call<{ closed: boolean }>('GET', `/api/comment/list?type=article&id=${id}`);
        const posted = await call('POST', '/api/comment/add', { targetType: 'article', targetId: id, content: '评论一句' }, { cookie: user });
        return { closed: listed.body.result.closed, posted: posted.status };
      };
      const article = await created({ ...draft('关评论'), commentsClosed: true });
      expect(article.commentsClosed).toBe(true);
      await state(article, 'publish', { publishAt: null });
      expect(await comments(article.id)).toEqual({ closed: true, posted: 403 });
      // An older client that does not send the switch changes the text only.
      const { commentsClosed: _left, ...withoutSwitch } = saveBody(article, { content: '改了正文' });
      const edited = await call<ConsoleArticleDto>('PUT', `/api/admin/articles/${article.id}`, withoutSwitch);
      expect(edited.body.result).toMatchObject({ content: '改了正文', commentsClosed: true });
      const reopened = await save(edited.body.result, { commentsClosed: false });
      expect(reopened).toMatchObject({ commentsClosed: false, version: edited.body.result.version + 1 });
      expect(await comments(article.id)).toEqual({ closed: false, posted: 200 });
    });

    it('edits a published article in place: same id and views, search and the page show the new words at once', async () => {
      const oldWord = `旧词${crypto.randomBytes(3).toString('hex')}`;
      const newWord = `新词${crypto.randomBytes(3).toString('hex')}`;
      let article = await created(draft(`在线编辑`, `最初写的是${oldWord}。`));
      await state(article, 'publish', { publishAt: null });
      for (let i = 0; i < 3; i++) await site.call({ method: 'GET', url: `/api/article/getArticleById/${article.id}` });
      // Fill the kept answers first: only an invalidation can make the edit show.
      expect((await readerView(article.id, oldWord)).found).toBe(true);
      expect((await readerView(article.id, newWord)).found).toBe(false);
      // Every view counted so far stored: the save below must keep the count as it is.
      await site.server.settleCounters();
      article = (await call<ConsoleArticleDto>('GET', `/api/admin/articles/${article.id}`)).body.result;
      expect(article.views).toBeGreaterThanOrEqual(5);
      const saved = await save(article, { content: `改成了${newWord}。` });
      expect(saved.views).toBe(article.views);
      expect((await readerView(article.id, oldWord)).found).toBe(false);
      expect(await readerView(article.id, newWord)).toEqual(everywhere);
      const page = (await site.call({ method: 'GET', url: `/api/article/getArticleById/${article.id}` })).json<{
        result: { article_content: string; views: number };
      }>();
      expect(page.result.article_content).toContain(newWord);
      expect(page.result.views).toBeGreaterThanOrEqual(4);
    });

    it('hides and trashes: out of every public place; unhide and restore bring it back; the bin empties for good', async () => {
      const word = `隐藏词${crypto.randomBytes(3).toString('hex')}`;
      const tag = `留下的标签${crypto.randomBytes(2).toString('hex')}`;
      const article = await created({ ...draft(`隐藏测试 ${word}`, `正文${word}`), tags: [tag] });
      expect((await state(article, 'hide')).body).toMatchObject({ code: 409, message: text.hideNotPublished });
      await state(article, 'publish', { publishAt: null });
      expect(await readerView(article.id, word)).toEqual(everywhere);

      expect((await state(article, 'hide')).body.result.status).toBe('hidden');
      expect(await readerView(article.id, word)).toEqual(nowhere);
      expect((await state(article, 'unhide')).body.result.status).toBe('published');
      expect(await readerView(article.id, word)).toEqual(everywhere);

      const trashed = await state(article, 'trash');
      expect(trashed.body.result).toMatchObject({ status: 'trash' });
      expect(await readerView(article.id, word)).toEqual(nowhere);
      const edit = await call<ConsoleArticleDto>(
        'PUT',
        `/api/admin/articles/${article.id}`,
        saveBody(trashed.body.result, { content: '回收站里改' }),
      );
      expect(edit.body).toMatchObject({ code: 409, message: text.inTrash });
      const bin = (await call<ConsoleArticlePageDto>('GET', '/api/admin/articles?status=trash&size=999')).body.result;
      expect(bin.list.map((row) => row.id)).toContain(article.id);
      expect(bin.counts.trash).toBe(bin.total);

      const notices = await publishNotices(article.id);
      expect((await state(article, 'restore')).body.result.status).toBe('published');
      expect(await readerView(article.id, word)).toEqual(everywhere);
      expect(await publishNotices(article.id)).toBe(notices);

      expect((await call('DELETE', `/api/admin/articles/${article.id}`)).body).toMatchObject({
        code: 409,
        message: text.deleteNotInTrash,
      });
      await state(article, 'trash');
      const other = await created();
      await state(other, 'trash');
      expect((await call('DELETE', `/api/admin/articles/${other.id}`)).body).toEqual({
        code: 0,
        result: null,
        message: 'success',
      });
      const emptied = await call<{ removed: number }>('DELETE', '/api/admin/articles/bin');
      expect(emptied.body.result.removed).toBeGreaterThanOrEqual(1);
      expect((await call('GET', `/api/admin/articles/${article.id}`)).status).toBe(404);
      expect(
        (await call<ConsoleArticlePageDto>('GET', '/api/admin/articles?status=trash')).body.result.counts.trash,
      ).toBe(0);
      for (const table of ['article_body', 'article_tag', 'article_revision'] as const) {
        const rows = await db.db
          .selectFrom(table)
          .select('article_id')
          .where('article_id', 'in', [article.id, other.id])
          .execute();
        expect(rows, table).toEqual([]);
      }
      const tokens =
        backend.name === 'PostgreSQL'
          ? await db.db
              .selectFrom('article_tokens' as never)
              .selectAll()
              .where('article_id' as never, '=', article.id as never)
              .execute()
          : await db.db
              .selectFrom('article_fts' as never)
              .selectAll()
              .where('rowid' as never, '=', article.id as never)
              .execute();
      expect(tokens).toEqual([]);
      const options = (await call<ConsoleArticleOptionsDto>('GET', '/api/admin/articles/options')).body.result;
      expect(options.tags.map((t) => t.name)).toContain(tag);
    });

    it('lists with filters, a title keyword and counts per status', async () => {
      const mark = `x${crypto.randomBytes(3).toString('hex')}`;
      const a = await created({
        ...draft(`列表${mark}甲`),
        category: { name: `列表分类${mark}` },
        tags: [`列表标签${mark}`],
      });
      // ASCII letters match whatever their case, as in the public search.
      const b = await created(draft(`列表${mark.toUpperCase()}乙`));
      await state(b, 'publish', { publishAt: null });
      const query = `/api/admin/articles?keyword=${encodeURIComponent(`列表${mark}`)}`;
      const page = (await call<ConsoleArticlePageDto>('GET', query)).body.result;
      expect(page.counts).toEqual({ all: 2, draft: 1, published: 1, scheduled: 0, hidden: 0, trash: 0 });
      expect(page.list.map((row) => row.id)).toEqual([b.id, a.id]);
      const drafts = (await call<ConsoleArticlePageDto>('GET', `${query}&status=draft`)).body.result;
      expect(drafts.list.map((row) => row.id)).toEqual([a.id]);
      expect(drafts.list[0]).toMatchObject({
        status: 'draft',
        category: a.category,
        tags: a.tags,
        version: 1,
        comments: 0,
      });
      const byTag = (await call<ConsoleArticlePageDto>('GET', `/api/admin/articles?tagId=${a.tags[0]!.id}`)).body
        .result;
      expect(byTag.list.map((row) => row.id)).toEqual([a.id]);
      const byCategory = (await call<ConsoleArticlePageDto>('GET', `/api/admin/articles?categoryId=${a.category!.id}`))
        .body.result;
      expect(byCategory.list.map((row) => row.id)).toEqual([a.id]);
      const paged = (await call<ConsoleArticlePageDto>('GET', `${query}&current=2&size=1`)).body.result;
      expect(paged).toMatchObject({ total: 2, current: 2, size: 1 });
      expect(paged.list.map((row) => row.id)).toEqual([a.id]);
    });

    it('publishes a scheduled article at its time on one of two instances, with exactly one notice', async () => {
      const word = `定时词${crypto.randomBytes(3).toString('hex')}`;
      const article = await created(draft(`定时发布 ${word}`, `正文${word}`));
      // Far enough ahead for the checks before it to finish first.
      const publishAt = new Date(Date.now() + 3_000).toISOString();
      const scheduled = await state(article, 'publish', { publishAt });
      expect(scheduled.body.result).toMatchObject({ status: 'scheduled', publishAt });
      expect(
        (await call<ConsoleArticlePageDto>('GET', '/api/admin/articles?status=scheduled')).body.result.list.map(
          (r) => r.id,
        ),
      ).toContain(article.id);
      expect(await readerView(article.id, word, second)).toEqual(nowhere);
      await vi.waitFor(
        async () =>
          expect(
            (await second.call({ method: 'GET', url: `/api/article/getArticleById/${article.id}` })).statusCode,
          ).toBe(200),
        { timeout: 10_000, interval: 50 },
      );
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
      const published = (
        await call<ConsoleArticleDto>('GET', `/api/admin/articles/${article.id}`, undefined, { on: second })
      ).body.result;
      expect(published).toMatchObject({ status: 'published', publishAt: null, createdAt: publishAt });
      // Both instances have polled many times since: a second claim would have sent a second notice.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
      expect(await publishNotices(article.id)).toBe(1);
      expect(await readerView(article.id, word)).toEqual(everywhere);
    });

    it('a re-import of the same source bumps the version under the editor and leaves a trashed article in the bin', async () => {
      const article = await created(draft('导入覆盖', '控制台写的'));
      const imported = (status: 'public' | 'draft') => ({
        sourceKey: `console-${article.id}`,
        title: '导入覆盖',
        content: '文件里的版本',
        summary: '',
        cover: '',
        category: null,
        tags: [],
        pinned: false,
        pinOrder: 0,
        status,
        createdAt: article.createdAt,
        updatedAt: new Date().toISOString(),
      });
      const repository = new KyselyArticleRepository(db.db, db.dialect);
      expect(await repository.upsert(imported('draft'))).toMatchObject({ id: article.id, created: false });
      const stale = await call<ConsoleArticleDto>(
        'PUT',
        `/api/admin/articles/${article.id}`,
        saveBody(article, { content: '编辑器里的' }),
      );
      expect(stale.status).toBe(409);
      expect(stale.body.result).toMatchObject({ version: 2, content: '文件里的版本' });

      await state(article, 'trash');
      expect(await repository.upsert(imported('public'))).toMatchObject({ becamePublic: false });
      expect((await call<ConsoleArticleDto>('GET', `/api/admin/articles/${article.id}`)).body.result.status).toBe(
        'trash',
      );
      expect((await site.call({ method: 'GET', url: `/api/article/getArticleById/${article.id}` })).statusCode).toBe(
        404,
      );
      expect((await state(article, 'restore')).body.result.status).toBe('published');
    });

    it('claims a due article once when several publishers poll at the same moment', async () => {
      const article = await created();
      const publishAt = new Date(Date.now() + 3_600_000).toISOString();
      await state(article, 'publish', { publishAt });
      // Publishers whose clocks are past the time, polling together over the same database.
      const later: Clock = { now: () => new Date(Date.parse(publishAt) + 1_000) };
      const { publisher, sent } = recordingPublisher();
      const publishers = Array.from(
        { length: 4 },
        () => new ArticleConsoleService(new KyselyArticleEditorRepository(db.db, db.dialect), publisher, later),
      );
      const counts = await Promise.all(publishers.map((p) => p.publishDue()));
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(sent.filter((notice) => notice.toId === article.id)).toEqual([
        { to: 'all', type: 1, toId: article.id, message: content.notify.articlePublished(article.title) },
      ]);
      expect((await call<ConsoleArticleDto>('GET', `/api/admin/articles/${article.id}`)).body.result).toMatchObject({
        status: 'published',
        createdAt: publishAt,
      });
    });

    it('refuses to schedule a published article and to publish an empty body', async () => {
      const article = await created();
      await state(article, 'publish', { publishAt: null });
      const refused = await state(article, 'publish', { publishAt: new Date(Date.now() + 60_000).toISOString() });
      expect(refused.body).toMatchObject({
        code: 409,
        message: text.scheduleNotDraft,
        result: { status: 'published' },
      });
      const empty = await created(draft('空正文', ''));
      expect((await state(empty, 'publish', { publishAt: null })).body).toEqual({
        code: 400,
        result: null,
        message: text.emptyBody,
      });
      expect((await state(article, 'unpublish')).body.result.status).toBe('draft');
    });
  });
});
