import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../../../server/adapters/db/content/oldAddressRepository';
import type { BlogBackupDeps } from '../../../server/adapters/import/blogBackup';
import { detectImport } from '../../../server/adapters/import/detectImport';
import { importBlogBackup } from '../../../server/adapters/import/importBlogBackup';
import { readTypechoBackup } from '../../../server/adapters/import/typecho/typechoBackup';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { CommentPageDto } from '../../../src/protocol/comments';
import type { ConsoleCommentPageDto } from '../../../src/protocol/console/comments';
import { startCommentSite, type CommentSite } from '../comments/support';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { redirectOf, uploadToConsole } from './backupSupport';
import { folderWith, tinyPng } from './support';

const text = zhCN.contentServer;
const SITE = 'http://old.example.com';
const MARKER = '%TYPECHO_BACKUP_0001%';
const TYPES = { contents: 1, comments: 2, metas: 3, relationships: 4, users: 5, fields: 6 } as const;
type Row = Record<string, string | number | null>;

/** One record as Typecho's buildBackupBuffer writes it: meta (type, header and body lengths), JSON header, body, MD5. */
function record(type: number, row: Row): Buffer {
  const values = Object.entries(row).map(([key, value]) => [key, value === null ? null : Buffer.from(String(value))] as const);
  const header = Buffer.from(JSON.stringify(Object.fromEntries(values.map(([key, bytes]) => [key, bytes === null ? null : bytes.length]))));
  const body = Buffer.concat(values.flatMap(([, bytes]) => (bytes === null ? [] : [bytes])));
  const meta = Buffer.alloc(8);
  meta.writeUInt16LE(type, 0);
  meta.writeUInt16LE(header.length, 2);
  meta.writeUInt32LE(body.length, 4);
  const md5 = crypto.createHash('md5').update(Buffer.concat([meta, header, body])).digest('hex');
  return Buffer.concat([meta, header, body, Buffer.from(md5)]);
}

const CREATED = 1_620_000_000; // 2021-05-03T00:00:00Z
const content = (cid: number, title: string, extra: Row = {}): Row => ({
  cid, title, slug: `post-${cid}`, created: CREATED + cid, modified: CREATED + cid + 60, text: '<!--markdown-->正文', order: 0, authorId: 1,
  template: null, type: 'post', status: 'publish', password: null, commentsNum: 0, allowComment: '1', allowPing: '1', allowFeed: '1', parent: 0,
  ...extra,
});
const comment = (coid: number, cid: number, parent: number, author: string, words: string, extra: Row = {}): Row => ({
  coid, cid, created: CREATED + 1000 + coid, author, authorId: 0, ownerId: 1, mail: `${coid}@reader.example`, url: 'https://reader.example',
  ip: '127.0.0.1', agent: 'Mozilla', text: words, type: 'comment', status: 'approved', parent, ...extra,
});

const MARKDOWN = `<!--markdown-->这是摘要。

<!--more-->

正文里有一只猫：![猫](${SITE}/usr/uploads/2021/05/cat.png)

![丢失][1]

[1]: /usr/uploads/2021/05/gone.png`;

