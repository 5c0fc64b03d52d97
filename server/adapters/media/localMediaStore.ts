import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from '../../ports/mediaStore';
import { writeFileAtomically } from '../atomicFile';

export const MEDIA_URL_PREFIX = '/media/';

/** Media files on local disk, named by content hash so re-imports never duplicate and URLs can be cached forever. */
export class LocalMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  async save(bytes: Buffer, extension: string): Promise<string> {
    const ext = extension.replace(/^\./, '').toLowerCase();
    const name = `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
    await fs.mkdir(this.root, { recursive: true });
    await writeFileAtomically(path.join(this.root, name), bytes);
    return MEDIA_URL_PREFIX + name;
  }

  async importFile(filePath: string): Promise<string> {
    return this.save(await fs.readFile(filePath), path.extname(filePath));
  }
}
