import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../../../server/adapters/db/content/oldAddressRepository';
import type { BlogBackupDeps } from '../../../server/adapters/import/blogBackup';
import { applyHaloPatch } from '../../../server/adapters/import/halo/haloBackup';
import { importBlogBackup } from '../../../server/adapters/import/importBlogBackup';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { CommentPageDto } from '../../../src/protocol/comments';
import type { ConsoleCommentPageDto } from '../../../src/protocol/console/comments';
import type { ArticleDetailDto } from '../../../src/protocol/content';
import { startCommentSite, type CommentSite } from '../comments/support';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { redirectOf, uploadToConsole } from './backupSupport';
import { tinyPng } from './support';

const text = zhCN.contentServer;
type Json = Record<string, unknown>;

/** One extension as Halo's ExtensionStore row: its store name and its JSON in base64. */
function store(group: string, plural: string, kind: string, name: string, body: Json): Json {
  const metadata = { name, creationTimestamp: '2022-01-01T00:00:00Z', version: 3, ...(body.metadata as Json) };
  const extension = { apiVersion: group === '' ? 'v1alpha1' : `${group}/v1alpha1`, kind, ...body, metadata };
  return { name: `/registry/${group === '' ? '' : `${group}/`}${plural}/${name}`, data: Buffer.from(JSON.stringify(extension)).toString('base64'), version: 3 };
}
const content = (kind: string, plural: string, name: string, body: Json) => store('content.halo.run', plural, kind, name, body);
const delta = (type: string, position: number, lines: string[], added: string[]) => ({
  source: { position, lines, changePosition: null },
  target: { position, lines: added, changePosition: null },
  type,
});
const snapshot = (name: string, subject: string, spec: Json, base = false) =>
  content('Snapshot', 'snapshots', name, {
    metadata: base ? { annotations: { 'content.halo.run/keep-raw': 'true' } } : {},
    spec: { subjectRef: { group: 'content.halo.run', version: 'v1alpha1', kind: 'Post', name: subject }, owner: 'admin', ...spec },
  });
const post = (name: string, spec: Json, status: Json = {}) =>
  content('Post', 'posts', name, {
    spec: { slug: name, publish: true, visible: 'PUBLIC', pinned: false, allowComment: true, deleted: false, priority: 0, owner: 'admin', excerpt: { autoGenerate: true }, ...spec },
    status: { phase: 'PUBLISHED', ...status },
  });
const owner = (kind: 'Email' | 'User', name: string, displayName: string) => ({ kind, name, displayName, annotations: { website: 'https://reader.example' } });
const comment = (name: string, raw: string, who: Json, extra: Json = {}, metadata: Json = {}) =>
  content('Comment', 'comments', name, {
    metadata,
    spec: { raw, content: `<p>${raw}</p>`, owner: who, creationTime: `2022-02-0${name.length % 9}T00:00:00Z`, approved: true, hidden: false, subjectRef: { group: 'content.halo.run', version: 'v1alpha1', kind: 'Post', name: 'hello-halo' }, ...extra },
  });
const reply = (name: string, raw: string, who: Json, commentName: string, quoteReply?: string) =>
  content('Reply', 'replies', name, {
    spec: { raw, content: `<p>${raw}</p>`, owner: who, creationTime: `2022-03-0${name.length % 9}T00:00:00Z`, approved: true, hidden: false, commentName, ...(quoteReply ? { quoteReply } : {}) },
  });

