import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/adapters/db/connect';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../../../server/adapters/db/content/oldAddressRepository';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { findMarkdownFiles, MarkdownImporter } from '../../../server/adapters/import/markdownImporter';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { normaliseOldAddress } from '../../../server/domain/content/oldAddress';
import { startTestServer, temporaryFolder } from '../support/siteServer';
import { folderWith } from './support';

describe('old addresses are normalised', () => {
  it('drops host, trailing slash, fragment and other queries, and decodes', () => {
    expect(normaliseOldAddress('https://old.example.com/2013/01/11/%E4%BD%A0%E5%A5%BD/#top')).toBe('/2013/01/11/你好');
    expect(normaliseOldAddress('2013/01/11/你好/')).toBe('/2013/01/11/你好');
    expect(normaliseOldAddress('/?p=12&replytocom=3')).toBe('/?p=12');
    expect(normaliseOldAddress('http://old.example/index.php?page_id=7')).toBe('/?page_id=7');
    expect(normaliseOldAddress('/?s=word')).toBeUndefined();
    expect(normaliseOldAddress('/')).toBeUndefined();
  });

  it('gives one address for every way of writing the same path', () => {
    const segment = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/[/?#%]/.test(s) && s.trim() === s && s !== '.');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), (segments, slash, encode) => {
        const plain = `/${segments.join('/')}`;
        const written = `${encode ? `https://old.example/${segments.map(encodeURIComponent).join('/')}` : plain}${slash ? '/' : ''}`;
        const normal = normaliseOldAddress(written);
        expect(normal).toBe(plain);
        expect(normaliseOldAddress(normal!)).toBe(normal);
      }),
    );
  });
});

describe('old links answer 301 to the article', () => {
  const dataDir = temporaryFolder('blog-data-');
  const ids = new Map<string, number>();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let blog: string;
  let posts: string;

  const importPosts = async () => {
    const database = openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
      const oldAddresses = new KyselyOldAddressRepository(database.db);
      const importer = new MarkdownImporter({
        articles: new KyselyArticleRepository(database.db, database.dialect),
        media: new LocalMediaStore(path.join(dataDir, 'media')),
        oldAddresses,
      });
      for (const outcome of await importer.importFiles(await findMarkdownFiles([posts, path.join(blog, 'source', '_posts')]))) {
        if (outcome.status === 'failed') throw new Error(outcome.error);
        ids.set(outcome.file.relative, outcome.id);
      }
      await oldAddresses.remember(ids.get('hello-world.md')!, ['/?p=42']);
      const count = await database.db.selectFrom('article_old_address').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(count.n);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    posts = folderWith({
      'hello-world.md': '---\ntitle: 你好世界\ndate: 2024-03-08 10:00:00\ntags: [随笔, Open Source]\ncategories: [生活]\n---\n正文\n',
      'chinese.md': '---\ntitle: 中文地址\npermalink: /文章/你好/\n---\n正文\n',
      'abbr.md': '---\ntitle: 短链接\nabbrlink: 3ab5c7d\n---\n正文\n',
      'hugo.md': '+++\ntitle = "Hugo"\naliases = ["/old/hugo-post/", "/2019/hugo.html"]\n+++\n正文\n',
      'jekyll.md': '---\ntitle: Jekyll\nredirect_from: /jekyll-old/\n---\n正文\n',
      'draft.md': '---\ntitle: 草稿\ndraft: true\npermalink: /secret/\n---\n正文\n',
    });
    blog = folderWith({
      '_config.yml': 'title: 旧博客\npermalink: p/:urlname.html\n',
      'source/_posts/configured.md': '---\ntitle: 按配置\nurlname: by-config\n---\n正文\n',
    });
    expect(await importPosts()).toBeGreaterThan(0);
    server = await startTestServer({ dataDir, seedDemo: false });
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of [dataDir, posts, blog]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const redirect = async (url: string) => {
    const response = await server.app.inject({ method: 'GET', url });
    return { status: response.statusCode, location: response.headers.location };
  };
  const toArticle = (file: string) => ({ status: 301, location: `/article?id=${ids.get(file)}` });

  it.each([
    ['/2024/03/08/hello-world/', 'hello-world.md'],
    ['/2024/03/08/hello-world', 'hello-world.md'],
    ['/%E6%96%87%E7%AB%A0/%E4%BD%A0%E5%A5%BD/', 'chinese.md'],
    ['/文章/你好', 'chinese.md'],
    ['/posts/3ab5c7d/', 'abbr.md'],
    ['/posts/3ab5c7d.html', 'abbr.md'],
    ['/old/hugo-post', 'hugo.md'],
    ['/2019/hugo.html', 'hugo.md'],
    ['/jekyll-old/', 'jekyll.md'],
    ['/p/by-config.html', 'configured.md'],
    ['/?p=42', 'hello-world.md'],
  ])('%s → the article', async (url, file) => {
    expect(await redirect(url)).toEqual(toArticle(file));
  });

  it('leaves drafts, unknown paths and the front door as they were', async () => {
    expect((await redirect('/secret/')).status).toBe(404);
    expect((await redirect('/nothing-here/')).status).toBe(404);
    expect((await redirect('/?p=999')).status).toBe(302);
    expect(await redirect('/?showSpecial')).toEqual({ status: 302, location: '/home?showSpecial' });
    expect(await redirect('/by-config/')).toEqual(toArticle('configured.md'));
  });

  it('sends old feeds to the feed and old tag and category pages to ours', async () => {
    for (const feed of ['/feed/', '/feed', '/atom.xml', '/index.xml']) expect(await redirect(feed)).toEqual({ status: 301, location: '/rss.xml' });
    const tags = (await server.app.inject({ url: '/api/tag/getAll' })).json<{ result: { id: number; name: string }[] }>().result;
    const tagId = (name: string) => tags.find((tag) => tag.name === name)!.id;
    expect(await redirect(`/tags/${encodeURIComponent('随笔')}/`)).toEqual({ status: 301, location: `/articleList?tagId=${tagId('随笔')}` });
    expect(await redirect('/tag/open-source')).toEqual({ status: 301, location: `/articleList?tagId=${tagId('Open Source')}` });
    expect(await redirect('/tags/none/')).toEqual({ status: 301, location: '/tag' });
    expect((await redirect(`/categories/${encodeURIComponent('生活')}`)).location).toMatch(/^\/articleList\?categoryId=\d+$/);
    expect(await redirect('/category/parent/unknown/')).toEqual({ status: 301, location: '/category' });
  });

  it('adds no address twice when the posts are imported again', async () => {
    await server.close();
    const before = await importPosts();
    expect(await importPosts()).toBe(before);
    server = await startTestServer({ dataDir, seedDemo: false });
  });
});
