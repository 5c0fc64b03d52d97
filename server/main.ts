import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase } from './adapters/db/connect';
import { migrateToLatest } from './adapters/db/migrations';
import { KyselySiteRepository } from './adapters/db/siteRepository';
import { buildApp } from './adapters/http/app';
import { LocalMediaStore } from './adapters/media/localMediaStore';
import { seedDemoSite } from './adapters/seed/demoSite';
import { SiteService } from './domain/site/siteService';
import { systemClock } from './ports/clock';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_CONTENT_DIR = path.join(PROJECT_ROOT, 'content', 'demo');

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The server's composition root: configuration in, a listening server out. */
export async function createServer(config: AppConfig): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = openDatabase(config);
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);

  const media = new LocalMediaStore(path.join(config.dataDir, 'media'));
  fs.mkdirSync(media.root, { recursive: true });
  const sites = new KyselySiteRepository(database.db);
  if (config.seedDemo) {
    await seedDemoSite({ contentDir: DEMO_CONTENT_DIR, sites, media, clock: systemClock });
  }

  const app = await buildApp(
    {
      site: new SiteService(sites),
      healthCheck: async () => {
        await sql`select 1`.execute(database.db);
      },
    },
    { clientDir: config.clientDir, mediaDir: media.root, logLevel: config.logLevel, trustProxy: config.trustProxy },
  );
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function startServer(config: AppConfig): Promise<RunningServer> {
  const server = await createServer(config);
  const address = await server.app.listen({ port: config.port, host: config.host });
  return { ...server, url: address.replace('0.0.0.0', '127.0.0.1') };
}
