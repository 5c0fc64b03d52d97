import fs from 'node:fs/promises';
import type { CommentSystem } from './comments/record';

/** What a file given to the import is, judged by its content (its name says nothing certain). */
export type ImportKind = { kind: 'comments'; system: CommentSystem } | { kind: 'typecho' } | { kind: 'zip' };

/** How much of a file is read to judge it: the first records of an export are well within. */
const SNIFF_BYTES = 64 * 1024;

/** What an export's beginning looks like, by system; the first that matches wins (Waline's marker before its LeanCloud-like fields). */
const JSON_MARKERS: [CommentSystem, RegExp][] = [
  ['waline', /"type"\s*:\s*"waline"/],
  ['artalk', /"page_key"\s*:/],
  ['twikoo', /"_id"\s*:/],
  ['valine', /"objectId"\s*:/],
];

/** The kind of a file by its first bytes, or undefined when it is none the import knows. */
export async function detectImport(file: string): Promise<ImportKind | undefined> {
  const handle = await fs.open(file, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  } finally {
    await handle.close();
  }
  if (head.startsWith('%TYPECHO_BACKUP_')) return { kind: 'typecho' };
  // A zip is opened to be judged (a Halo 2 backup holds `extensions.data`).
  if (head.startsWith('PK\u0003\u0004')) return { kind: 'zip' };
  if (head.startsWith('<')) return /<disqus[\s>]/.test(head) ? { kind: 'comments', system: 'disqus' } : undefined;
  if (!head.startsWith('{') && !head.startsWith('[')) return undefined;
  const system = JSON_MARKERS.find(([, marker]) => marker.test(head))?.[0];
  return system && { kind: 'comments', system };
}
