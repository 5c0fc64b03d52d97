import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { ImportProblem } from '../../../domain/content/frontMatter';
import { contentMessages } from '../../../domain/content/messages';

const text = contentMessages.blogBackup;

/*
 * Typecho's backup file, as `var/Widget/Backup.php` and `Typecho\Common::buildBackupBuffer` write it:
 *
 *   marker   `%TYPECHO_BACKUP_0001%` (21 bytes; `%TYPECHO_BACKUP_FILE%` before 1.2)
 *   records  meta: uint16 LE table type, uint16 LE header length, uint32 LE body length (6 bytes and a
 *            uint16 body length for the FILE version, which then counts the body from the header)
 *            header: JSON `{ field: byte length | null }`, in the order the values follow
 *            body: the values, concatenated
 *            the MD5 of meta + header + body, as 32 hex digits
 *   marker   the same marker again
 *
 * Table types: 1 contents, 2 comments, 3 metas, 4 relationships, 5 users, 6 fields; plugins may add others.
 */

export const TYPECHO_MARKER_LENGTH = 21;
const MARKER = /^%TYPECHO_BACKUP_[A-Z0-9]{4}%$/;
const TABLES = ['contents', 'comments', 'metas', 'relationships', 'users', 'fields'] as const;
export type TypechoTable = (typeof TABLES)[number];

/** One row: each field's value as Typecho stored it (text; numbers as digits), null for SQL NULL. */
export type TypechoRow = Record<string, string | null>;

export interface TypechoBackup {
  tables: Record<TypechoTable, TypechoRow[]>;
  /** Records of types Typecho itself does not write (a plugin's), by type. */
  pluginRecords: number;
}

/** The field lengths of a record's header, or undefined when it is no such map. */
function schemaOf(header: Buffer): [string, number | null][] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(header.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  const valid = entries.every(([, length]) => length === null || (typeof length === 'number' && Number.isInteger(length) && length >= 0));
  return valid ? (entries as [string, number | null][]) : undefined;
}

/**
 * Reads a whole Typecho backup and checks every record (length and MD5) before anything is imported:
 * a damaged file is refused with the number of its first bad record, so nothing of it is written.
 */
export async function readTypechoBackup(file: string): Promise<TypechoBackup> {
  const bytes = await fs.readFile(file);
  const marker = (at: number) => bytes.subarray(at, at + TYPECHO_MARKER_LENGTH).toString('latin1');
  const head = marker(0);
  if (bytes.length < 2 * TYPECHO_MARKER_LENGTH || !MARKER.test(head) || marker(bytes.length - TYPECHO_MARKER_LENGTH) !== head) {
    throw new ImportProblem(text.typechoMarker);
  }
  const oldFormat = head.slice(16, 20) === 'FILE';
  const metaLength = oldFormat ? 6 : 8;
  const end = bytes.length - TYPECHO_MARKER_LENGTH;
  const backup: TypechoBackup = { tables: { contents: [], comments: [], metas: [], relationships: [], users: [], fields: [] }, pluginRecords: 0 };
  let offset = TYPECHO_MARKER_LENGTH;
  for (let record = 1; offset < end; record++) {
    const broken = (problem: keyof typeof text.recordProblems) => new ImportProblem(text.typechoRecord(record, text.recordProblems[problem]));
    if (offset + metaLength > end) throw broken('truncated');
    const type = bytes.readUInt16LE(offset);
    const headerLength = bytes.readUInt16LE(offset + 2);
    const headerStart = offset + metaLength;
    if (headerStart + headerLength > end) throw broken('truncated');
    const schema = schemaOf(bytes.subarray(headerStart, headerStart + headerLength));
    if (!schema) throw broken('fields');
    // The old format's 16-bit body length overflows: the header's lengths are what count.
    const bodyLength = oldFormat ? schema.reduce((sum, [, length]) => sum + (length ?? 0), 0) : bytes.readUInt32LE(offset + 4);
    const bodyStart = headerStart + headerLength;
    const checksumStart = bodyStart + bodyLength;
    if (checksumStart + 32 > end) throw broken('truncated');
    const checksum = crypto.createHash('md5').update(bytes.subarray(offset, checksumStart)).digest('hex');
    if (checksum !== bytes.subarray(checksumStart, checksumStart + 32).toString('latin1')) throw broken('checksum');
    const table = TABLES[type - 1];
    if (table) {
      const row: TypechoRow = {};
      let at = bodyStart;
      for (const [field, length] of schema) {
        if (at + (length ?? 0) > checksumStart) throw broken('fields');
        row[field] = length === null ? null : bytes.subarray(at, at + length).toString('utf8');
        at += length ?? 0;
      }
      backup.tables[table].push(row);
    } else backup.pluginRecords++;
    offset = checksumStart + 32;
  }
  return backup;
}
