/**
 * A routine restart of the machine's PostgreSQL cluster under two running instances, as an operator does it:
 * `pg_ctlcluster <version> main restart` while readers ask each instance for an article four times a second.
 * Prints what the readers got (successes, 503s, anything else), the slowest answer, whether a process
 * exited, and how long after the restart each instance answered again.
 *
 * It restarts the shared cluster, so it runs alone, never inside `npm test`: `npx tsx bench/pgRestart.bench.ts`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { builtClientDir } from './benchSite';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function startInstance(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /博客已启动：(http:\/\/[\d.:]+)/.exec(output);
      if (found) resolve({ child, url: found[1]!, output: () => output });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
}

interface Answer {
  instance: number;
  at: number;
  status: number | 'error';
  ms: number;
}

const name = `bench_restart_${crypto.randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const clientDir = await builtClientDir();
const folders: string[] = [];
const instances: Awaited<ReturnType<typeof startInstance>>[] = [];
try {
  for (let i = 0; i < 2; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-restart-'));
    folders.push(dataDir);
    instances.push(
      await startInstance({
        ...process.env,
        DATA_DIR: dataDir,
        MUSIC_DIR: dataDir,
        CLIENT_DIR: clientDir,
        DATABASE_URL: url.toString(),
        REDIS_URL: '',
        SEED_DEMO: 'true',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      }),
    );
  }
  const home = (await (await fetch(`${instances[0]!.url}/api/article/blogHomeGetArticleList/1/10`)).json()) as { result: { list: { id: number }[] } };
  const articleId = home.result.list[0]!.id;

  const answers: Answer[] = [];
  let running = true;
  const reader = async (instance: number) => {
    while (running) {
      const started = performance.now();
      let status: Answer['status'];
      try {
        status = (await fetch(`${instances[instance]!.url}/api/article/getArticleById/${articleId}`, { signal: AbortSignal.timeout(15_000) })).status;
      } catch {
        status = 'error';
      }
      answers.push({ instance, at: started, status, ms: performance.now() - started });
      await pause(250);
    }
  };
  const readers = [reader(0), reader(1)];
  await pause(3_000);

  const version = fs.readdirSync('/etc/postgresql')[0]!;
  const restartStarted = performance.now();
  // Not the synchronous form: the readers must go on asking while the cluster restarts.
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
  const restartEnded = performance.now();
  await pause(10_000);
  running = false;
  await Promise.all(readers);

  const during = answers.filter((answer) => answer.at >= restartStarted);
  const count = (status: Answer['status']) => during.filter((answer) => answer.status === status).length;
  console.log(`pg_ctlcluster restart took ${((restartEnded - restartStarted) / 1000).toFixed(1)} s`);
  console.log(`answers from the restart on: ${during.length} (200: ${count(200)}, 503: ${count(503)}, other: ${during.length - count(200) - count(503)})`);
  console.log(`slowest answer: ${Math.round(Math.max(...during.map((answer) => answer.ms)))} ms`);
  for (const [index, instance] of instances.entries()) {
    const back = during.find((answer) => answer.instance === index && answer.status === 200 && answer.at >= restartEnded);
    const alive = instance.child.exitCode === null && instance.child.signalCode === null;
    console.log(
      `instance ${index + 1}: ${alive ? 'alive' : `EXITED (${instance.child.exitCode ?? instance.child.signalCode})`}, ` +
        `answering again ${back ? `${((back.at - restartEnded) / 1000).toFixed(2)} s` : 'never'} after the restart ended`,
    );
  }
} finally {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await admin(`drop database if exists ${name} with (force)`).catch((error: unknown) => console.error(error));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}
