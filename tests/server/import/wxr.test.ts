import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyOldAddressRepository } from '../../../server/adapters/db/content/oldAddressRepository';
import { wxrBatches } from '../../../server/adapters/import/wxr/wxrBatches';
import { WxrImporter } from '../../../server/adapters/import/wxr/wxrImporter';
import { isWxrFile } from '../../../server/adapters/import/wxr/wxrReader';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import * as zhCN from '../../../src/i18n/zh-CN';
import { dispose, fixture, folderWith, tinyPng, type Fixture } from './support';
import { cdata, comment, SITE, wxr, type Post } from './wxrFixture';

const text = zhCN.contentServer.importer;
const CLASSIC = `<!-- wp:paragraph -->
<p>Gutenberg 段落</p>
<!-- /wp:paragraph -->
第一段
第二行

[caption id="attachment_9" align="aligncenter" width="300"]<a href="${SITE}/wp-content/uploads/2021/05/cat.png"><img src="${SITE}/wp-content/uploads/2021/05/cat.png" alt="猫" width="300" /></a> 一只猫[/caption]

[gallery ids="9,10"]

<ul><li>一<ul><li>二</li></ul></li></ul>
<table><tr><th>甲</th><th>乙</th></tr><tr><td>1</td><td>2</td></tr></table>
<pre>let x = 1;</pre>

https://www.youtube.com/watch?v=abc

<p onclick="alert(1)">上标<sup>2</sup><script>alert(1)</script></p>
<img src="${SITE}/wp-content/uploads/2021/05/gone.png" alt="丢失" />
[contact-form-7 id="3"]`;

const POSTS: Post[] = [
  { id: 9, title: 'cat', type: 'attachment', status: 'inherit', attachmentUrl: `${SITE}/wp-content/uploads/2021/05/cat.png` },
  { id: 10, title: 'dog', type: 'attachment', status: 'inherit', attachmentUrl: `${SITE}/wp-content/uploads/2021/05/dog.png` },
  {
    id: 11,
    title: '经典 <em>文章</em> &amp; 图片',
    slug: '经典文章',
    content: CLASSIC,
    sticky: true,
    commentStatus: 'closed',
    terms: `<category domain="category" nicename="life">${cdata('生活')}</category><category domain="category" nicename="tech">${cdata('技术')}</category><category domain="post_tag" nicename="cat">${cdata('猫')}</category>`,
    meta: { _thumbnail_id: '10' },
    comments: [comment(1, 0), comment(2, 1), comment(3, 0, 'pingback'), comment(4, 0, '', 'spam')].join(''),
  },
  { id: 12, title: '草稿', status: 'draft', content: '未完成' },
  { id: 13, title: '待审', status: 'pending', content: '等待' },
  { id: 14, title: '私密', status: 'private', content: '私密' },
  { id: 15, title: '加密', password: 'secret', content: '有密码' },
  { id: 16, title: '将来', status: 'future', date: '2031-01-01 08:00:00', content: '定时' },
  { id: 17, title: '丢弃', status: 'trash', meta: { _wp_trash_meta_status: 'publish' }, content: '回收' },
  { id: 18, title: '关于', type: 'page', content: '关于我' },
  { id: 19, title: '菜单', type: 'nav_menu_item', content: '' },
];

