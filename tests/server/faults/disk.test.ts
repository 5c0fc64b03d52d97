import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { IMAGE_VARIANT_PREFIX } from '../../../src/domain/media/imageVariants';
import { signUp, startAccountsServer, PASSWORD, uniqueName, type AccountsServer } from '../accounts/support';
import { temporaryFolder } from '../support/siteServer';
import { runScript } from '../support/serverProcess';

/*
 * The data folder on a small tmpfs of its own, filled to the last byte: uploads, the database, the resized
 * pictures' cache and a backup each meet ENOSPC for real. Each says so in Chinese and leaves nothing half
 * written, reads go on, and every write works again once space is freed.
 */

function mountTmpfs(dir: string): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})`;
  }
}

const mountPoint = temporaryFolder('blog-full-disk-');
const skipReason = mountTmpfs(mountPoint);
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI runs as root and must test a full disk`);

/** Every file under `dir` whose name says it was being written. */
function halfWritten(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(tmp|partial)$/.test(name));
}

describe.skipIf(skipReason !== undefined)('a full disk', () => {
  const musicDir = temporaryFolder('blog-full-disk-music-');
  const filler = path.join(mountPoint, 'filler');
  let site: AccountsServer;
  let cookie = '';
  let pictureName = '';

  function upload(bytes: Buffer) {
    const boundary = '----blogfull';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return site.call({ method: 'POST', url: '/api/upload/img', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie }, payload });
  }
  const picture = (seed: number) =>
    sharp({ create: { width: 700, height: 400, channels: 3, background: { r: seed % 256, g: 90, b: 200 } } }).png().toBuffer();
  const register = (username: string) =>
    site.call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD, nick_name: username } });

  /** Fills the disk to the last byte it will take. */
  function fill() {
    const handle = fs.openSync(filler, 'a');
    try {
      for (const size of [1024 * 1024, 4096, 1]) {
        try {
          for (;;) fs.writeSync(handle, Buffer.alloc(size));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        }
      }
    } finally {
      fs.closeSync(handle);
    }
  }

  beforeAll(async () => {
    site = await startAccountsServer({ dataDir: mountPoint, musicDir });
    cookie = (await signUp(site)).cookie;
    const first = await upload(await picture(1));
    expect(first.statusCode).toBe(200);
    pictureName = path.basename((first.json().result as { url: string }).url);
    fill();
  }, 30_000);

  afterAll(async () => {
    await site?.close();
    execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
    fs.rmSync(musicDir, { recursive: true, force: true });
  });

  it('refuses an upload with a Chinese 507 and leaves no partial file, then takes it once space is freed', async () => {
    const bytes = await picture(2);
    const refused = await upload(bytes);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ code: 507, result: null, message: zhCN.server.diskFull });
    expect(halfWritten(mountPoint)).toEqual([]);

    // Reads go on: the configuration, a page, the picture already stored, and a width never made before
    // (rendered, served, but not kept: the cache has no room).
    expect((await site.app.inject({ method: 'GET', url: '/api/user/current' })).statusCode).toBe(200);
    expect((await site.app.inject({ method: 'GET', url: `/media/${pictureName}` })).statusCode).toBe(200);
    const variant = await site.app.inject({ method: 'GET', url: `${IMAGE_VARIANT_PREFIX}320/${pictureName}` });
    expect(variant.statusCode).toBe(200);
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(320);
    expect(halfWritten(mountPoint)).toEqual([]);

    fs.truncateSync(filler, 0);
    const taken = await upload(bytes);
    expect(taken.statusCode).toBe(200);
    fill();
  });

  it('refuses database writes with a Chinese 507, keeps every acknowledged one, and writes again once space is freed', async () => {
    const acknowledged: string[] = [];
    let refused: Awaited<ReturnType<typeof register>> | undefined;
    // SQLite reuses room its files already hold: write until the disk is really needed.
    for (let i = 0; i < 500 && !refused; i++) {
      const username = uniqueName('full');
      const answer = await register(username);
      if (answer.statusCode === 200 && answer.json().code === 0) acknowledged.push(username);
      else refused = answer;
    }
    expect(refused?.statusCode).toBe(507);
    expect(refused?.json()).toEqual({ code: 507, result: null, message: zhCN.server.diskFull });
    expect((await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie } })).json().result).not.toBeNull();

    fs.truncateSync(filler, 0);
    const later = uniqueName('full');
    expect((await register(later)).json().code).toBe(0);
    for (const username of [...acknowledged, later]) {
      const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD } });
      expect(login.json().code, username).toBe(0);
    }
    fill();
  }, 60_000);

  it('a backup onto the full disk fails with a Chinese line and leaves no archive behind', async () => {
    const archive = path.join(mountPoint, 'site.blogbak');
    const backup = runScript('server/cli/backup.ts', [archive], { ...process.env, DATA_DIR: mountPoint, MUSIC_DIR: musicDir, DATABASE_URL: '' });
    expect(await backup.exit).toBe(1);
    expect(backup.output()).toContain(zhCN.backup.faults.diskFull);
    expect(backup.output()).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(archive)).toBe(false);
    expect(halfWritten(mountPoint)).toEqual([]);
  }, 60_000);
});
