import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createServer, type CreatedServer } from '../../server/main';
import { temporaryFolder } from './support/siteServer';

/** A built client as the offline build leaves it: the page links the manifest; the worker and icons beside it. */
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>听雨小筑</title>' +
  '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#f3f5f9">' +
  '<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>';

function writeClient(): string {
  const dir = temporaryFolder('blog-offline-client-');
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: '听雨小筑', start_url: '/home' }));
  fs.writeFileSync(path.join(dir, 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

describe.each([
  { offline: 'on', linked: true },
  { offline: 'off', linked: false },
])('the offline worker and manifest with OFFLINE=$offline', ({ offline, linked }) => {
  let server: CreatedServer;
  let dataDir: string;
  let clientDir: string;

  beforeAll(async () => {
    dataDir = temporaryFolder('blog-offline-data-');
    clientDir = writeClient();
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', OFFLINE: offline }, dataDir);
    server = await createServer({ ...config, clientDir }, { announce: () => undefined });
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves the worker as JavaScript that is revalidated on every check, never kept long', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest as a web app manifest, and the icons as pictures, revalidated', async () => {
    const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await server.app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it(linked ? "links the manifest from every page's head" : 'links no manifest, so no browser registers the worker', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    const head = page.body.split('</head>')[0]!;
    expect(head.includes('<link rel="manifest" href="/manifest.webmanifest">')).toBe(linked);
    expect(head).toContain('<meta name="theme-color"');
  });
});

describe('the OFFLINE setting', () => {
  it('takes on or off and refuses anything else, naming the variable', () => {
    expect(loadConfig({ OFFLINE: 'off' }).offline).toBe(false);
    expect(loadConfig({}).offline).toBe(true);
    expect(() => loadConfig({ OFFLINE: 'maybe' })).toThrow(/OFFLINE/);
  });
});
