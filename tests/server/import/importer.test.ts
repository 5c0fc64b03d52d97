import { LocalObjectStore } from '../../../server/adapters/storage/localObjectStore';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exportArticles } from '../../../server/adapters/import/markdownExporter';
import { findMarkdownFiles, type ImportOutcome } from '../../../server/adapters/import/markdownImporter';
import type { ArticleDraft, ArticleRecord } from '../../../server/domain/content/article';
import { normaliseBody } from '../../../server/domain/content/frontMatter';
import { DEMO_CONTENT_DIR } from '../../../server/main';
import * as zhCN from '../../../src/i18n/zh-CN';
import { temporaryFolder } from '../support/siteServer';
import { backendList, dispose, fixture, folderWith, importFolder, tinyPng, type Fixture } from './support';

const text = zhCN.contentServer.importer;

const comparable = (records: ArticleRecord[]) =>
  records.map(({ id: _id, views: _views, likes: _likes, ...rest }) => rest).sort((a, b) => a.sourceKey.localeCompare(b.sourceKey));

describe('the Markdown importer', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await fixture();
  });
  afterEach(() => dispose(f));

  it('imports the demo posts with their images, keeps the draft private', async () => {
    const outcomes = await importFolder(f, path.join(DEMO_CONTENT_DIR, 'posts'), DEMO_CONTENT_DIR);
    expect(outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    const records = await f.articles.all();
    expect(records).toHaveLength(outcomes.length);
    const publicCount = records.filter((r) => r.status === 'public').length;
    expect(publicCount).toBeLessThan(records.length);
    const images = records.flatMap((r) => [r.cover, ...[...r.content.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]!)]).filter(Boolean);
    expect(images.length).toBeGreaterThan(records.length);
    for (const image of images) {
      expect(image).toMatch(/^\/media\/[a-f0-9]{24}\.webp$/);
      expect(fs.existsSync(path.join(f.mediaDir, path.basename(image)))).toBe(true);
    }
  });

  it('updates instead of duplicating when the same files are imported again', async () => {
    const dir = path.join(DEMO_CONTENT_DIR, 'posts');
    await importFolder(f, dir, DEMO_CONTENT_DIR);
    const before = await f.articles.all();
    const again = await importFolder(f, dir, DEMO_CONTENT_DIR);
    expect(again.every((o) => o.status === 'updated')).toBe(true);
    expect(comparable(await f.articles.all())).toEqual(comparable(before));
  });

  it('knows a moved file by its front-matter slug', async () => {
    await importFolder(f, folderWith({ 'a.md': '---\ntitle: 旧\nslug: fixed\n---\n正文\n' }));
    const outcomes = await importFolder(f, folderWith({ 'sub/b.md': '---\ntitle: 新\nslug: /fixed/\n---\n正文\n' }));
    expect(outcomes[0]!.status).toBe('updated');
    expect((await f.articles.all()).map((r) => r.title)).toEqual(['新']);
  });

  it('reports each bad file by name and problem, and imports the good ones', async () => {
    const dir = folderWith({
      'good.md': '---\ntitle: 好文章\n---\n正文\n',
      'bad-yaml.md': '---\ntitle: [没有闭合\n---\n正文\n',
      'no-title.md': '---\ndate: 2024-01-01\n---\n正文\n',
      'bad-date.md': '---\ntitle: 日期\ndate: 2024-02-30\n---\n正文\n',
      'list.md': '---\n- 一\n- 二\n---\n正文\n',
      'missing-image.md': '---\ntitle: 缺图\n---\n![图](./nope.png)\n',
      'missing-cover.md': '---\ntitle: 缺封面\ncover: ../nope.svg\n---\n正文\n',
      'bad-top.md': '---\ntitle: 置顶\ntop: maybe\n---\n正文\n',
    });
    const outcomes = await importFolder(f, dir);
    const failures = Object.fromEntries(outcomes.filter((o) => o.status === 'failed').map((o) => [o.file.relative, o.error]));
    expect(Object.keys(failures).sort()).toEqual(['bad-date.md', 'bad-top.md', 'bad-yaml.md', 'list.md', 'no-title.md']);
    expect(failures['no-title.md']).toBe(text.fileProblem('no-title.md', text.missingTitle));
    expect(failures['bad-yaml.md']).toMatch(/^bad-yaml\.md：front matter 格式错误：/);
    expect(failures['bad-date.md']).toBe(text.fileProblem('bad-date.md', text.invalidField('date', '2024-02-30')));
    expect(failures['list.md']).toBe(text.fileProblem('list.md', text.malformedFrontMatter(text.notAnObject)));
    // A missing picture costs the post only that picture, and is named in its warnings.
    const warnings = Object.fromEntries(outcomes.flatMap((o) => (o.status === 'failed' ? [] : [[o.file.relative, o.warnings]])));
    expect(warnings['missing-image.md']).toEqual([text.missingImage('./nope.png')]);
    expect(warnings['missing-cover.md']).toEqual([text.missingImage('../nope.svg')]);
    const byTitle = new Map((await f.articles.all()).map((r) => [r.title, r]));
    expect([...byTitle.keys()].sort()).toEqual(['好文章', '缺图', '缺封面'].sort());
    expect(byTitle.get('缺图')?.content).toBe('![图]()\n');
    expect(byTitle.get('缺封面')?.cover).toBe('');
  });

  it('writes nothing of a file whose database write fails half-way', async () => {
    if (f.database.handle.dialect !== 'sqlite') return;
    await sql`create trigger refuse_bomb before insert on article_tag
      when (select name from tag where id = new.tag_id) = '炸弹'
      begin select raise(abort, 'refused'); end`.execute(f.database.handle.db);
    const outcomes = await importFolder(
      f,
      folderWith({ 'a.md': '---\ntitle: 会失败\ncategories: 新分类\ntags: [正常, 炸弹]\n---\n正文\n', 'b.md': '---\ntitle: 会成功\n---\n正文\n' }),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'created']);
    expect((await f.articles.all()).map((r) => r.title)).toEqual(['会成功']);
    const bodies = await f.database.handle.db.selectFrom('article_body').select('article_id').execute();
    expect(bodies).toHaveLength(1);
  });

  it('reads Hexo, Jekyll and Hugo front matter', async () => {
    const image = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const dir = folderWith({
      'hexo.md': [
        '---',
        'title: "Hexo: 文章"',
        'date: 2024-03-08 07:42:00',
        'updated: 2024-03-09 08:00',
        'categories: [[前端, React]]',
        'tags: 甲, 乙',
        'top_img: img/a.svg',
        'top: 3',
        'description: 手写的摘要',
        '---',
        '',
        '正文 ![图](img/a.svg "标题") 和 `![不是](img/none.png)` 以及 <img src="img/a.svg">',
        '',
        '```md',
        '![代码里的](img/none.png)',
        '```',
      ].join('\n'),
      'jekyll.md': '---\ntitle: Jekyll\ndate: 2024-01-02T03:04:05Z\ncategory: 随笔\ntags: [一, 一, 二]\npublished: false\nsticky: true\n---\n正文\n',
      'hugo.md': '+++\ntitle = "Hugo 文章"\ndate = 2023-05-01T10:00:00+08:00\ntags = [\n  "甲",\n  "丙",\n]\ncategories = ["随笔"]\ndraft = true\n+++\nHugo 正文\n',
      'img/a.svg': image,
    });
    const outcomes = await importFolder(f, dir);
    expect(outcomes.map((o) => o.status)).toEqual(['created', 'created', 'created']);
    const byKey = new Map((await f.articles.all()).map((r) => [r.sourceKey, r]));
    const hexo = byKey.get('hexo')!;
    expect(hexo).toMatchObject({
      title: 'Hexo: 文章',
      createdAt: '2024-03-07T23:42:00.000Z',
      updatedAt: '2024-03-09T00:00:00.000Z',
      category: '前端',
      tags: ['甲', '乙', 'React'],
      pinned: true,
      pinOrder: 3,
      summary: '手写的摘要',
      status: 'public',
    });
    expect(hexo.cover).toMatch(/^\/media\/\w+\.svg$/);
    expect(hexo.content).toContain(`![图](${hexo.cover} "标题")`);
    expect(hexo.content).toContain(`<img src="${hexo.cover}">`);
    expect(hexo.content).toContain('`![不是](img/none.png)`');
    expect(hexo.content).toContain('![代码里的](img/none.png)');
    expect(byKey.get('jekyll')).toMatchObject({ createdAt: '2024-01-02T03:04:05.000Z', category: '随笔', tags: ['一', '二'], status: 'draft', pinned: true });
    expect(byKey.get('hugo')).toMatchObject({ title: 'Hugo 文章', createdAt: '2023-05-01T02:00:00.000Z', tags: ['甲', '丙'], status: 'draft' });
  });

  it('imports posts whose front matter is empty, a list for a text or a text for a list, and names the categories made tags', async () => {
    const dir = folderWith({
      'hugo.md': '---\ntitle: Hugo\ndate: 2024-03-08T07:42:00+08:00\nseries:\ntags:\ncategories:\n---\n正文\n',
      'butterfly.md': '---\ntitle: WPF\ndate: 2024/3/8 07:42:00\ndescription: ["WPF概述"]\ncategories:\n  - [桌面, WPF]\n  - 随笔\ntags: 界面\n---\n正文\n',
      'jekyll.md': '---\ntitle: Jekyll\ndate: 2024-03-08 07:42:00 +0000\ndraft: "false"\n---\n正文\n',
    });
    const outcomes = await importFolder(f, dir);
    expect(outcomes.map((o) => [o.file.relative, o.status])).toEqual([
      ['butterfly.md', 'created'],
      ['hugo.md', 'created'],
      ['jekyll.md', 'created'],
    ]);
    const byKey = new Map((await f.articles.all()).map((r) => [r.sourceKey, r]));
    expect(byKey.get('hugo')).toMatchObject({ tags: [], category: null, createdAt: '2024-03-07T23:42:00.000Z' });
    expect(byKey.get('butterfly')).toMatchObject({ summary: 'WPF概述', category: '桌面', tags: ['界面', 'WPF', '随笔'], createdAt: '2024-03-07T23:42:00.000Z' });
    expect(byKey.get('jekyll')).toMatchObject({ status: 'public', createdAt: '2024-03-08T07:42:00.000Z' });
    const butterfly = outcomes.find((o) => o.file.relative === 'butterfly.md');
    expect(butterfly?.status !== 'failed' && butterfly?.warnings).toEqual([zhCN.contentServer.frontMatter.categoriesAsTags('WPF、随笔')]);
  });

  it('closes the comments of a post whose front matter says `comments: false`, and the export writes it back', async () => {
    await importFolder(f, folderWith({ 'closed.md': '---\ntitle: 关闭评论\ncomments: false\n---\n正文\n', 'open.md': '---\ntitle: 开放\ncomments: true\n---\n正文\n' }));
    const closedness = async () => Object.fromEntries((await f.articles.all()).map((r) => [r.sourceKey, r.commentsClosed]));
    expect(await closedness()).toEqual({ closed: true, open: false });
    const out = temporaryFolder('blog-export-');
    try {
      await exportArticles({ articles: f.articles, media: new LocalObjectStore(f.mediaDir) }, out);
      const written = fs.readdirSync(path.join(out, 'posts')).map((name) => fs.readFileSync(path.join(out, 'posts', name), 'utf8'));
      expect(written.filter((file) => /^comments: false$/m.test(file))).toHaveLength(1);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('never reads outside the imported folder: .., absolute paths and symlinks out are refused', async () => {
    const outside = temporaryFolder('blog-outside-');
    fs.writeFileSync(path.join(outside, 'canary.png'), await tinyPng());
    fs.writeFileSync(path.join(outside, 'canary.txt'), 'secret canary');
    const dir = folderWith({
      'dotdot.md': `---\ntitle: 上级\ncover: ../${path.basename(outside)}/canary.txt\n---\n正文`,
      'dotdot-image.md': `---\ntitle: 上级图片\n---\n![x](../${path.basename(outside)}/canary.png)`,
      'absolute.md': `---\ntitle: 绝对路径\n---\n<img src="${path.join(outside, 'canary.png')}">`,
      'link.md': '---\ntitle: 链接\n---\n![x](images/out.png)',
    });
    fs.mkdirSync(path.join(dir, 'images'));
    fs.symlinkSync(path.join(outside, 'canary.png'), path.join(dir, 'images', 'out.png'));
    try {
      const outcomes = await importFolder(f, dir);
      expect(outcomes.find((o) => o.file.relative === 'absolute.md')?.status).toBe('created');
      const failed = outcomes.filter((o): o is Extract<ImportOutcome, { status: 'failed' }> => o.status === 'failed');
      expect(failed.map((o) => o.file.relative).sort()).toEqual(['dotdot-image.md', 'dotdot.md', 'link.md']);
      expect(failed.find((o) => o.file.relative === 'dotdot.md')?.error).toContain(text.outsideFolder(`../${path.basename(outside)}/canary.txt`));
      // The absolute path is not ours to copy: the link stays as written and nothing was copied.
      expect(fs.readdirSync(f.mediaDir)).toEqual([]);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('copies only images it can verify by their bytes: no HTML, script or active SVG beside a post is published', async () => {
    const dir = folderWith({
      'post.md': [
        '---',
        'title: 附件',
        '---',
        '![ok](ok.png) [page](page.html) ![script](evil.js) [svg](evil.svg) ![named png](fake.png) <img src="clean.svg">',
      ].join('\n'),
      'page.html': '<script>alert(1)</script>',
      'evil.js': 'alert(1)',
      'evil.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      'fake.png': '<html><script>alert(1)</script></html>',
      'clean.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#369"/></svg>',
      'ok.png': await tinyPng(),
    });
    const outcomes = await importFolder(f, dir);
    expect(outcomes[0]).toMatchObject({ status: 'failed' });
    expect((outcomes[0] as { error: string }).error).toContain(text.notAnImage('evil.svg'));
    fs.writeFileSync(path.join(dir, 'post.md'), '---\ntitle: 附件\n---\n![named png](fake.png)');
    expect((await importFolder(f, dir))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining(text.notAnImage('fake.png')) });
    // Without the refused images the post goes in, and only the verified images are copied.
    fs.writeFileSync(path.join(dir, 'post.md'), '---\ntitle: 附件\n---\n![ok](ok.png) [page](page.html) ![script](evil.js) <img src="clean.svg">');
    const again = await importFolder(f, dir);
    expect(again[0]).toMatchObject({ status: 'created' });
    const copied = fs.readdirSync(f.mediaDir).sort();
    expect(copied.map((name) => path.extname(name)).sort()).toEqual(['.png', '.svg']);
    for (const name of copied) expect(fs.readFileSync(path.join(f.mediaDir, name), 'utf8')).not.toMatch(/script|onload/i);
    const [article] = await f.articles.all();
    expect(article?.content).toContain('(page.html)');
    expect(article?.content).toContain('(evil.js)');
  });

  it('names a missing target and refuses files that are not Markdown', async () => {
    await expect(findMarkdownFiles(['/no/such/folder'])).rejects.toThrow(text.noMarkdown('/no/such/folder'));
  });
});

describe.each(backendList)('export then import on $name', (backend) => {
  let source: Fixture;
  let target: Fixture;
  let out: string;
  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    source = await fixture(backend);
    target = await fixture(backend);
    out = temporaryFolder('blog-export-');
  });
  afterEach(async () => {
    await dispose(source);
    await dispose(target);
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('gives the same demo articles in an empty database, images included', async () => {
    await importFolder(source, path.join(DEMO_CONTENT_DIR, 'posts'), DEMO_CONTENT_DIR);
    const report = await exportArticles({ articles: source.articles, media: new LocalObjectStore(source.mediaDir) }, out);
    expect(report.missingMedia).toEqual([]);
    const outcomes = await importFolder(target, path.join(out, 'posts'), out);
    expect(outcomes.every((o) => o.status === 'created')).toBe(true);
    expect(comparable(await target.articles.all())).toEqual(comparable(await source.articles.all()));
    expect(fs.readdirSync(target.mediaDir).sort()).toEqual(fs.readdirSync(source.mediaDir).sort());
  });

  it('gives the same articles for any set of articles', async () => {
    const pool = fc.constantFrom(...'听雨小筑春风文章的了是一二三abcXYZ 019:#-\'"[]{}>|*&!%@`,'.split(''));
    const line = (max: number) => fc.array(pool, { minLength: 1, maxLength: max }).map((c) => c.join('').trim()).filter((s) => s !== '');
    const name = line(12).filter((s) => !s.includes(',') && !s.includes('，'));
    const draftArb: fc.Arbitrary<ArticleDraft> = fc.record({
      sourceKey: fc.stringMatching(/^[a-z0-9][a-z0-9/_-]{0,20}[a-z0-9]$/).filter((s) => !s.includes('//')),
      title: line(30),
      content: fc.array(fc.oneof(line(40), fc.constantFrom('---', '+++', '```js', '```', '# 标题', '| a | b |', '')), { maxLength: 8 }).map((lines) => normaliseBody(lines.join('\n'))),
      summary: line(40),
      cover: fc.constant(''),
      category: fc.option(name, { nil: null }),
      tags: fc.uniqueArray(name, { maxLength: 4 }),
      pinned: fc.boolean(),
      pinOrder: fc.integer({ min: 1, max: 9 }),
      status: fc.constantFrom('public', 'hidden', 'draft'),
      createdAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
      updatedAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    }).map((d) => ({ ...d, pinOrder: d.pinned ? d.pinOrder : 0 }));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(draftArb, { selector: (d) => d.sourceKey, minLength: 1, maxLength: 6 }), async (drafts) => {
        for (const db of [source.database.handle.db, target.database.handle.db]) await db.deleteFrom('article').execute();
        fs.rmSync(out, { recursive: true, force: true });
        for (const d of drafts) await source.articles.upsert(d);
        await exportArticles({ articles: source.articles, media: new LocalObjectStore(source.mediaDir) }, out);
        const outcomes = await importFolder(target, path.join(out, 'posts'));
        expect(outcomes.filter((o) => o.status === 'failed')).toEqual([]);
        expect(comparable(await target.articles.all())).toEqual(comparable(await source.articles.all()));
      }),
      { numRuns: backend.name === 'SQLite' ? 40 : 15 },
    );
  });
});
