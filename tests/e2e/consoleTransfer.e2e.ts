import fs from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as zhCN from '../../src/i18n/zh-CN';
import { startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser } from './support/harness';

const text = zhCN.consoleTransfer;
const TITLE = '从 Hexo 搬来的春日随笔';

/** A Hexo blog folder, zipped as a blogger zips it: the folder itself, config, posts, node_modules. */
const HEXO_ZIP = Buffer.from(
  zipSync({
    'springblog/_config.yml': strToU8('title: 春日\n'),
    'springblog/source/_posts/spring-notes.md': strToU8(
      `---\ntitle: ${TITLE}\ndate: 2024-04-02 09:30:00\ntags: [迁移]\n---\n\n柳絮飞的时候，把博客搬了家。\n`,
    ),
    'springblog/node_modules/hexo/README.md': strToU8('# hexo\n'),
  }),
);

const WXR_TITLE = '从 WordPress 搬来的旧文';
/** A WordPress export with one post at /moved/ and a reader's comment the owner (author 1) answered. */
const WXR = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel>
<wp:author><wp:author_id>1</wp:author_id></wp:author>
<item><title>${WXR_TITLE}</title><link>https://old.example/moved/</link><content:encoded><![CDATA[<p>旧站的正文</p>]]></content:encoded>
<wp:post_id>8101</wp:post_id><wp:post_date_gmt>2019-03-03 03:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_author>老读者</wp:comment_author><wp:comment_date_gmt>2019-03-04 00:00:00</wp:comment_date_gmt>
<wp:comment_content>十年的老读者来了</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment>
<wp:comment><wp:comment_id>2</wp:comment_id><wp:comment_author>博主</wp:comment_author><wp:comment_date_gmt>2019-03-05 00:00:00</wp:comment_date_gmt>
<wp:comment_content>博主回复老读者</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>1</wp:comment_parent><wp:comment_user_id>1</wp:comment_user_id></wp:comment>
</item></channel></rss>`;

async function call(site: AccountsSite, method: string, path: string, body: object, token = ''): Promise<string> {
  const response = await fetch(`${site.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { cookie: `blog_session=${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return /blog_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? token;
}

describeInBrowser("the console's import and export", () => {
  let site: AccountsSite;
  /** The administrator's session, once they have set their own password. */
  let adminToken: string;

  beforeAll(async () => {
    site = await startAccountsSite();
    const first = await call(site, 'POST', '/api/user/login', { username: 'admin', password: site.adminPassword });
    await call(
      site,
      'PUT',
      '/api/user/updatePassword',
      { old_password: site.adminPassword, new_password: 'admin#own2026' },
      first,
    );
    adminToken = await call(site, 'POST', '/api/user/login', { username: 'admin', password: 'admin#own2026' });
  });
  afterAll(() => site?.close());

  it('imports a Hexo zip with its report, counts it on the overview, shows it to a visitor on /home, and downloads the export zip', async () => {
    const context = await site.newContext();
    await context.addCookies([{ name: 'blog_session', value: adminToken, url: site.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/admin');
    const articles = page.locator('.overview-stat').first().locator('.overview-stat__value');
    await articles.waitFor();
    const before = Number(await articles.textContent());

    await page
      .getByRole('navigation', { name: zhCN.console.navigation })
      .getByRole('link', { name: zhCN.console.nav.transfer })
      .click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: '春日博客.zip', mimeType: 'application/zip', buffer: HEXO_ZIP });
    // First the dry run's report, then the import on 确认导入.
    await page.locator('.import-report__dry-run').waitFor();
    await page.getByRole('button', { name: text.import.confirm }).click();
    const report = page.locator('.import-report');
    await report.getByRole('heading', { name: zhCN.contentServer.importer.summary(1, 0, 0) }).waitFor();
    await expect(report.locator('.import-report__dry-run').count()).resolves.toBe(0);
    await expect(report.textContent()).resolves.toContain(
      text.report.readFrom(text.report.layout.hexo!, 'springblog/source/_posts'),
    );
    const created = report.locator('.import-file[data-status="created"]');
    await expect(created.getByRole('link', { name: TITLE }).getAttribute('href')).resolves.toMatch(
      /^\/admin\/articles\/\d+$/,
    );
    await expect(created.locator('.import-file__path').textContent()).resolves.toBe(
      'springblog/source/_posts/spring-notes.md',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: text.export.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^博客文章导出-\d{4}-\d{2}-\d{2}-\d{4}\.zip$/);
    const zip = fs.readFileSync((await download.path())!);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    const exported = Object.entries(unzipSync(new Uint8Array(zip)));
    expect(
      exported.filter(
        ([name, bytes]) => name.startsWith('posts/') && Buffer.from(bytes).toString('utf8').includes(TITLE),
      ),
    ).toHaveLength(1);

    await page
      .getByRole('navigation', { name: zhCN.console.navigation })
      .getByRole('link', { name: zhCN.console.nav.overview })
      .click();
    // Opened again, the overview counts from the database: one article more.
    await page
      .locator('.overview-stat')
      .first()
      .locator('.overview-stat__value', { hasText: new RegExp(`^${before + 1}$`) })
      .waitFor();
    await context.close();

    const visitor = await site.newPage();
    // The article list is what the visitor looks for, not every picture of the page (their first widths are made on request).
    await visitor.goto('/home', { waitUntil: 'domcontentloaded' });
    await visitor.getByRole('link', { name: TITLE }).first().waitFor();
    await visitor.context().close();
  });

  it('uploads a WordPress export through the dry run (nothing written) to the import, then a comment export', async () => {
    const context = await site.newContext();
    await context.addCookies([{ name: 'blog_session', value: adminToken, url: site.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/admin/transfer');
    await page.locator('input[type="file"]').setInputFiles({ name: 'wordpress.xml', mimeType: 'text/xml', buffer: Buffer.from(WXR) });
    const report = page.locator('.import-report');
    await report.locator('.import-report__dry-run').waitFor();
    await expect(report.textContent()).resolves.toContain(zhCN.contentServer.commentImport.added(2, 0));
    // The dry run names the post without a link: there is no article yet.
    await expect(report.locator('.import-file[data-status="created"]').getByText(WXR_TITLE, { exact: true }).count()).resolves.toBe(1);
    await expect(report.getByRole('link', { name: WXR_TITLE }).count()).resolves.toBe(0);
    // Nothing written: the old address does not lead to an article yet (no 301).
    expect((await fetch(`${site.baseUrl}/?p=8101`, { redirect: 'manual' })).status).not.toBe(301);
    const visitor = await site.newPage();

    await page.getByRole('button', { name: text.import.confirm }).click();
    await report.getByRole('heading', { name: zhCN.contentServer.importer.summary(1, 0, 0) }).waitFor();
    const href = await report.getByRole('link', { name: WXR_TITLE }).getAttribute('href');
    const id = /\/admin\/articles\/(\d+)$/.exec(href ?? '')?.[1];
    expect(id).toBeDefined();
    // The old address leads to the article, where the thread is shown with its reply.
    await visitor.goto('/?p=8101');
    expect(new URL(visitor.url()).search).toBe(`?id=${id}`);
    await visitor.getByText('十年的老读者来了').waitFor();
    await visitor.getByText('博主回复老读者').waitFor();

    await page.getByRole('button', { name: text.import.again }).click();
    const twikoo = [{ _id: 'tw1', nick: '推客', url: '/moved/', comment: '<p>从 Twikoo 来的评论</p>', created: Date.UTC(2021, 0, 1) }];
    await page.locator('input[type="file"]').setInputFiles({ name: 'twikoo.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(twikoo)) });
    await report.locator('.import-report__dry-run').waitFor();
    await page.getByRole('button', { name: text.import.confirm }).click();
    await report.getByRole('heading', { name: zhCN.contentServer.commentImport.added(1, 0) }).waitFor();
    await visitor.reload();
    await visitor.getByText('从 Twikoo 来的评论').waitFor();
    await visitor.context().close();
    await context.close();
  });
});
