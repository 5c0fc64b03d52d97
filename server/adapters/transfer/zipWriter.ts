import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { listFiles } from '../backup/backup';

/** Pictures are compressed already: stored as they are, they zip in a fraction of the time. */
const STORED_AS_IS = /\.(jpe?g|png|webp|gif|avif|zip|gz)$/i;

/** Resolves when `out` takes more, or closes. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Streams every file under `folder` into `out` as a zip (names '/'-separated, relative to the folder),
 * one file at a time and as fast as `out` takes it. Ends `out` when done; stops early, without ending
 * it, when `out` closes first (the download was cancelled).
 */
export async function zipFolder(folder: string, out: Writable): Promise<void> {
  let failure: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else if (out.writable) {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const gone = () => out.destroyed || !out.writable;
  for (const name of await listFiles(folder)) {
    if (gone()) break;
    const file = path.join(folder, ...name.split('/'));
    const entry = STORED_AS_IS.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    entry.mtime = (await fs.promises.stat(file)).mtime;
    zip.add(entry);
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
      entry.push(chunk as Buffer);
      if (failure) throw failure;
      if (out.writableNeedDrain) await drained(out);
      if (gone()) break;
    }
    if (gone()) break;
    entry.push(new Uint8Array(0), true);
  }
  if (gone()) {
    zip.terminate();
    return;
  }
  zip.end();
  if (failure) throw failure;
}
