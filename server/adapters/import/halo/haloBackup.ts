import fs from 'node:fs';
import { ImportProblem } from '../../../domain/content/frontMatter';
import { contentMessages } from '../../../domain/content/messages';

const text = contentMessages.blogBackup;

/*
 * Halo 2's backup (`run.halo.app.migration.impl.MigrationServiceImpl`): a zip of `extensions.data` and the
 * `workdir` (its `attachments/upload/…` holds the uploaded files). `extensions.data` is Jackson's sequence of
 * ExtensionStore rows, `{ "name": "/registry/<group>/<plural>/<name>", "data": "<base64>", "version": n }`,
 * written as one JSON array (read back with readValues, which takes objects one after another too); `data`
 * is the extension itself as JSON: `{ apiVersion, kind, metadata: { name, labels, annotations,
 * creationTimestamp, deletionTimestamp }, spec, status }`.
 */

/** An extension as Halo stores it; only what the import reads is typed. */
export interface HaloExtension {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; creationTimestamp?: string; deletionTimestamp?: string | null };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  /** A Counter's views and likes. */
  visit?: number;
  upvote?: number;
}

/**
 * The top-level JSON values of a stream, one text at a time: the elements of one array, or objects written
 * one after another. Only the value being read is held, however large the file.
 */
async function* jsonValues(file: string): AsyncGenerator<string> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current = '';
  let arrays = 0;
  let count = 0;
  const broken = () => new ImportProblem(text.haloData(text.haloRecord(count + 1)));
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const piece = chunk as string;
    let start = depth > 0 ? 0 : -1;
    for (let i = 0; i < piece.length; i++) {
      const c = piece[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
      } else if (depth > 0) {
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') {
          depth--;
          if (depth === 0) {
            count++;
            yield current + piece.slice(start, i + 1);
            current = '';
            start = -1;
          }
        }
      } else if (c === '{') {
        depth = 1;
        start = i;
      } else if (c === '[' && arrays === 0) arrays = 1;
      else if (!(c === ']' && arrays === 1) && !/[\s,]/.test(c)) throw broken();
    }
    if (depth > 0) current += piece.slice(start);
  }
  if (depth > 0) throw broken();
}

/**
 * The extensions of an `extensions.data`, decoded, in the file's order; `wanted` says by kind which are
 * read at all (the others are not decoded). A row that cannot be read refuses the whole file.
 */
export async function* readHaloExtensions(file: string, wanted: (kind: string, name: string) => boolean): AsyncGenerator<HaloExtension> {
  let index = 0;
  for await (const value of jsonValues(file)) {
    index++;
    const broken = () => new ImportProblem(text.haloData(text.haloRecord(index)));
    let row: unknown;
    try {
      row = JSON.parse(value);
    } catch {
      throw broken();
    }
    if (typeof row !== 'object' || row === null || typeof (row as { name?: unknown }).name !== 'string') throw broken();
    const { name, data } = row as { name: string; data?: unknown };
    // `/registry/content.halo.run/posts/x`: the plural names the kind before the data is decoded.
    const parts = name.split('/');
    const plural = (parts[2]?.includes('.') ? parts[3] : parts[2]) ?? '';
    if (!wanted(plural, name)) continue;
    if (typeof data !== 'string') throw broken();
    let extension: unknown;
    try {
      extension = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
    } catch {
      throw broken();
    }
    const metadata = (extension as { metadata?: { name?: unknown } } | null)?.metadata;
    if (typeof extension !== 'object' || extension === null || typeof metadata?.name !== 'string') throw broken();
    yield extension as HaloExtension;
  }
}

interface Delta {
  type: 'CHANGE' | 'DELETE' | 'INSERT' | 'EQUAL';
  source: { position: number; lines: string[] };
  target: { position: number; lines: string[] };
}

/**
 * A snapshot's text rebuilt from its base snapshot, as Halo's PatchUtils.applyPatch does with java-diff-utils:
 * the base split into lines (none when blank), the deltas applied from the last to the first, each checked
 * against the lines it replaces. Undefined when the patch does not fit the base.
 */
export function applyHaloPatch(base: string, patchJson: string): string | undefined {
  let deltas: Delta[];
  try {
    deltas = JSON.parse(patchJson) as Delta[];
  } catch {
    return undefined;
  }
  if (!Array.isArray(deltas)) return undefined;
  const lines = base.trim() === '' ? [] : base.split('\n');
  for (const delta of [...deltas].reverse()) {
    const { position, lines: old = [] } = delta.source ?? {};
    const added = delta.target?.lines ?? [];
    if (typeof position !== 'number' || position < 0 || position > lines.length) return undefined;
    if (delta.type === 'INSERT') {
      lines.splice(position, 0, ...added);
      continue;
    }
    if (delta.type !== 'CHANGE' && delta.type !== 'DELETE') continue;
    if (old.some((line, i) => lines[position + i] !== line)) return undefined;
    lines.splice(position, old.length, ...(delta.type === 'CHANGE' ? added : []));
  }
  return lines.join('\n');
}
