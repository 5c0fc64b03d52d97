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
    const report = page.locator('.import-report');
    await report.getByRole('heading', { name: zhCN.contentServer.importer.summary(1, 0, 0) }).waitFor();
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
});
