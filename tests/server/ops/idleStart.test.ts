import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../../server/main';
import { SERVER_NODE_FLAGS, SERVER_OUT_DIR, buildServer } from '../../../server/cli/serverBuild';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { freePort } from '../faults/support';

/*
 * What a fresh demo site's start holds (issue 50's idle memory): the built server, run as in production, seeds the
 * demo content and album without loading libvips or the mail, import and QR-code modules, which are loaded when
 * first used. /proc/<pid>/maps lists the native libraries a process has loaded.
 */

describe('a fresh demo start, built and run by node', () => {
  it('seeds the demo with its pictures measured, and leaves libvips unloaded', async () => {
    await buildServer(PROJECT_ROOT);
    const dataDir = temporaryFolder('blog-idle-');
    const clientDir = writeFakeClient();
    const port = await freePort();
    const child = spawn('node', [...SERVER_NODE_FLAGS, `${SERVER_OUT_DIR}/start.js`], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const get = async (url: string) => (await fetch(`http://127.0.0.1:${port}${url}`)).json();
    try {
      await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200), { timeout: 60_000, interval: 200 });
      expect((await fetch(`http://127.0.0.1:${port}/home`)).status).toBe(200);
      // Every demo album's photos carry the sizes the generator listed (content/demo/images/sizes.json: 1200×675 or 800×800).
      const albums = (await get('/api/photoAlbum/getAll')).result as { id: number }[];
      expect(albums.length).toBeGreaterThan(0);
      for (const album of albums) {
        const photos = (await get(`/api/photo/getPhotoListByAlbumId/${album.id}/1/50`)).result.list as { width: number; height: number }[];
        expect(photos.length).toBeGreaterThan(0);
        for (const photo of photos) expect(['1200x675', '800x800']).toContain(`${photo.width}x${photo.height}`);
      }
      const maps = fs.readFileSync(`/proc/${child.pid}/maps`, 'utf8');
      expect(maps).toContain('better_sqlite3.node');
      expect(maps).not.toContain('libvips');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  }, 120_000);
});
