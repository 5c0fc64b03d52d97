import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/main';
import { POSTGRES_URL, REDIS_URL, adminQuery, postgresAndRedisUnreachable } from './support/databases';
import { temporaryFolder } from './support/siteServer';

const run = promisify(execFile);
const folder = temporaryFolder('blog-startup-');
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/**
 * Starts the real server in a fresh process and reports which optional libraries it loaded: pg, ioredis and
 * the AWS SDK by the CommonJS cache, sharp by its native libvips being mapped into the process.
 */
const PROBE = `
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { loadConfig } = await import(${JSON.stringify(pathToFileURL(path.join(PROJECT_ROOT, 'server/config.ts')).href)});
const { createServer } = await import(${JSON.stringify(pathToFileURL(path.join(PROJECT_ROOT, 'server/main.ts')).href)});
const dataDir = process.env.PROBE_DATA_DIR;
const server = await createServer({ ...loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }, dataDir), clientDir: '' }, { announce: () => undefined });
const packages = Object.keys(require.cache).join('\\n');
const libvips = () => fs.readFileSync('/proc/self/maps', 'utf8').includes('libvips');
const report = {
  sharp: libvips(),
  pg: packages.includes('/node_modules/pg/'),
  ioredis: packages.includes('/node_modules/ioredis/'),
  s3: packages.includes('/node_modules/@aws-sdk/client-s3/'),
};
await server.close();
// The probe itself can see each library once it is loaded.
await import(${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href)});
report.sharpSeenWhenLoaded = libvips();
console.log(JSON.stringify(report));
`;

async function probe(env: Record<string, string>): Promise<Record<string, boolean>> {
  const script = path.join(folder, 'probe.mts');
  fs.writeFileSync(script, PROBE);
  const dataDir = fs.mkdtempSync(path.join(folder, 'data-'));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env, PROBE_DATA_DIR: dataDir },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, boolean>;
}


const servicesUp = (await postgresAndRedisUnreachable()) === undefined;

describe.skipIf(process.platform !== 'linux')('start-up', () => {
  it('loads neither sharp, nor pg, nor ioredis, nor the AWS SDK when the configuration uses none of them', async () => {
    expect(await probe({})).toEqual({ sharp: false, pg: false, ioredis: false, s3: false, sharpSeenWhenLoaded: true });
  }, 60_000);

  it.skipIf(!servicesUp)(
    'loads pg and ioredis when DATABASE_URL and REDIS_URL name them',
    async () => {
      const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(`create schema ${schema}`);
      try {
        const report = await probe({ DATABASE_URL: `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`, REDIS_URL });
        expect(report).toMatchObject({ sharp: false, pg: true, ioredis: true });
      } finally {
        await adminQuery(`drop schema ${schema} cascade`);
      }
    },
    60_000,
  );
});
