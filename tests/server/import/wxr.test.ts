import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyOldAddressRepository } from '../../../server/adapters/db/content/oldAddressRepository';
import { WxrImporter } from '../../../server/adapters/import/wxr/wxrImporter';
import { isWxrFile } from '../../../server/adapters/import/wxr/wxrReader';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import * as zhCN from '../../../src/i18n/zh-CN';
import { dispose, fixture, folderWith, tinyPng, type Fixture } from './support';

const text = zhCN.contentServer.importer;
const SITE = 'https://old.example.com';

interface Post {
  id: number;
  title: string;
  slug?: string;
  type?: string;
  status?: string;
  content?: string;
  password?: string;
  sticky?: boolean;
  commentStatus?: string;
  terms?: string;
  meta?: Record<string, string>;
  comments?: string;
  attachmentUrl?: string;
  date?: string;
}

const cdata = (value: string) => `<![CDATA[${value}]]>`;

function item(post: Post): string {
  const slug = post.slug ?? `post-${post.id}`;
  const date = post.date ?? '2021-05-06 07:08:09';
  return `<item>
<title>${cdata(post.title)}</title>
<link>${SITE}/${date.slice(0, 4)}/${date.slice(5, 7)}/${encodeURIComponent(slug)}/</link>
<pubDate>Thu, 06 May 2021 07:08:09 +0000</pubDate>
<dc:creator>${cdata('owner')}</dc:creator>
<guid isPermaLink="false">${SITE}/?p=${post.id}</guid>
<content:encoded>${cdata(post.content ?? '')}</content:encoded>
<excerpt:encoded>${cdata('')}</excerpt:encoded>
<wp:post_id>${post.id}</wp:post_id>
<wp:post_date>${cdata(date)}</wp:post_date>
<wp:post_date_gmt>${cdata(post.status === 'draft' ? '0000-00-00 00:00:00' : date)}</wp:post_date_gmt>
<wp:comment_status>${cdata(post.commentStatus ?? 'open')}</wp:comment_status>
<wp:post_name>${cdata(encodeURIComponent(slug))}</wp:post_name>
<wp:status>${cdata(post.status ?? 'publish')}</wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:post_type>${cdata(post.type ?? 'post')}</wp:post_type>
<wp:post_password>${cdata(post.password ?? '')}</wp:post_password>
<wp:is_sticky>${post.sticky ? 1 : 0}</wp:is_sticky>
${post.attachmentUrl ? `<wp:attachment_url>${cdata(post.attachmentUrl)}</wp:attachment_url>` : ''}
${post.terms ?? ''}
${Object.entries(post.meta ?? {})
  .map(([key, value]) => `<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>`)
  .join('\n')}
${post.comments ?? ''}
</item>`;
}

function comment(id: number, parent: number, type = '', approved = '1'): string {
  return `<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>${cdata('读者')}</wp:comment_author>
<wp:comment_author_email>${cdata('r@example.com')}</wp:comment_author_email><wp:comment_date>${cdata('2021-05-07 00:00:00')}</wp:comment_date>
<wp:comment_content>${cdata('评论')}</wp:comment_content><wp:comment_approved>${cdata(approved)}</wp:comment_approved>
<wp:comment_type>${cdata(type)}</wp:comment_type><wp:comment_parent>${parent}</wp:comment_parent></wp:comment>`;
}

function wxr(posts: Post[], version = '1.2'): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
 xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/${version}/">
<channel>
<title>旧博客</title>
<link>${SITE}</link>
<wp:wxr_version>${version}</wp:wxr_version>
<wp:base_site_url>${SITE}</wp:base_site_url>
${posts.map(item).join('\n')}
</channel>
</rss>
`;
}

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
    importer = new WxrImporter({ articles: f.articles, media: new LocalMediaStore(f.mediaDir), oldAddresses: addresses });
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
  });

  it('imports posts and pages with their state, taxonomy, pictures and old addresses', async () => {
    const result = await importer.importFile(file('export.xml'), { uploads: file('uploads') });
    expect(result.outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    expect(result.skipped).toEqual({ attachment: 2, nav_menu_item: 1 });
    expect(result).toMatchObject({ comments: 4, pingbacks: 1 });
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
