import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KyselyArticleRepository } from '../../server/adapters/db/content/articleRepository';
import { findMarkdownFiles, MarkdownImporter } from '../../server/adapters/import/markdownImporter';
import { LocalMediaStore } from '../../server/adapters/media/localMediaStore';
import { articlePath } from '../../src/protocol/routes';
import { openAt, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser } from './support/harness';

/*
 * A Hugo blog of page bundles imported into a site started without the demo: its math, callouts, tabs,
 * expanders, a missing picture and links between posts, read in Chromium after hydration.
 */

const FENCE = '```';

describeInBrowser('a Hugo blog imported into an empty site', () => {
  let site: AccountsSite;
  let sourceDir: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    site = await startAccountsSite({ SEED_DEMO: 'false' });
    sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-hugo-'));
    const write = (name: string, body: string | Buffer) => {
      fs.mkdirSync(path.dirname(path.join(sourceDir, name)), { recursive: true });
      fs.writeFileSync(path.join(sourceDir, name), body);
    };
    write(
      'posts/mobius/index.md',
      [
        '+++',
        'title = "莫比乌斯反演"',
        'date = 2024-03-01',
        'categories = ["算法"]',
        '+++',
        '设 $g(d) = \\lfloor \\frac{x}{d} \\rfloor$，价格 $5 到 $10 不是公式。',
        '',
        '<!--more-->',
        '',
        '$$\\begin{gathered} f(n) = \\sum_{d \\mid n} \\mu(d) g\\left(\\frac{n}{d}\\right) \\end{gathered}$$',
        '',
        '{{< alert theme="warning" >}}',
        '**注意** 除以零。',
        '{{< /alert >}}',
        '',
        '{{< tabs >}}',
        '{{< tab "C++" >}}',
        `${FENCE}cpp`,
        'int mu[N];',
        FENCE,
        '{{< /tab >}}',
        '{{< /tabs >}}',
        '',
        '{{< expand "证明" >}}',
        '由归纳法可得。',
        '{{< /expand >}}',
        '',
        '{{< figure src="graph.png" caption="示意图" >}}',
        '',
        '![丢失的图](1.jpg)',
        '',
        '下一篇：[筛法]({{< ref "posts/sieve/index.md" >}})。',
      ].join('\n'),
    );
    write('posts/mobius/graph.png', await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3b82d6' } }).png().toBuffer());
    write('posts/sieve/index.md', '+++\ntitle = "筛法"\ndate = 2024-03-02\n+++\n回到 [莫比乌斯反演]({{< relref "mobius" >}})。\n');

    const importer = new MarkdownImporter({
      articles: new KyselyArticleRepository(site.db.db, site.db.dialect),
      media: new LocalMediaStore(path.join(site.dataDir, 'media')),
      changes: site.server.changes,
    });
    const outcomes = await importer.importFiles(await findMarkdownFiles([sourceDir]));
    for (const outcome of outcomes) {
      expect(outcome.status, outcome.file.relative).not.toBe('failed');
      if (outcome.status !== 'failed') ids.set(outcome.file.relative.split('/')[1]!, outcome.id);
    }
  });
  afterAll(async () => {
    await site?.close();
    if (sourceDir) fs.rmSync(sourceDir, { recursive: true, force: true });
  });

  it('renders math, callouts, sections and figures with no console error, and its links lead to the other post', async () => {
    const page = await site.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
    });
    await openAt(page, articlePath(ids.get('mobius')!));
    const body = page.locator('.article-body, #article-body').first();
    await expect(body.locator('.katex').count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(body.innerText()).resolves.toContain('价格 $5 到 $10 不是公式');
    await expect(body.locator('.md-editor-admonition-warning').innerText()).resolves.toContain('除以零');
    const proof = body.locator('details.disclosure', { hasText: '证明' });
    await expect(proof.evaluate((details) => (details as HTMLDetailsElement).open)).resolves.toBe(false);
    await proof.locator('summary').click();
    await expect(proof.evaluate((details) => (details as HTMLDetailsElement).open)).resolves.toBe(true);
    await expect(proof.innerText()).resolves.toContain('由归纳法可得');
    // Closed until opened: its code is in the page, not yet shown.
    await expect(body.locator('details.disclosure', { hasText: 'C++' }).locator('code').textContent()).resolves.toContain('int mu[N];');
    await expect(body.locator('figcaption', { hasText: '示意图' }).count()).resolves.toBe(1);
    // Nothing of the source is left as written outside code.
    await expect(body.innerText()).resolves.not.toMatch(/\{\{<|\$\$|\\frac/);

    await body.getByRole('link', { name: '筛法' }).click();
    await page.waitForURL(new RegExp(`${articlePath(ids.get('sieve')!).replace('?', '\\?')}$`));
    await page.locator('h1', { hasText: '筛法' }).waitFor();
    expect(problems).toEqual([]);
  });
});
