import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuilt } from '../server/cli/clientBuild';
import { loadConfig } from '../server/config';
import { createServer, PROJECT_ROOT } from '../server/main';

export interface BenchSite {
  baseUrl: string;
  /** The id of the first article of the home list. */
  articleId: number;
  close(): Promise<void>;
}

/**
 * The site as a reader meets it: the client built when older than its sources (as `npm start` does, into
 * `CLIENT_DIR` or `dist/`), the real server on a free port with a fresh data folder and the demo content,
 * quiet logs and no per-minute limit in the way.
 */
export async function startBenchSite(): Promise<BenchSite> {
  const clientDir = path.resolve(PROJECT_ROOT, process.env.CLIENT_DIR || 'dist');
  await ensureClientBuilt(clientDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-site-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' },
    dataDir,
  );
  const server = await createServer({ ...config, clientDir });
  const close = async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.music?.ready();
    const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    return { baseUrl, articleId: await firstHomeArticle(baseUrl), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function firstHomeArticle(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/article/blogHomeGetArticleList/1/1`);
  const body = (await response.json()) as { code: number; result?: { list: { id: number }[] } };
  const id = body.result?.list[0]?.id;
  if (body.code !== 0 || id === undefined) throw new Error('the demo site has no article on its home list');
  return id;
}
