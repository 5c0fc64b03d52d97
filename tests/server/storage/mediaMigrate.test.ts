import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyObjects } from '../../../server/adapters/storage/copyObjects';
import { LocalObjectStore } from '../../../server/adapters/storage/localObjectStore';
import { S3ObjectStore, s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import { startTestS3, type TestS3 } from '../support/s3Server';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startTestS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-migrate-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Every file under `root`, by its '/'-separated path, with its bytes. */
function contents(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, name);
    if (fs.statSync(file).isFile()) found[name.split(path.sep).join('/')] = fs.readFileSync(file).toString('base64');
  }
  return found;
}

it('copies a media folder and a music library into the bucket and back without loss, and a second run copies nothing', async () => {
  const music = path.join(folder, 'music');
  const files: Record<string, Buffer> = {
    '01 清晨/01 春晓.mp3': Buffer.alloc(70_000, 7),
    '01 清晨/01 春晓.lrc': Buffer.from('[00:01.00]春眠不觉晓\n'),
    '01 清晨/cover.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    '01 清晨/.order': Buffer.from('01 春晓.mp3\n'),
    '散曲.flac': Buffer.alloc(12_345, 3),
    'empty.txt': Buffer.alloc(0),
  };
  for (const [key, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(music, key)), { recursive: true });
    fs.writeFileSync(path.join(music, key), bytes);
  }
  const bucket = new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket, 'music/');
  const up = await copyObjects(new LocalObjectStore(music), bucket);
  // Hidden files are not part of a library listing, on disk as in the bucket.
  expect(up).toEqual({ copied: 5, skipped: 0 });
  expect(await copyObjects(new LocalObjectStore(music), bucket)).toEqual({ copied: 0, skipped: 5 });

  const back = path.join(folder, 'back');
  expect(await copyObjects(bucket, new LocalObjectStore(back))).toEqual({ copied: 5, skipped: 0 });
  const { '01 清晨/.order': _order, ...visible } = contents(music);
  expect(contents(back)).toEqual(visible);
});
