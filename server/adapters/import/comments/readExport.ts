import fs from 'node:fs/promises';
import { readDisqus } from './disqus';
import { jsonRecords, readArtalk, readTwikoo, readValine, readWaline } from './jsonExports';
import type { CommentExport, CommentSystem } from './record';

/** Reads a comment export of a known system (see detectImport) into the shared shape. */
export async function readCommentExport(file: string, system: CommentSystem): Promise<CommentExport> {
  if (system === 'disqus') return readDisqus(file);
  const source = await fs.readFile(file, 'utf8');
  if (system === 'waline') return readWaline(JSON.parse(source.replace(/^\uFEFF/, '')));
  const records = jsonRecords(source);
  if (system === 'artalk') return readArtalk(records);
  if (system === 'twikoo') return readTwikoo(records);
  return readValine(records);
}
