import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { expect } from 'vitest';
import { ADMIN_OWN_PASSWORD } from './administrator';

/**
 * One of the project's scripts (`server/cli/start.ts`…) in a process of its own, its output collected. One
 * process unless the test asks for workers (`WEB_CONCURRENCY`): with `REDIS_URL` the default would be a worker
 * per core, and the tests of several instances mean one process each.
 */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { WEB_CONCURRENCY: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners: (() => void)[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  /** Resolves with the first match of `pattern` in the output so far or to come. */
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${String(pattern)} in:\n${output}`)), timeoutMs);
      const check = () => {
        const found = pattern.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      listeners.push(check);
      check();
    });
  return { child: child as ChildProcess, exit, waitFor, output: () => output };
}

/** Starts the real `npm start` entry (or `script`, which starts like it) and resolves once it says it has started. */
export async function startSiteProcess(env: NodeJS.ProcessEnv, script = 'server/cli/start.ts', timeoutMs?: number) {
  const server = runScript(script, [], { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  const [, url] = await server.waitFor(/博客已启动：(http:\/\/[\d.:]+)/, timeoutMs);
  return { ...server, url: url! };
}

export async function post(url: string, body: unknown, token?: string): Promise<{ code: number; result: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; result: unknown };
}

/**
 * Signs in with the one-time password the first start announced, sets the administrator's own (until then
 * the account's changes are refused) and signs in again with it: the bearer token of that session.
 */
export async function takeOverAdministrator(url: string, username: string, oneTimePassword: string): Promise<string> {
  const first = await post(`${url}/api/user/login`, { username, password: oneTimePassword, bearer: true });
  expect(first.code).toBe(0);
  const change = await fetch(`${url}/api/user/updatePassword`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${(first.result as { token: string }).token}`,
    },
    body: JSON.stringify({ old_password: oneTimePassword, new_password: ADMIN_OWN_PASSWORD }),
  });
  expect(((await change.json()) as { code: number }).code).toBe(0);
  const login = await post(`${url}/api/user/login`, { username, password: ADMIN_OWN_PASSWORD, bearer: true });
  expect(login.code).toBe(0);
  return (login.result as { token: string }).token;
}


/** An empty site on a fresh SQLite folder: no demo content, no Redis. */
export function bareSiteEnv(clientDir: string, dataDir: string): NodeJS.ProcessEnv {
  return { DATA_DIR: dataDir, CLIENT_DIR: clientDir, SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: '' };
}

/** A GET on a connection of its own, answered as soon as the headers arrive (the body is read apart). */
export function httpGet(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(url, { agent: false }, resolve).on('error', reject));
}

export async function readBody(response: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