const BASE = '# 标题\n第二行\n第三行';
const EXTENSIONS: Json[] = [
  content('Category', 'categories', 'c-life', { spec: { displayName: '生活', slug: 'life', priority: 0 } }),
  content('Category', 'categories', 'c-tech', { spec: { displayName: '技术', slug: 'tech', priority: 1 } }),
  content('Tag', 'tags', 't-cat', { spec: { displayName: '猫', slug: 'cat' } }),
  post(
    'hello-halo',
    {
      title: 'Halo 文章', baseSnapshot: 's-base', releaseSnapshot: 's-release', headSnapshot: 's-head', pinned: true, categories: ['c-life', 'c-tech'], tags: ['t-cat'],
      cover: 'https://old.example.com/upload/cover.png?width=400', publishTime: '2022-01-02T03:04:05Z', excerpt: { autoGenerate: false, raw: '手写的摘要' },
    },
    { permalink: '/posts/hello-halo', lastModifyTime: '2022-01-05T00:00:00Z' },
  ),
  snapshot('s-base', 'hello-halo', { rawType: 'markdown', rawPatch: BASE, contentPatch: '<h1>标题</h1>' }, true),
  snapshot('s-release', 'hello-halo', {
    rawType: 'markdown',
    rawPatch: JSON.stringify([delta('CHANGE', 1, ['第二行'], ['第二行有猫：![猫](/upload/%E7%8C%AB.png)']), delta('INSERT', 3, [], ['', '第四段'])]),
    contentPatch: '[]',
  }),
  snapshot('s-head', 'hello-halo', { rawType: 'markdown', rawPatch: JSON.stringify([delta('INSERT', 3, [], ['还没发布的修改'])]), contentPatch: '[]' }),
  post('html-post', { title: '富文本文章', baseSnapshot: 's-html', releaseSnapshot: 's-html', headSnapshot: 's-html', visible: 'PRIVATE', allowComment: false }),
  snapshot('s-html', 'html-post', { rawType: 'HTML', rawPatch: '<h2>小标题</h2><p>段落<strong>加粗</strong></p>', contentPatch: '<h2>小标题</h2><p>段落<strong>加粗</strong></p>' }, true),
  post('trashed-post', { title: '删掉的文章', baseSnapshot: 's-html', releaseSnapshot: 's-html', deleted: true }),
  post('draft-post', { title: '草稿', baseSnapshot: 's-html', headSnapshot: 's-html', publish: false }),
  post('lost-post', { title: '丢了正文', baseSnapshot: 's-html', releaseSnapshot: 's-gone' }),
  post('bad-patch', { title: '补丁对不上', baseSnapshot: 's-base', releaseSnapshot: 's-bad' }),
  snapshot('s-bad', 'bad-patch', { rawType: 'markdown', rawPatch: JSON.stringify([delta('CHANGE', 0, ['不存在的行'], ['x'])]), contentPatch: '[]' }),
  content('SinglePage', 'singlepages', 'about', { spec: { title: '关于', slug: 'about', baseSnapshot: 's-html', releaseSnapshot: 's-html', publish: true, visible: 'PUBLIC', owner: 'admin' }, status: { permalink: '/about' } }),
  store('storage.halo.run', 'attachments', 'Attachment', 'a-cat', {
    metadata: { annotations: { 'storage.halo.run/local-relative-path': 'upload/猫.png', 'storage.halo.run/uri': '/upload/%E7%8C%AB.png' } },
    spec: { displayName: '猫.png', mediaType: 'image/png' },
    status: { permalink: '/upload/%E7%8C%AB.png' },
  }),
  comment('cm-first', '第一条评论', owner('Email', 'reader@example.com', '读者甲')),
  reply('r-owner', '博主的回复', owner('User', 'admin', '博主'), 'cm-first'),
  reply('r-second', '回复博主', owner('Email', 'second@example.com', '读者乙'), 'cm-first', 'r-owner'),
  comment('cm-wait', '等待审核', owner('Email', 'w@example.com', '待审者'), { approved: false }),
  comment('cm-gone', '被删掉', owner('Email', 'g@example.com', '删除者'), {}, { deletionTimestamp: '2022-04-01T00:00:00Z' }),
  store('metrics.halo.run', 'counters', 'Counter', 'posts.content.halo.run/hello-halo', { visit: 4321, upvote: 2 }),
  store('metrics.halo.run', 'counters', 'Counter', 'comments.content.halo.run/cm-first', { visit: 0, upvote: 3 }),
  store('', 'users', 'User', 'admin', { spec: { displayName: '博主', email: 'owner@old.example.com' } }),
];

async function haloZip(extensions: string): Promise<Buffer> {
  const picture = await tinyPng();
  return Buffer.from(
    zipSync({
      'extensions.data': Buffer.from(extensions),
      'workdir/attachments/upload/猫.png': picture,
      'workdir/attachments/upload/cover.png': picture,
      'workdir/themes/theme-earth/theme.yaml': Buffer.from('name: earth'),
    }),
  );
}

describe('Halo snapshot patches', () => {
  it('apply from the last delta to the first, as java-diff-utils does, and refuse one that does not fit', () => {
    const patch = JSON.stringify([delta('DELETE', 0, ['a'], []), delta('CHANGE', 2, ['c'], ['C', 'C2']), delta('INSERT', 4, [], ['e'])]);
    expect(applyHaloPatch('a\nb\nc\nd', patch)).toBe('b\nC\nC2\nd\ne');
    expect(applyHaloPatch('   ', JSON.stringify([delta('INSERT', 0, [], ['x'])]))).toBe('x');
    expect(applyHaloPatch('a\nb', JSON.stringify([delta('CHANGE', 1, ['z'], ['y'])]))).toBeUndefined();
    expect(applyHaloPatch('a', 'not json')).toBeUndefined();
  });
});