const RECORDS: [keyof typeof TYPES | 'plugin', Row][] = [
  ['contents', content(1, 'Markdown 文章', { slug: 'hello-typecho', text: MARKDOWN })],
  ['contents', content(2, 'HTML 文章', { text: '第一段\n第二行\n\n<ul><li>一<ul><li>二</li></ul></li></ul><script>alert(1)</script>', allowComment: '0' })],
  ['contents', content(3, '隐藏的文章', { status: 'hidden' })],
  ['contents', content(4, '私密文章', { status: 'private' })],
  ['contents', content(5, '待审文章', { status: 'waiting', authorId: 2 })],
  ['contents', content(6, '单独的草稿', { type: 'post_draft' })],
  ['contents', content(7, 'Markdown 文章的修改', { type: 'post_draft', parent: 1 })],
  ['contents', content(8, '加密文章', { password: 'secret' })],
  ['contents', content(9, '留言板', { type: 'page', slug: 'guestbook' })],
  ['contents', content(10, 'cat.png', { type: 'attachment', text: '{"name":"cat.png","path":"/usr/uploads/2021/05/cat.png"}', parent: 1 })],
  ['contents', content(11, '将来的文章', { created: 4_102_444_800 })],
  ['comments', comment(1, 1, 0, '张三', '第一条评论')],
  ['comments', comment(2, 1, 1, '李四', '回复张三')],
  ['comments', comment(3, 1, 2, '博主', '博主回复李四', { authorId: 1 })],
  ['comments', comment(4, 1, 1, 'spammer', '买买买', { status: 'spam' })],
  ['comments', comment(5, 1, 0, '赵六', '等待审核', { status: 'waiting' })],
  ['comments', comment(6, 1, 0, '别的博客', 'pingback', { type: 'pingback' })],
  ['comments', comment(7, 9, 0, '周八', '留言板上的话')],
  ['metas', { mid: 1, name: '默认分类', slug: 'default', type: 'category', description: null, count: 1, order: 1, parent: 0 }],
  ['metas', { mid: 2, name: '技术', slug: 'tech', type: 'category', description: null, count: 1, order: 2, parent: 0 }],
  ['metas', { mid: 3, name: '猫', slug: 'cat', type: 'tag', description: null, count: 1, order: 0, parent: 0 }],
  ['relationships', { cid: 1, mid: 1 }],
  ['relationships', { cid: 1, mid: 2 }],
  ['relationships', { cid: 1, mid: 3 }],
  ['users', { uid: 1, name: 'owner', password: 'x', mail: 'owner@old.example.com', url: SITE, screenName: '博主', created: CREATED, activated: CREATED, logged: CREATED, group: 'administrator', authCode: null }],
  ['users', { uid: 2, name: 'writer', password: 'x', mail: 'writer@old.example.com', url: SITE, screenName: '作者', created: CREATED, activated: CREATED, logged: CREATED, group: 'contributor', authCode: null }],
  ['fields', { cid: 1, name: 'thumb', type: 'str', str_value: `${SITE}/usr/uploads/2021/05/cat.png`, int_value: 0, float_value: 0 }],
  ['plugin', { anything: 'a plugin wrote this' }],
];

function backup(records = RECORDS): Buffer {
  return Buffer.concat([Buffer.from(MARKER), ...records.map(([table, row]) => record(table === 'plugin' ? 99 : TYPES[table], row)), Buffer.from(MARKER)]);
}

