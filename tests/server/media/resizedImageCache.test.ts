import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResizedImageCache } from '../../../server/adapters/media/resizedImageCache';

const folders: string[] = [];
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-resized-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function bytesOnDisk(dir: string): number {
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

/** A render that counts its calls and answers `size` bytes of `fill`. */
function counted(size: number, fill: number) {
  const render = async () => {
    render.calls += 1;
    return Buffer.alloc(size, fill);
  };
  render.calls = 0;
  return render;
}

describe('the bounded cache of resized images', () => {
  it('makes a rendition once and then reads it from disk, also in a new instance over the same folder', async () => {
    const dir = folder();
    const render = counted(100, 1);
    const cache = new ResizedImageCache({ dir, maxBytes: 10_000 });
    const [first, second] = await Promise.all([cache.get('a-640.webp', render), cache.get('a-640.webp', render)]);
    expect(await cache.get('a-640.webp', render)).toEqual(first);
    expect(second).toEqual(first);
    expect(render.calls).toBe(1);
    const again = new ResizedImageCache({ dir, maxBytes: 10_000 });
    expect(await again.get('a-640.webp', render)).toEqual(first);
    expect(render.calls).toBe(1);
  });

  it('reads a rendition another instance on the same folder made after it listed the folder', async () => {
    const dir = folder();
    const one = new ResizedImageCache({ dir, maxBytes: 10_000 });
    const other = new ResizedImageCache({ dir, maxBytes: 10_000 });
    await one.get('a-320.webp', counted(10, 1));
    const made = await other.get('b-640.webp', counted(100, 2));
    const render = counted(100, 3);
    expect(await one.get('b-640.webp', render)).toEqual(made);
    expect(render.calls).toBe(0);
    expect(await one.size()).toBe(110);
  });

  it('never holds more than its bound, dropping the least recently used first', async () => {
    const dir = folder();
    const cache = new ResizedImageCache({ dir, maxBytes: 1000 });
    await cache.get('a', counted(400, 1));
    await cache.get('b', counted(400, 2));
    const a = counted(400, 1);
    await cache.get('a', a); // a is now more recent than b
    expect(a.calls).toBe(0);
    await cache.get('c', counted(400, 3));
    expect(bytesOnDisk(dir)).toBeLessThanOrEqual(1000);
    expect(await cache.size()).toBeLessThanOrEqual(1000);
    expect(fs.readdirSync(dir).sort()).toEqual(['a', 'c']);
    for (let i = 0; i < 20; i += 1) await cache.get(`k${i}`, counted(150 + i, i));
    expect(bytesOnDisk(dir)).toBeLessThanOrEqual(1000);
  });

  it('serves a rendition larger than the whole bound without keeping it', async () => {
    const dir = folder();
    const cache = new ResizedImageCache({ dir, maxBytes: 1000 });
    const huge = counted(5000, 7);
    expect((await cache.get('huge', huge)).length).toBe(5000);
    expect(fs.existsSync(path.join(dir, 'huge'))).toBe(false);
  });

  it('trims a folder left over its bound by an earlier run, and removes half-written files', async () => {
    const dir = folder();
    for (let i = 0; i < 10; i += 1) {
      const file = path.join(dir, `old-${i}`);
      fs.writeFileSync(file, Buffer.alloc(300, i));
      fs.utimesSync(file, 1_000_000 + i, 1_000_000 + i);
    }
    fs.writeFileSync(path.join(dir, 'old-3.1234.tmp'), 'half');
    const cache = new ResizedImageCache({ dir, maxBytes: 1000 });
    expect(await cache.size()).toBeLessThanOrEqual(1000);
    // The newest survive.
    expect(fs.readdirSync(dir).sort()).toEqual(['old-7', 'old-8', 'old-9']);
  });

  it('makes a rendition again when its file was deleted behind its back', async () => {
    const dir = folder();
    const cache = new ResizedImageCache({ dir, maxBytes: 1000 });
    const render = counted(10, 1);
    await cache.get('x', render);
    fs.rmSync(path.join(dir, 'x'));
    expect((await cache.get('x', render)).length).toBe(10);
    expect(render.calls).toBe(2);
  });

  it('keys with unsafe characters stay inside the folder and never collide', async () => {
    const dir = folder();
    const cache = new ResizedImageCache({ dir, maxBytes: 10_000 });
    await cache.get('../escape', counted(5, 1));
    await cache.get('.._escape', counted(5, 2));
    expect(fs.existsSync(path.join(dir, '..', 'escape'))).toBe(false);
    expect(fs.readdirSync(dir)).toHaveLength(2);
    expect((await cache.get('../escape', counted(5, 9)))[0]).toBe(1);
  });

  it('makes at most the allowed number of renditions at once', async () => {
    const dir = folder();
    const cache = new ResizedImageCache({ dir, maxBytes: 100_000, maxConcurrentRenders: 2 });
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const render = () =>
      new Promise<Buffer>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        gates.push(() => {
          running -= 1;
          resolve(Buffer.alloc(10));
        });
      });
    const all = Promise.all(Array.from({ length: 6 }, (_, i) => cache.get(`r${i}`, render)));
    // Release renders one at a time as they start, until all six have run.
    for (let released = 0; released < 6; released += 1) {
      await expect.poll(() => gates.length).toBeGreaterThan(0);
      gates.shift()!();
    }
    await all;
    expect(peak).toBe(2);
  });
});