describe.each(await backends())('importing a Halo 2 backup on $name', (backend) => {
  let s: CommentSite;
  let folder: string;
  let deps: BlogBackupDeps;
  let articles: KyselyArticleRepository;
  let zip: Buffer;

  beforeAll(async () => {
    if (backend.skipReason) return;
    s = await startCommentSite(backend.name);
    // The blogger's account here is the old blog's `admin`: the import uploads as it.
    articles = new KyselyArticleRepository(s.db.db, s.db.dialect);
    deps = { articles, media: new LocalMediaStore(temporaryFolder('blog-media-')), oldAddresses: new KyselyOldAddressRepository(s.db.db) };
    zip = await haloZip(JSON.stringify(EXTENSIONS));
    folder = temporaryFolder('blog-halo-');
    for (const [name, bytes] of Object.entries(unzipSync(zip))) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), bytes);
    }
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  const test = it.skipIf(backend.skipReason !== undefined);
  const run = (at = folder) => importBlogBackup(s.db, deps, { kind: 'halo', folder: at }, {});
  const imported = async () => new Map((await articles.all()).filter((a) => a.sourceKey.startsWith('halo-')).map((a) => [a.title, a]));

  test('imports posts and pages from their released snapshots, with taxonomy, states, pictures, old addresses, threads and views', async () => {
    const { result, comments } = await run();
    const failed = result.outcomes.flatMap((o) => (o.status === 'failed' ? [o.error] : []));
    expect(failed).toEqual([
      text.importer.fileProblem(text.blogBackup.item('丢了正文', 'lost-post'), text.blogBackup.missingSnapshot('s-gone')),
      text.importer.fileProblem(text.blogBackup.item('补丁对不上', 'bad-patch'), text.blogBackup.brokenSnapshot('s-bad')),
    ]);
    const byTitle = await imported();
    // The trashed post is in the bin: not among the articles an export sees.
    expect([...byTitle.keys()].sort()).toEqual(['Halo 文章', '富文本文章', '草稿', '关于'].sort());
    const main = byTitle.get('Halo 文章')!;
    expect(main).toMatchObject({
      status: 'public', pinned: true, category: '生活', tags: ['猫', '技术'], summary: '手写的摘要',
      createdAt: '2022-01-02T03:04:05.000Z', updatedAt: '2022-01-05T00:00:00.000Z', commentsClosed: false,
    });
    expect(main.content).toMatch(/^# 标题\n第二行有猫：!\[猫\]\(\/media\/[a-f0-9]+\.png\)\n第三行\n\n第四段\n$/);
    expect(main.cover).toMatch(/^\/media\/[a-f0-9]+\.png$/);
    const html = byTitle.get('富文本文章')!;
    expect(html).toMatchObject({ status: 'draft', commentsClosed: true });
    expect(html.content).toBe('## 小标题\n\n段落**加粗**\n');
    expect(byTitle.get('草稿')!.status).toBe('draft');
    expect(byTitle.get('关于')!.category).toBe(text.importer.wxr.pagesCategory);
    const trashed = await s.db.db.selectFrom('article').select(['deleted_at', 'trashed_status']).where('source_key', '=', 'halo-post-trashed-post').executeTakeFirstOrThrow();
    expect(trashed.deleted_at).not.toBeNull();
    expect(trashed.trashed_status).toBe('public');

    for (const old of ['/archives/hello-halo', '/posts/hello-halo/']) expect(await redirectOf(s, old), old).toEqual([301, `/article?id=${main.id}`]);

    expect(comments).toMatchObject({ added: 4, waiting: 1, owner: 1, skipped: { spam: 0, deleted: 1 }, unmatched: [], counters: 1 });
    const page = await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${main.id}&order=oldest`, undefined, { cookie: s.admin });
    expect(page.list.map((c) => [c.author.nickName, c.content, c.likes])).toEqual([['读者甲', '第一条评论', 3]]);
    expect(page.list[0]!.replies.map((r) => [r.author.admin, r.replyTo?.nickName ?? null, r.content])).toEqual([
      [true, null, '博主的回复'],
      [false, expect.any(String), '回复博主'],
    ]);
    const queue = await s.done<ConsoleCommentPageDto>('GET', '/api/admin/comments?status=pending&size=100', undefined, { cookie: s.admin });
    expect(queue.list.filter((c) => c.target.id === main.id).map((c) => c.content)).toEqual(['等待审核']);
    expect((await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${main.id}`)).views).toBeGreaterThanOrEqual(4321);
  });

  test('changes nothing when imported again, uploaded as a zip to the console', async () => {
    const before = [...(await imported()).values()];
    const answer = await uploadToConsole(s, 'halo-backup.zip', zip);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ layout: 'halo', created: 0, updated: 5, failed: 2, comments: { system: 'Halo' } });
    expect(answer.body.result.comments!.lines).toContain(text.commentImport.existing(4));
    expect([...(await imported()).values()]).toEqual(before);
  });

  test('refuses a broken data file by name and writes nothing', async () => {
    const count = (await articles.all()).length;
    const broken = temporaryFolder('blog-halo-broken-');
    const cut = JSON.stringify([post('new-post', { title: '不该导入', baseSnapshot: 's-html', releaseSnapshot: 's-html' }), ...EXTENSIONS]);
    fs.writeFileSync(path.join(broken, 'extensions.data'), cut.slice(0, cut.length - 20));
    await expect(run(broken)).rejects.toThrow(text.blogBackup.haloData(text.blogBackup.haloRecord(EXTENSIONS.length + 1)));
    fs.writeFileSync(path.join(broken, 'extensions.data'), `[{"name":"/registry/content.halo.run/posts/x","data":"${Buffer.from('{not json').toString('base64')}"}]`);
    await expect(run(broken)).rejects.toThrow(text.blogBackup.haloData(text.blogBackup.haloRecord(1)));
    expect((await articles.all()).length).toBe(count);
    fs.rmSync(broken, { recursive: true, force: true });
    const answer = await uploadToConsole(s, 'broken.zip', await haloZip(cut.slice(0, 100)));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Halo 备份文件格式错误/);
  });
});