describe('the WordPress importer', () => {
  let f: Fixture;
  let dir: string;
  let importer: WxrImporter;
  let addresses: KyselyOldAddressRepository;
  beforeEach(async () => {
    f = await fixture();
    addresses = new KyselyOldAddressRepository(f.database.handle.db);
    importer = new WxrImporter({ batch: wxrBatches(f.database.handle), media: new LocalMediaStore(f.mediaDir) });
    dir = folderWith({
      'export.xml': wxr(POSTS),
      'uploads/2021/05/cat.png': await tinyPng(),
      'uploads/2021/05/dog.png': await tinyPng(),
      'old.xml': wxr([{ id: 5, title: '旧格式', content: '<p>WXR 1.0</p>', terms: `<category domain="tag">${cdata('旧标签')}</category>` }], '1.0'),
      'not-wxr.xml': '<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>',
      'broken.xml': wxr(POSTS).replace('</channel>', ''),
    });
  });
  afterEach(async () => {
    await dispose(f);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string) => path.join(dir, name);

  it('is known by its content', async () => {
    expect(await isWxrFile(file('export.xml'))).toBe(true);
    expect(await isWxrFile(file('old.xml'))).toBe(true);
    expect(await isWxrFile(file('not-wxr.xml'))).toBe(false);
    // A folder of posts given with it is no export and no error.
    expect(await isWxrFile(file('uploads'))).toBe(false);
    expect(await isWxrFile(file('missing.xml'))).toBe(false);
  });

  it('imports posts and pages with their state, taxonomy, pictures and old addresses', async () => {
    const result = await importer.importFile(file('export.xml'), { uploads: file('uploads') });
    expect(result.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    expect(result.skipped).toEqual({ attachment: 2, nav_menu_item: 1 });
    expect(result).toMatchObject({ comments: 4, pingbacks: 1, commentReport: { added: 2, skipped: { spam: 1, deleted: 0 } } });
    const records = await f.articles.all();
    const byTitle = new Map(records.map((r) => [r.title, r]));
    // The trashed post is in the bin: not among the articles an export sees.
    expect([...byTitle.keys()].sort()).toEqual(['关于', '加密', '将来', '待审', '私密', '经典 文章 & 图片', '草稿'].sort());
    const classic = byTitle.get('经典 文章 & 图片')!;
    expect(classic).toMatchObject({ status: 'public', pinned: true, commentsClosed: true, category: '生活', tags: ['猫', '技术'] });
    expect(classic.cover).toMatch(/^\/media\/[a-f0-9]+\.png$/);
    const body = classic.content;
    expect(body).not.toMatch(/wp:paragraph|<script|onclick|<p>/);
    expect(body).toContain('Gutenberg 段落');
    expect(body).toMatch(/第一段 {2}\n第二行/);
    expect(body).toMatch(/!\[猫\]\(\/media\/[a-f0-9]+\.png "一只猫"\)/);
    expect(body.match(/!\[\]\(\/media\/[a-f0-9]+\.png\)/g)).toHaveLength(2);
    expect(body).toMatch(/- +一\n +- +二/);
    expect(body).toMatch(/\| 甲 +\| 乙 +\|/);
    expect(body).toContain('```\nlet x = 1;\n```');
    expect(body).toContain('[https://www.youtube.com/watch?v=abc](https://www.youtube.com/watch?v=abc)');
    expect(body).toContain('上标<sup>2</sup>');
    expect(body).toContain(`![丢失](${SITE}/wp-content/uploads/2021/05/gone.png)`);
    expect(body).toContain('\\[contact-form-7 id="3"\\]');
    const classicOutcome = result.outcomes.find((o) => o.status !== 'failed' && o.title === classic.title)!;
    expect(classicOutcome.status !== 'failed' && classicOutcome.warnings).toEqual([
      text.wxr.missingUpload(`${SITE}/wp-content/uploads/2021/05/gone.png`),
      zhCN.contentServer.frontMatter.categoriesAsTags('技术'),
      text.unknownShortcodes(text.shortcodeCount('contact-form-7', 1)),
    ]);
    expect(byTitle.get('草稿')!.status).toBe('draft');
    expect(byTitle.get('待审')!.status).toBe('draft');
    expect(byTitle.get('私密')!.status).toBe('draft');
    expect(byTitle.get('加密')!.status).toBe('hidden');
    expect(byTitle.get('关于')!.category).toBe(text.wxr.pagesCategory);
    const rows = await f.database.handle.db.selectFrom('article').select(['title', 'status', 'publish_at', 'deleted_at', 'trashed_status']).execute();
    const row = (title: string) => rows.find((r) => r.title === title)!;
    expect(row('将来')).toMatchObject({ status: 'draft', publish_at: '2031-01-01T08:00:00.000Z' });
    expect(row('丢弃')).toMatchObject({ status: 'hidden', trashed_status: 'public' });
    expect(row('丢弃').deleted_at).not.toBeNull();

    const classicId = classicOutcome.status === 'failed' ? 0 : classicOutcome.id;
    for (const old of [`${SITE}/2021/05/${encodeURIComponent('经典文章')}/`, '/2021/05/经典文章', '/?p=11', '/archives/11.html']) {
      expect(await addresses.findArticleIdByOldAddress(old), old).toBe(classicId);
    }
    expect(await addresses.findArticleIdByOldAddress('/?page_id=18')).toBeDefined();
    expect(await addresses.findArticleIdByOldAddress('/?p=12', { publicOnly: true })).toBeUndefined();
  });

  it('changes nothing when imported again', async () => {
    await importer.importFile(file('export.xml'), { uploads: file('uploads') });
    const before = await f.articles.all();
    const count = () => f.database.handle.db.selectFrom('article_old_address').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const addressesBefore = Number((await count()).n);
    const again = await importer.importFile(file('export.xml'), { uploads: file('uploads') });
    expect(again.outcomes.every((o) => o.status === 'updated')).toBe(true);
    const strip = (records: typeof before) => records.map(({ id: _id, ...rest }) => rest);
    expect(strip(await f.articles.all())).toEqual(strip(before));
    expect(Number((await count()).n)).toBe(addressesBefore);
  });

  it('writes nothing in a dry run, and reads WXR 1.0', async () => {
    const dry = await importer.importFile(file('export.xml'), { uploads: file('uploads'), dryRun: true });
    expect(dry.outcomes).toHaveLength(8);
    expect(await f.articles.all()).toEqual([]);
    expect(fs.readdirSync(f.mediaDir)).toEqual([]);
    await importer.importFile(file('old.xml'));
    expect((await f.articles.all()).map((r) => [r.title, r.tags])).toEqual([['旧格式', ['旧标签']]]);
  });

  it('refuses a broken export by name', async () => {
    await expect(importer.importFile(file('broken.xml'))).rejects.toThrow(/^WordPress 导出文件格式错误：/);
  });
});
