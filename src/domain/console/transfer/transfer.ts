/*
 * The console's import and export, as the views and the import machine see them (issue 21, "Import and export
 * in the browser").
 */

/** Which blog layout a zip was read as, and so which of its folders held the posts. */
export type ImportLayout = 'hexo' | 'hugo' | 'jekyll' | 'folder' | 'comments' | 'wordpress' | 'typecho' | 'halo';

/** One Markdown file of the zip and what became of it. */
export interface ImportedFile {
  /** Path inside the zip. */
  file: string;
  /** created 新增, updated 更新 (a re-import of the same post), failed 未导入. */
  status: 'created' | 'updated' | 'failed';
  /** The article written; null when failed, and in a dry run. */
  articleId: number | null;
  title: string;
  /** Why the file was skipped; '' unless failed. */
  error: string;
  /** What to look at in an imported post. */
  warnings: string[];
}

/** The importer's report, as `npm run import` prints it. */
export interface ImportReport {
  layout: ImportLayout;
  /** The folders posts were read from, inside the zip ('' is its top). */
  folders: string[];
  created: number;
  updated: number;
  failed: number;
  files: ImportedFile[];
  /** Shortcodes and tag plugins kept as text: occurrences and posts, most frequent first. */
  unknownShortcodes: { name: string; count: number; posts: number }[];
  /** A comment export's report, or a blog backup's skipped entries and comments: the system and the lines `npm run import` prints; absent for a zip of posts. */
  comments?: { system: string; lines: string[] };
  /** 导入完成：新增 … 篇，更新 … 篇，失败 … 篇 (for comments, their first line). */
  summary: string;
  /** What the import would do: nothing was written yet. */
  dryRun: boolean;
}

/** Where the downloads are: ordinary links, which the browser saves under the name the server gives. */
export interface TransferDownloads {
  markdown: string;
  backup: string;
  /** The backup without the music library's files. */
  backupWithoutMusic: string;
}

/**
 * The server's limits on an imported zip, for the page to state (src/protocol/console/transfer.ts holds the
 * ones the server enforces; a test keeps the two equal).
 */
export const IMPORT_LIMITS = {
  zipBytes: 256 * 1024 * 1024,
  unzippedBytes: 1024 * 1024 * 1024,
  files: 10_000,
} as const;

export const MEGABYTE = 1024 * 1024;

/** Why a chosen file is not sent at all: not a .zip, a WordPress .xml, a Typecho .dat or a comment export (.json / .jsonl / .xml), or over the size the server accepts. */
export function zipChoiceProblem(name: string, size: number): 'notZip' | 'tooLarge' | undefined {
  if (!/\.(zip|json|jsonl|xml|dat)$/i.test(name)) return 'notZip';
  if (size > IMPORT_LIMITS.zipBytes) return 'tooLarge';
  return undefined;
}

/** How far an upload is, 0–100, never past 100 and never NaN (a total of 0 is an empty file). */
export function uploadPercent(sent: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((sent / total) * 100)));
}
