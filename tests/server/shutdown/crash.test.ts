import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/adapters/db/connect';
import { backends } from '../support/databases';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { emptySite, type Kind, type Site } from '../backup/sites';
import { runScript, takeOverAdministrator, post } from '../support/serverProcess';

/*
 * SIGKILL at the worst moments: nothing may be lost that was acknowledged, nothing may be half written.
 * SQLite runs in WAL mode with the default synchronous=FULL-in-WAL guarantees of a committed transaction;
 * a kill -9 of the process (not a power cut) must leave a database that passes `PRAGMA integrity_check`.
 */

const postgresSkip = (await backends()).find((backend) => backend.name === 'PostgreSQL')?.skipReason;
const sites: Site[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const site of sites) await site.dispose();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function siteEnv(site: Site, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl ?? '', REDIS_URL: '', SEED_DEMO: 'false', ...extra };
}

function integrity(site: Site): string {
  const file = new SQLite(path.join(site.dataDir, 'blog.sqlite'));
  try {
    return (file.pragma('integrity_check', { simple: true }) as string) ?? '';
  } finally {
    file.close();
  }
}

const kinds: { kind: Kind; skip: string | undefined }[] = [
  { kind: 'sqlite', skip: undefined },
  { kind: 'postgres', skip: postgresSkip },
];

describe.each(kinds)('SIGKILL on $kind', ({ kind, skip }) => {
  it.skipIf(skip)('during a burst of acknowledged writes loses none of them', async () => {
    const site = await emptySite(kind);
    sites.push(site);
    const clientDir = writeFakeClient();
    folders.push(clientDir);
    const future = new Date(Date.now() + 24 * 3600_000);
    fs.utimesSync(path.join(clientDir, 'index.html'), future, future);
    const server = runScript('server/cli/start.ts', [], siteEnv(site, { CLIENT_DIR: clientDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }));
    const [, url] = await server.waitFor(/博客已启动：(http:\/\/[\d.:]+)/);
    const [, username, password] = await server.waitFor(/用户名 (\S+)，初始密码 ([^（\s]+)/);
    const token = await takeOverAdministrator(url!, username!, password!);

    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (lane: number) => {
      for (let i = 0; !killed; i += 1) {
        const content = `crash-${lane}-${i}`;
        try {
          const answer = await post(`${url}/api/talk/add`, { content, images: [], pinned: false }, token);
          if (answer.code === 0) acknowledged.push(content);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const lanes = Array.from({ length: 8 }, (_, lane) => writer(lane));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(lanes);
    expect(await server.exit).toBe('SIGKILL');

    if (kind === 'sqlite') expect(integrity(site)).toBe('ok');
    const handle = site.open();
    try {
      const stored = new Set((await handle.db.selectFrom('talk').select('content').execute()).map((row) => row.content));
      expect(acknowledged.filter((content) => !stored.has(content))).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it.skipIf(skip)('during an import leaves every file fully in or not at all', async () => {
    const site = await emptySite(kind);
    sites.push(site);
    const posts = temporaryFolder('blog-crash-posts-');
    folders.push(posts);
    const bodies = new Map<string, string>();
    for (let i = 0; i < 300; i += 1) {
      const slug = `post-${String(i).padStart(3, '0')}`;
      const body = `第 ${i} 篇。\n\n${'春风又绿江南岸，明月何时照我还。'.repeat(200)}\n\n结尾 ${i}。`;
      bodies.set(slug, body);
      fs.writeFileSync(
        path.join(posts, `${slug}.md`),
        `---\ntitle: 文章 ${i}\nslug: ${slug}\ndate: 2026-01-01 08:00:00\ncategories: 随笔\ntags: [甲${i}, 乙${i}, 丙${i}]\n---\n\n${body}\n`,
      );
    }
    const importer = runScript('server/cli/import.ts', [posts], siteEnv(site));
    // Killed midway: some files are in, the rest are not.
    await importer.waitFor(/(.*\n){40}/);
    importer.child.kill('SIGKILL');
    expect(await importer.exit).toBe('SIGKILL');

    if (kind === 'sqlite') expect(integrity(site)).toBe('ok');
    const handle = openDatabase({ dataDir: site.dataDir, databaseUrl: site.databaseUrl });
    try {
      const articles = await handle.db.selectFrom('article').select(['id', 'source_key', 'title']).execute();
      expect(articles.length).toBeGreaterThan(0);
      expect(articles.length).toBeLessThan(300);
      for (const article of articles) {
        const slug = [...bodies.keys()].find((key) => article.source_key.includes(key));
        expect(slug, article.source_key).toBeDefined();
        const body = await handle.db.selectFrom('article_body').select('content').where('article_id', '=', article.id).executeTakeFirst();
        expect(body?.content.trim(), slug).toBe(bodies.get(slug!));
        const tags = await handle.db
          .selectFrom('article_tag as at')
          .innerJoin('tag as t', 't.id', 'at.tag_id')
          .select('t.name')
          .where('at.article_id', '=', article.id)
          .orderBy('at.position')
          .execute();
        const i = Number(slug!.slice(5));
        expect(tags.map((tag) => tag.name)).toEqual([`甲${i}`, `乙${i}`, `丙${i}`]);
      }
    } finally {
      await handle.close();
    }
  }, 60_000);
});
