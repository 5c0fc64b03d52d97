import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../../server/main';
import { SERVER_NODE_FLAGS, SERVER_OUT_DIR, buildServer } from '../../../server/cli/serverBuild';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { freePort } from '../faults/support';

/*
 * The deployment files, checked with what runs here (no Docker engine, no base images): the Dockerfile parsed,
 * compose.yaml read, and the Caddyfile validated by Debian's caddy with `tls internal` where it is installed.
 */

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const caddy = spawnSync('caddy', ['version']).status === 0;

describe('deployment files', () => {
  it('builds the client and the server in one stage and runs node as a user without privileges', () => {
    const dockerfile = DockerfileParser.parse(read('Dockerfile'));
    const stages = dockerfile.getFROMs();
    expect(stages.map((from) => `${from.getImageName()}:${from.getImageTag()} ${from.getBuildStage()}`)).toEqual([
      'node:20-bookworm-slim build',
      'node:20-bookworm-slim deps',
      'node:20-bookworm-slim runtime',
    ]);
    const instructions = dockerfile.getInstructions();
    const runtimeStart = instructions.indexOf(stages[2]!);
    const runtime = instructions.slice(runtimeStart);
    const keyword = (name: string) => runtime.filter((instruction) => instruction.getKeyword() === name);
    expect(instructions.slice(0, runtimeStart).some((i) => i.getKeyword() === 'RUN' && i.getArgumentsContent() === 'npm run build')).toBe(true);
    expect(keyword('USER').map((i) => i.getArgumentsContent())).toEqual(['node']);
    expect(keyword('HEALTHCHECK')[0]?.getArgumentsContent()).toContain('/readyz');
    expect(JSON.parse(keyword('CMD')[0]?.getArgumentsContent() ?? '')).toEqual(['node', ...SERVER_NODE_FLAGS, `${SERVER_OUT_DIR}/start.js`]);
    // Everything the runtime copies from the build is something the build makes.
    const copied = keyword('COPY').map((i) => i.getArgumentsContent() ?? '');
    expect(copied).toEqual(expect.arrayContaining([expect.stringContaining('/app/dist '), expect.stringContaining(`/app/${SERVER_OUT_DIR} `)]));
  });

  it('starts the server with the same V8 flags in npm start, the image and the systemd unit', () => {
    const command = `node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_OUT_DIR}/start.js`;
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toMatch(new RegExp(`&& ${command}$`));
    expect(read('docs/operations.md')).toContain(`ExecStart=/usr/bin/${command}\n`);
  });

  it('composes PostgreSQL, Redis, an S3-compatible store, two instances without a shared disk, and Caddy', () => {
    const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { image?: string; volumes?: string[]; environment?: Record<string, string> }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(['blog1', 'blog2', 'caddy', 'minio', 'postgres', 'redis']);
    const [one, two] = [compose.services.blog1!, compose.services.blog2!];
    expect(one.volumes).not.toEqual(two.volumes);
    expect(one.environment).toMatchObject({ MEDIA_STORE: 's3', REDIS_URL: 'redis://redis:6379', S3_FORCE_PATH_STYLE: 'true' });
    expect(compose.services.caddy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it.skipIf(!caddy)('has a Caddyfile that caddy validates (with tls internal)', () => {
    const dir = temporaryFolder('blog-caddy-');
    try {
      const file = path.join(dir, 'Caddyfile');
      // A certificate of caddy's own CA instead of one from the internet, which this machine cannot reach.
      fs.writeFileSync(file, read('deploy/Caddyfile').replace(/^(\{\$SITE_DOMAIN[^\n]*\{)$/m, '$1\n\ttls internal'));
      expect(fs.readFileSync(file, 'utf8')).toContain('tls internal');
      const output = execFileSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], {
        env: { ...process.env, SITE_DOMAIN: 'blog.test', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toContain('Valid configuration');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the image\'s start command with the local node: ready, then a clean stop', async () => {
    await buildServer(PROJECT_ROOT);
    const dataDir = temporaryFolder('blog-built-');
    const clientDir = writeFakeClient();
    const port = await freePort();
    const child = spawn('node', [...SERVER_NODE_FLAGS, `${SERVER_OUT_DIR}/start.js`], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: '', MUSIC_UPSTREAM: 'http://127.0.0.1:9', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200), { timeout: 30_000, interval: 200 });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  }, 60_000);
});