describe.each(await backends())('importing a Typecho backup on $name', (backend) => {
  let s: CommentSite;
  let folder: string;
  let deps: BlogBackupDeps;
  let articles: KyselyArticleRepository;
  const file = (name: string) => path.join(folder, name);

  beforeAll(async () => {
    if (backend.skipReason) return;
    s = await startCommentSite(backend.name);
    folder = folderWith({ 'backup.dat': backup(), 'usr/uploads/2021/05/cat.png': await tinyPng() });
    articles = new KyselyArticleRepository(s.db.db, s.db.dialect);
    deps = { articles, media: new LocalMediaStore(temporaryFolder('blog-media-')), oldAddresses: new KyselyOldAddressRepository(s.db.db) };
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  const test = it.skipIf(backend.skipReason !== undefined);
  const run = (name = 'backup.dat', options: { dryRun?: boolean } = {}) =>
    importBlogBackup(s.db, deps, { kind: 'typecho', file: file(name) }, { uploads: file('usr/uploads'), ...options });
  const imported = async () => new Map((await articles.all()).filter((a) => a.sourceKey.startsWith('typecho-')).map((a) => [a.title, a]));

  test('is known by its marker, and a dry run writes nothing', async () => {
    expect(await detectImport(file('backup.dat'))).toEqual({ kind: 'typecho' });
    const dry = await run('backup.dat', { dryRun: true });
    expect(dry.result.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    expect((await imported()).size).toBe(0);
  });

  test('imports posts and pages with their state, taxonomy, pictures, old addresses and comment threads', async () => {
    const { result, comments } = await run();
    expect(result.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    expect(result.skipped).toEqual([
      text.blogBackup.skipped(text.blogBackup.kinds.revision!, 1),
      text.blogBackup.skipped(text.blogBackup.kinds.attachment!, 1),
      text.blogBackup.skipped(text.blogBackup.kinds.plugin!, 1),
      text.blogBackup.skipped(text.blogBackup.kinds.pingback!, 1),
    ]);
    const byTitle = await imported();
    expect([...byTitle.keys()].sort()).toEqual(['HTML 文章', 'Markdown 文章', '留言板', '加密文章', '单独的草稿', '将来的文章', '待审文章', '私密文章', '隐藏的文章'].sort());
    const markdown = byTitle.get('Markdown 文章')!;
    expect(markdown).toMatchObject({ status: 'public', category: '默认分类', tags: ['猫', '技术'], summary: '这是摘要。', createdAt: new Date((CREATED + 1) * 1000).toISOString() });
    expect(markdown.cover).toMatch(/^\/media\/[a-f0-9]+\.png$/);
    expect(markdown.content).toMatch(/!\[猫\]\(\/media\/[a-f0-9]+\.png\)/);
    expect(markdown.content).toContain('[1]: /usr/uploads/2021/05/gone.png');
    expect(markdown.content).not.toContain('<!--');
    const outcome = result.outcomes.find((o) => o.status !== 'failed' && o.title === 'Markdown 文章')!;
    expect(outcome.status !== 'failed' && outcome.warnings).toEqual([
      text.importer.wxr.missingUpload('/usr/uploads/2021/05/gone.png'),
      text.frontMatter.categoriesAsTags('技术'),
    ]);
    const html = byTitle.get('HTML 文章')!;
    expect(html.commentsClosed).toBe(true);
    expect(html.content).toMatch(/第一段 {2}\n第二行/);
    expect(html.content).toMatch(/- +一\n +- +二/);
    expect(html.content).not.toContain('<script');
    expect(byTitle.get('隐藏的文章')!.status).toBe('hidden');
    expect(byTitle.get('加密文章')!.status).toBe('hidden');
    for (const title of ['私密文章', '待审文章', '单独的草稿']) expect(byTitle.get(title)!.status, title).toBe('draft');
    expect(byTitle.get('将来的文章')!.status).toBe('draft');
    const scheduled = await s.db.db.selectFrom('article').select('publish_at').where('source_key', '=', 'typecho-11').executeTakeFirstOrThrow();
    expect(scheduled.publish_at).toBe('2100-01-01T00:00:00.000Z');
    expect(byTitle.get('留言板')!.category).toBe(text.importer.wxr.pagesCategory);

    // Every permalink style Typecho offers leads to the article; a draft's does not.
    const id = markdown.id;
    for (const old of ['/archives/1/', '/archives/1.html', '/archives/hello-typecho.html', '/index.php/archives/1/', '/2021/05/03/hello-typecho.html', '/default/hello-typecho.html']) {
      expect(await redirectOf(s, old), old).toEqual([301, `/article?id=${id}`]);
    }
    expect((await redirectOf(s, '/archives/6/'))[0]).toBe(404);

    // Threads: the owner's answer is the administrator's, spam and pingbacks stay out, the waiting one is queued.
    expect(comments).toMatchObject({ added: 4, waiting: 1, board: 1, owner: 1, skipped: { spam: 1, deleted: 0 }, unmatched: [] });
    const page = await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${id}&order=oldest`, undefined, { cookie: s.admin });
    expect(page.list.map((c) => [c.author.nickName, c.content])).toEqual([['张三', '第一条评论']]);
    expect(page.list[0]!.replies.map((r) => [r.author.nickName, r.replyTo?.nickName ?? null, r.author.admin])).toEqual([
      ['李四', null, false],
      [expect.any(String), '李四', true],
    ]);
    const queue = await s.done<ConsoleCommentPageDto>('GET', '/api/admin/comments?status=pending&size=100', undefined, { cookie: s.admin });
    expect(queue.list.filter((c) => c.target.id === id).map((c) => c.content)).toEqual(['等待审核']);
    const board = await s.db.db.selectFrom('board_message').select('content').where('import_key', 'like', 'typecho:%').execute();
    expect(board.map((b) => b.content)).toEqual(['留言板上的话']);
  });

  test('changes nothing when imported again, by the command or the console', async () => {
    const before = await imported();
    const again = await run();
    expect(again.result.outcomes.every((o) => o.status === 'updated')).toBe(true);
    expect(again.comments).toMatchObject({ added: 0, board: 0, existing: 5 });
    const strip = (records: Map<string, { id: number }>) => [...records.values()];
    expect(strip(await imported())).toEqual(strip(before));

    const answer = await uploadToConsole(s, 'backup.dat', fs.readFileSync(file('backup.dat')));
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ layout: 'typecho', created: 0, updated: 9, failed: 0, comments: { system: 'Typecho' } });
    expect(answer.body.result.comments!.lines).toContain(text.commentImport.existing(5));
    expect((await imported()).size).toBe(9);
    const warningsOf = (report: typeof answer.body.result) => report.files.find((f) => f.title === 'Markdown 文章')!.warnings;
    expect(warningsOf(answer.body.result)).toContain(text.importer.wxr.remoteImage(`${SITE}/usr/uploads/2021/05/cat.png`));

    // In a zip with the old site's `usr/uploads`, its pictures are copied.
    const zipped = Buffer.from(zipSync({ 'old-blog/backup.dat': fs.readFileSync(file('backup.dat')), 'old-blog/usr/uploads/2021/05/cat.png': fs.readFileSync(file('usr/uploads/2021/05/cat.png')) }));
    const withUploads = await uploadToConsole(s, 'typecho.zip', zipped);
    expect(withUploads.body.result).toMatchObject({ layout: 'typecho', updated: 9, failed: 0 });
    expect(warningsOf(withUploads.body.result)).toEqual([text.importer.wxr.missingUpload('/usr/uploads/2021/05/gone.png'), text.frontMatter.categoriesAsTags('技术')]);
  });

  test('refuses a damaged record or a missing marker by name, and writes nothing', async () => {
    const bytes = backup([['contents', content(50, '不该导入')], ...RECORDS.slice(1)]);
    // One byte of the first record's body changed: its MD5 no longer matches.
    const damaged = Buffer.from(bytes);
    const at = damaged.indexOf(Buffer.from('不该导入'));
    damaged[at + 1] = damaged[at + 1]! ^ 1;
    fs.writeFileSync(file('damaged.dat'), damaged);
    fs.writeFileSync(file('cut.dat'), bytes.subarray(0, bytes.length - 40));
    const count = (await articles.all()).length;
    await expect(run('damaged.dat')).rejects.toThrow(text.blogBackup.typechoRecord(1, text.blogBackup.recordProblems.checksum));
    await expect(run('cut.dat')).rejects.toThrow(text.blogBackup.typechoMarker);
    expect((await articles.all()).length).toBe(count);
    const answer = await uploadToConsole(s, 'damaged.dat', damaged);
    expect([answer.status, answer.body.message]).toEqual([400, text.blogBackup.typechoRecord(1, text.blogBackup.recordProblems.checksum)]);
  });

  test('reads the older FILE version, whose body length is counted from the header', async () => {
    const bytes = backup([['contents', content(60, '旧版本的备份', { text: '长'.repeat(30_000) })]]);
    // The old meta: three uint16 (the body's length cut to 16 bits), no uint32.
    const meta = Buffer.alloc(6);
    const header = bytes.subarray(MARKER.length + 8, MARKER.length + 8 + bytes.readUInt16LE(MARKER.length + 2));
    const body = bytes.subarray(MARKER.length + 8 + header.length, bytes.length - MARKER.length - 32);
    meta.writeUInt16LE(1, 0);
    meta.writeUInt16LE(header.length, 2);
    meta.writeUInt16LE(body.length & 0xffff, 4);
    const md5 = crypto.createHash('md5').update(Buffer.concat([meta, header, body])).digest('hex');
    const old = '%TYPECHO_BACKUP_FILE%';
    fs.writeFileSync(file('old.dat'), Buffer.concat([Buffer.from(old), meta, header, body, Buffer.from(md5), Buffer.from(old)]));
    const read = await readTypechoBackup(file('old.dat'));
    expect(read.tables.contents.map((row) => [row.title, row.text!.length])).toEqual([['旧版本的备份', 30_000]]);
  });
});
