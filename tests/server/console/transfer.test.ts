import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyArchive } from '../../../server/adapters/backup/restore';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { ArticleDetailDto, ArticlePageDto, SearchResultDto } from '../../../src/protocol/content';
import type { OverviewDto } from '../../../src/protocol/console/overview';
import type { ImportReportDto } from '../../../src/protocol/console/transfer';
import { MARKER } from '../accounts/support';
import { adminCookie, rawGet, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { deflated, hexoPost, hexoZip, rawZip, tinyPng, zerosEntry } from './zips';

const text = zhCN.consoleTransfer.server;
const account = zhCN.account.server;
const SAME_SITE = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };
const BOUNDARY = '----transfertest';
const IMPORT = '/api/admin/transfer/import';
const EXPORT = '/api/admin/transfer/export';
const BACKUP = '/api/admin/transfer/backup';
const OVERVIEW = '/api/admin/overview';

interface Answer<T> {
  status: number;
  body: { code: number; result: T; message: string };
}

/** Parts as the browser's FormData sends them. */
function multipart(parts: { name: string; filename?: string; bytes: Buffer }[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap(({ name, filename, bytes }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
          `Content-Type: ${filename ? 'application/zip' : 'text/plain'}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/** The five posts of the blog the tests import: two public, a draft, a hidden one and one that cannot be read. */
const POSTS = {
  'hello-world.md': hexoPost(
    '你好，世界',
    '第一篇迁移过来的文章，关键词琥珀色的黄昏。\n\n![配图](../images/pic.png)\n\n{% youtube dQw4w9WgXcQ %}\n\n[下一篇](second.md)',
  ),
  'second.md': hexoPost('第二篇', '第二篇的正文。'),
  'draft.md': hexoPost('还是草稿', '草稿正文。', 'draft: true\n'),
  'secret.md': hexoPost('隐藏的文章', '不给人看。', 'hidden: true\n'),
  'broken.md': '---\ntitle: [没有闭合\n---\n\n坏掉的 front matter。\n',
};

describe.each(await backends())("the console's import, export, backup and overview on $name", (backend) => {
  let data: SharedData;
  let site: TestSite;
  let db: DatabaseHandle;
  let admin: string;
  let reader: string;
  let imported: ImportReportDto;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await sharedData(backend.name, { SEED_DEMO: 'false' });
    site = await startSite(data);
    db = data.open();
    admin = await adminCookie(site, site.adminPassword);
    const username = `r${crypto.randomBytes(5).toString('hex')}`;
    await call('POST', '/api/user/register', { username, password: 'abc123456', nick_name: username });
    const login = await site.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: SAME_SITE,
      payload: { username, password: 'abc123456' },
    });
    reader = `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await site?.close();
    await data?.dispose();
  });

  const test = it.skipIf(backend.skipReason !== undefined);

  async function call<T = unknown>(method: string, url: string, payload?: object, cookie?: string): Promise<Answer<T>> {
    const response = await site.app.inject({
      method: method as 'GET',
      url,
      headers: { ...SAME_SITE, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function upload<T = ImportReportDto>(body: Buffer, cookie = admin, dryRun = false): Promise<Answer<T>> {
    const response = await site.app.inject({
      method: 'POST',
      url: dryRun ? `${IMPORT}?dryRun=true` : IMPORT,
      headers: { ...SAME_SITE, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  }

  const uploadZip = (zip: Buffer, cookie = admin, dryRun = false) =>
    upload(multipart([{ name: 'file', filename: 'blog.zip', bytes: zip }]), cookie, dryRun);

  /** What an import writes: articles, comments, board posts and media files. */
  async function written() {
    const count = async (table: 'comment' | 'board_message' | 'article_old_address') =>
      Number((await db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const media = path.join(data.config.dataDir, 'media');
    return {
      articles: await articles(),
      comments: await count('comment'),
      board: await count('board_message'),
      addresses: await count('article_old_address'),
      media: fs.existsSync(media) ? fs.readdirSync(media).sort() : [],
    };
  }

  /** Every article as stored: what a refused import must leave exactly as it was. */
  async function articles() {
    const { rows } = await sql<
      Record<string, unknown>
    >`select a.*, b.content from article a join article_body b on b.article_id = a.id order by a.id`.execute(db.db);
    return rows;
  }

  /** The work folders under the data folder: none may outlive its call. */
  function workFolders(): string[] {
    const dir = path.join(data.config.dataDir, 'tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  test('refuses a visitor (401) and a user (403) on every call of the area', async () => {
    const calls: [string, string][] = [
      ['POST', IMPORT],
      ['GET', EXPORT],
      ['GET', BACKUP],
      ['GET', OVERVIEW],
    ];
    for (const [method, url] of calls) {
      for (const [cookie, status, message] of [
        [undefined, 401, account.loginRequired],
        [reader, 403, account.adminRequired],
      ] as const) {
        const answer = await call(method, url, undefined, cookie);
        expect(answer.status, `${method} ${url}`).toBe(status);
        expect(answer.body).toEqual({ code: status, result: null, message });
      }
    }
    const upload = await uploadZip(await hexoZip(POSTS), reader);
    expect(upload.status).toBe(403);
    expect(await articles()).toEqual([]);
  });

  test('a dry run reports what the Hexo zip would bring and writes nothing', async () => {
    const before = await written();
    const answer = await uploadZip(await hexoZip(POSTS), admin, true);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({ layout: 'hexo', created: 4, updated: 0, failed: 1, dryRun: true, unknownShortcodes: [{ name: '{% youtube %}', count: 1, posts: 1 }] });
    expect(answer.body.result.files.every((f) => f.articleId === null)).toBe(true);
    expect(await written()).toEqual(before);
    expect(workFolders()).toEqual([]);
  });

  test("imports a Hexo blog's posts from its zip: the report, the articles on the home page and in search at once", async () => {
    // The home page is kept in memory from here on: only the import's change notice can show the new articles.
    const homeUrl = `${site.url}/api/article/blogHomeGetArticleList/1/8`;
    expect(JSON.parse((await rawGet(homeUrl)).body).result.total).toBe(0);

    const answer = await uploadZip(await hexoZip(POSTS));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    imported = answer.body.result;
    expect(imported).toMatchObject({
      dryRun: false,
      layout: 'hexo',
      folders: ['myblog/source/_posts'],
      created: 4,
      updated: 0,
      failed: 1,
      summary: zhCN.contentServer.importer.summary(4, 0, 1),
      unknownShortcodes: [{ name: '{% youtube %}', count: 1, posts: 1 }],
    });
    // Only the posts folder: not the drafts folder, the about page or node_modules.
    expect(imported.files.map((f) => f.file).sort()).toEqual(
      Object.keys(POSTS)
        .map((name) => `myblog/source/_posts/${name}`)
        .sort(),
    );
    const broken = imported.files.find((f) => f.file.endsWith('broken.md'))!;
    expect(broken).toMatchObject({ status: 'failed', articleId: null, title: '' });
    expect(broken.error).toMatch(/^broken\.md：front matter 格式错误/);
    const hello = imported.files.find((f) => f.file.endsWith('hello-world.md'))!;
    expect(hello).toMatchObject({ status: 'created', title: '你好，世界', error: '' });
    expect(hello.warnings).toEqual([zhCN.contentServer.importer.unknownShortcodes('{% youtube %} ×1')]);

    const home = JSON.parse((await rawGet(homeUrl)).body) as { result: ArticlePageDto };
    expect(home.result.list.map((a) => a.article_title).sort()).toEqual(['你好，世界', '第二篇']);
    const detail = await call<ArticleDetailDto>('GET', `/api/article/getArticleById/${hello.articleId}`);
    expect(detail.body.result.article_content).toMatch(/!\[配图\]\(\/media\/[^)]+\.png\)/);
    expect(detail.body.result.article_content).toContain(
      `/article?id=${imported.files.find((f) => f.file.endsWith('second.md'))!.articleId}`,
    );
    const found = await call<SearchResultDto[]>(
      'GET',
      `/api/article/getArticleListByContent/${encodeURIComponent('琥珀色的黄昏')}`,
    );
    expect(found.body.result.map((r) => r.id)).toEqual([hello.articleId]);
    expect(workFolders()).toEqual([]);

    // The same zip again updates the same articles.
    const again = await uploadZip(await hexoZip(POSTS));
    expect(again.body.result).toMatchObject({ created: 0, updated: 4, failed: 1 });
    expect(again.body.result.files.map((f) => f.articleId)).toEqual(imported.files.map((f) => f.articleId));
  });

  const refusals: [string, () => Promise<Buffer> | Buffer, string][] = [
    [
      'a name leading out with ../',
      () => rawZip([deflated('posts/ok.md', hexoPost('好', '好')), deflated('../evil.md', hexoPost('坏', '坏'))]),
      text.unsafePath('../evil.md'),
    ],
    [
      'a name leading out through a backslash',
      () => rawZip([deflated('posts\\..\\..\\evil.md', hexoPost('坏', '坏'))]),
      text.unsafePath('posts\\..\\..\\evil.md'),
    ],
    [
      'an absolute name',
      () => rawZip([deflated('/etc/cron.d/evil.md', hexoPost('坏', '坏'))]),
      text.unsafePath('/etc/cron.d/evil.md'),
    ],
    [
      'a Windows drive name',
      () => rawZip([deflated('C:/evil.md', hexoPost('坏', '坏'))]),
      text.unsafePath('C:/evil.md'),
    ],
    [
      'a symbolic link',
      () =>
        rawZip([
          deflated('posts/ok.md', hexoPost('好', '好')),
          { ...deflated('posts/passwd.md', '/etc/passwd'), mode: 0o120777 },
        ]),
      text.symlink('posts/passwd.md'),
    ],
    [
      'a zip bomb (1100 MB of zeros, declared)',
      () => rawZip([deflated('posts/ok.md', hexoPost('好', '好')), zerosEntry('posts/zeros.md')]),
      text.tooLarge(1024),
    ],
    [
      'a zip bomb whose header lies about its size',
      () => rawZip([deflated('posts/ok.md', hexoPost('好', '好')), zerosEntry('posts/zeros.md', 1024)]),
      text.damagedZip,
    ],
    ['a picture named .zip', () => tinyPng(), text.notAZip],
    ['an empty file', () => Buffer.alloc(0), text.notAZip],
    ['an empty zip', () => Buffer.from(zipSync({})), text.emptyZip],
    ['a zip of folders only', () => Buffer.from(zipSync({ 'posts/': {} })), text.emptyZip],
    ['a zip without Markdown', () => Buffer.from(zipSync({ 'notes.txt': strToU8('只是文本') })), text.noPosts],
    ['a cut-off zip', async () => (await hexoZip(POSTS)).subarray(0, 600), text.damagedZip],
    [
      'a stored entry whose bytes do not match its checksum',
      () =>
        rawZip([{ name: 'posts/a.md', data: Buffer.from('---\ntitle: 甲\n---\n'), method: 0, crc: 1234, size: 18 }]),
      text.damagedZip,
    ],
  ];

  test.each(refusals)(
    'refuses %s with 400 and a Chinese message; the articles stay as they were, no work folder is left',
    async (_what, zip, message) => {
      const before = await articles();
      const answer = await uploadZip(await zip());
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, result: null, message });
      expect(await articles()).toEqual(before);
      expect(workFolders()).toEqual([]);
    },
  );

  test("imports a comment export uploaded after the posts: under the article by its old address, the uploader standing for the owner", async () => {
    const hello = imported.files.find((f) => f.file.endsWith('hello-world.md'))!;
    const waline = {
      type: 'waline',
      version: 1,
      data: {
        Comment: [
          { objectId: 'a', nick: '老读者', url: '/2020/01/01/hello-world/', comment: '写得好', status: 'approved', insertedAt: '2020-01-02T00:00:00.000Z' },
          { objectId: 'b', pid: 'a', rid: 'a', user_id: 'u1', nick: '旧博主', url: '/2020/01/01/hello-world/', comment: '谢谢', status: 'approved', insertedAt: '2020-01-03T00:00:00.000Z' },
        ],
        Counter: [],
        Users: [{ objectId: 'u1', type: 'administrator', email: 'old@example.com' }],
      },
    };
    const body = multipart([{ name: 'file', filename: 'waline.json', bytes: Buffer.from(JSON.stringify(waline)) }]);
    const before = await written();
    const dry = await upload(body, admin, true);
    expect(dry.body.result).toMatchObject({ layout: 'comments', dryRun: true, summary: zhCN.contentServer.commentImport.added(2, 0) });
    expect(await written()).toEqual(before);
    const answer = await upload(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({
      layout: 'comments',
      comments: { system: 'Waline' },
      summary: zhCN.contentServer.commentImport.added(2, 0),
    });
    const thread = await call<{ list: { author: { nickName: string }; replies: { author: { admin: boolean } }[] }[] }>(
      'GET',
      `/api/comment/list?type=article&id=${hello.articleId}`,
    );
    expect(thread.body.result.list.map((c) => [c.author.nickName, c.replies.map((r) => r.author.admin)])).toEqual([['老读者', [true]]]);
    expect(workFolders()).toEqual([]);
  });

  test('imports a WordPress export uploaded as it is, known by its content, and its old address leads to the article', async () => {
    const wxr = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel>
<item><title>从 WordPress 搬来</title><link>https://old.example/moved-in/</link><content:encoded><![CDATA[第一段\n\n第二段]]></content:encoded>
<wp:post_id>7001</wp:post_id><wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_date_gmt>2020-02-02 02:00:00</wp:post_date_gmt>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_author>读者</wp:comment_author><wp:comment_date_gmt>2020-02-03 00:00:00</wp:comment_date_gmt>
<wp:comment_content>搬得好</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment>
<wp:comment><wp:comment_id>2</wp:comment_id><wp:comment_author>广告</wp:comment_author><wp:comment_date_gmt>2020-02-03 00:00:00</wp:comment_date_gmt>
<wp:comment_content>买</wp:comment_content><wp:comment_approved>spam</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment></item></channel></rss>`;
    const body = multipart([{ name: 'file', filename: 'export.bin', bytes: Buffer.from(wxr) }]);
    const before = await written();
    const dry = await upload(body, admin, true);
    expect(dry.body.result).toMatchObject({ layout: 'wordpress', created: 1, failed: 0, dryRun: true, files: [{ articleId: null, title: '从 WordPress 搬来' }] });
    expect(dry.body.result.comments?.lines.slice(0, 2)).toEqual([zhCN.contentServer.commentImport.added(1, 0), zhCN.contentServer.commentImport.skipped(1, 0)]);
    expect(await written()).toEqual(before);
    const answer = await upload(body);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ layout: 'wordpress', created: 1, failed: 0, dryRun: false });
    expect(answer.body.result.comments?.lines).toEqual(dry.body.result.comments?.lines);
    const id = answer.body.result.files[0]!.articleId;
    for (const old of ['/?p=7001', '/moved-in/']) {
      const response = await site.app.inject({ method: 'GET', url: old });
      expect([response.statusCode, response.headers.location]).toEqual([301, `/article?id=${id}`]);
    }
  });

  test('imports a zip of a WordPress export and its wp-content/uploads: pictures copied by their bytes, links rewritten', async () => {
    const picture = await tinyPng();
    const wxr = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel>
<item><title>带图的旧文</title><link>https://old.example/with-picture/</link>
<content:encoded><![CDATA[<p>图：</p><img src="https://old.example/wp-content/uploads/2020/02/pic.png" alt="老照片" /><img src="https://old.example/wp-content/uploads/2020/02/gone.png" alt="丢了" />]]></content:encoded>
<wp:post_id>7002</wp:post_id><wp:post_date_gmt>2020-02-02 02:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`;
    const zip = Buffer.from(zipSync({ 'site/export.xml': strToU8(wxr), 'site/wp-content/uploads/2020/02/pic.png': new Uint8Array(picture) }));
    const before = await written();
    const dry = await uploadZip(zip, admin, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.result).toMatchObject({ layout: 'wordpress', created: 1, dryRun: true });
    expect(await written()).toEqual(before);
    const answer = await uploadZip(zip);
    expect(answer.body.result).toMatchObject({ layout: 'wordpress', created: 1, failed: 0 });
    const [file] = answer.body.result.files;
    // The missing one is kept as a link and named.
    expect(file!.warnings).toEqual([zhCN.contentServer.importer.wxr.missingUpload('https://old.example/wp-content/uploads/2020/02/gone.png')]);
    const article = await call<ArticleDetailDto>('GET', `/api/article/getArticleById/${file!.articleId}`);
    const content = article.body.result.article_content;
    const copied = /!\[老照片\]\((\/media\/[a-f0-9]+\.png)\)/.exec(content)?.[1];
    expect(copied, content).toBeDefined();
    expect(fs.readFileSync(path.join(data.config.dataDir, 'media', path.basename(copied!))).equals(picture)).toBe(true);
    expect(content).toContain('https://old.example/wp-content/uploads/2020/02/gone.png');
    expect(workFolders()).toEqual([]);
  });

  test('refuses an upload that is not one zip file, and a second import while one runs', async () => {
    const notMultipart = await call('POST', IMPORT, { file: 'x' }, admin);
    expect(notMultipart).toMatchObject({ status: 400, body: { message: text.missingFile } });
    const noFile = await upload(multipart([{ name: 'note', bytes: Buffer.from('x') }]));
    expect(noFile).toMatchObject({ status: 400, body: { message: text.missingFile } });
    const zip = await hexoZip(POSTS);
    const two = await upload(
      multipart([
        { name: 'a', filename: 'a.zip', bytes: zip },
        { name: 'b', filename: 'b.zip', bytes: zip },
      ]),
    );
    expect(two).toMatchObject({ status: 400, body: { message: text.oneFile } });

    const both = await Promise.all([uploadZip(zip), uploadZip(zip)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(both.find((a) => a.status === 409)!.body).toEqual({ code: 409, result: null, message: text.importBusy });
    expect(workFolders()).toEqual([]);
  });

  test('downloads the Markdown export as a zip, named for the browser, that imports back to the same articles', async () => {
    const response = await site.app.inject({ method: 'GET', url: EXPORT, headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="blog-export-\d{4}-\d{2}-\d{2}-\d{4}\.zip"; filename\*=UTF-8''%E5%8D%9A%E5%AE%A2%E6%96%87%E7%AB%A0%E5%AF%BC%E5%87%BA-[\d-]+\.zip$/,
    );
    const zip = response.rawPayload;
    const entries = unzipSync(new Uint8Array(zip));
    const stored = await articles();
    const posts = Object.keys(entries).filter((name) => name.startsWith('posts/'));
    expect(posts).toHaveLength(stored.length);
    expect(Object.keys(entries).filter((name) => name.startsWith('images/'))).toHaveLength(1);
    const titles = posts.map((name) =>
      /^title: (.+)$/m.exec(Buffer.from(entries[name]!).toString('utf8'))?.[1]?.replace(/^'|'$/g, ''),
    );
    expect(titles.sort()).toEqual(stored.map((row) => row.title).sort());

    const again = await uploadZip(zip);
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({
      layout: 'folder',
      folders: [''],
      created: 0,
      updated: stored.length,
      failed: 0,
    });
    const after = await articles();
    const kept = (rows: Record<string, unknown>[]) =>
      rows.map(({ id, title, status, content }) => ({ id, title, status, content }));
    expect(kept(after)).toEqual(kept(stored));
    expect(workFolders()).toEqual([]);
  });

  test('streams a backup archive the restore accepts, the music files left out on request', async () => {
    const refused = await call('GET', `${BACKUP}?music=perhaps`, undefined, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/\p{Script=Han}/u);

    const response = await site.app.inject({ method: 'GET', url: `${BACKUP}?music=false`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="blog-backup-[\d-]+\.backup"; filename\*=UTF-8''%E5%8D%9A%E5%AE%A2%E5%A4%87%E4%BB%BD-[\d-]+\.backup$/,
    );
    const scratch = temporaryFolder('blog-console-backup-');
    try {
      const file = path.join(scratch, 'site.backup');
      fs.writeFileSync(file, response.rawPayload);
      const manifest = await verifyArchive(file);
      const stored = await articles();
      expect(manifest).toMatchObject({ database: { dialect: db.dialect }, music: { included: false } });
      expect(manifest.tables.article).toBe(stored.length);
      const target = path.join(scratch, 'restored');
      await restoreBackup({ file, dataDir: target, musicDir: path.join(target, 'music') });
      const restored = openDatabase({ dataDir: target });
      try {
        const rows = await restored.db.selectFrom('article').select(['id', 'title']).orderBy('id').execute();
        expect(rows).toEqual(stored.map(({ id, title }) => ({ id, title })));
      } finally {
        await restored.close();
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("counts what the site holds for the overview, with today's chat from the blogger's midnight", async () => {
    const ids = Object.fromEntries(
      imported.files.filter((f) => f.articleId).map((f) => [path.basename(f.file, '.md'), f.articleId!]),
    );
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await db.db
      .updateTable('article')
      .set({ status: 'hidden', deleted_at: at(1), trashed_status: 'public', updated_at: at(0) })
      .where('id', '=', ids.second!)
      .execute();
    await db.db
      .updateTable('article')
      .set({ publish_at: new Date(now + 86_400_000).toISOString(), updated_at: at(2) })
      .where('id', '=', ids.draft!)
      .execute();
    await db.db
      .updateTable('article')
      .set({ updated_at: at(3) })
      .where('id', '=', ids.secret!)
      .execute();
    await db.db
      .updateTable('article')
      .set({ updated_at: at(4) })
      .where('id', '=', ids['hello-world']!)
      .execute();
    const album = await db.db
      .insertInto('album')
      .values({ name: '旅行', description: '', cover: '', created_at: at(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const n of [1, 2, 3])
      await db.db
        .insertInto('photo')
        .values({ album_id: album.id, url: `/media/p${n}.webp`, description: '', width: 1, height: 1 })
        .execute();
    await db.db
      .insertInto('talk')
      .values({ content: '说说', images: '[]', pinned: 0, likes: 0, created_at: at(0) })
      .execute();
    for (const status of ['pending', 'pending', 'approved']) {
      await db.db
        .insertInto('friend_link')
        .values({
          name: status,
          description: '',
          url: `https://${crypto.randomUUID()}.example`,
          avatar: '',
          status,
          user_id: null,
          created_at: at(0),
        })
        .execute();
    }
    const chat = (minutesAgo: number, reverted = false) =>
      db.db
        .insertInto('chat_message')
        .values({
          user_id: 1,
          content: '在吗',
          content_type: 'text',
          client_id: crypto.randomUUID(),
          created_at: at(minutesAgo),
          reverted_at: reverted ? at(0) : null,
        })
        .execute();
    await chat(5);
    await chat(50);
    await chat(6, true);
    await chat(120);

    const answer = await call<OverviewDto>(
      'GET',
      `${OVERVIEW}?dayStart=${encodeURIComponent(at(60))}`,
      undefined,
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      // The Hexo post and the two WordPress exports' posts (uploaded above: the file, and the zip with its pictures).
      articles: { published: 3, draft: 0, scheduled: 1, hidden: 1, trash: 1 },
      talks: 1,
      albums: 1,
      photos: 3,
      users: 2,
      pendingLinks: 2,
      chatMessagesToday: 2,
      recentArticles: [
        { id: ids.draft, title: '还是草稿', status: 'scheduled', updatedAt: at(2) },
        { id: ids.secret, title: '隐藏的文章', status: 'hidden', updatedAt: at(3) },
        { id: ids['hello-world'], title: '你好，世界', status: 'published', updatedAt: at(4) },
        { id: expect.any(Number), title: '带图的旧文', status: 'published', updatedAt: '2020-02-02T02:00:00.000Z' },
        { id: expect.any(Number), title: '从 WordPress 搬来', status: 'published', updatedAt: '2020-02-02T02:00:00.000Z' },
      ],
    });

    for (const dayStart of ['yesterday', '2000-01-01T00:00:00.000Z', '2026-13-45T99:00:00Z']) {
      const refused = await call('GET', `${OVERVIEW}?dayStart=${encodeURIComponent(dayStart)}`, undefined, admin);
      expect(refused, dayStart).toMatchObject({
        status: 400,
        body: { code: 400, result: null, message: zhCN.consoleOverview.server.invalidDayStart },
      });
    }
  });
});
