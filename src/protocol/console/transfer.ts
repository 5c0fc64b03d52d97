import { Type, type Static } from 'typebox';

/*
 * Wire contract of the console's import, export and backup (issue 21, "Import and export in the browser").
 *
 * Every call lives under /api/admin (administrators only: 401 for a visitor, 403 for a user); the upload
 * needs the X-Requested-With marker like every write.
 *
 *   POST /api/admin/transfer/import[?dryRun=true]   multipart, one file part: a .zip of a Hexo, Hugo or Jekyll folder (or
 *        of a folder of Markdown posts, such as the export below) → ImportReportDto; or a comment export
 *        (Twikoo, Waline, Valine, Artalk JSON, Disqus XML; known by its content) → its report in `comments`,
 *        the uploader standing for the old blog's owner. The same importer and
 *        safety rules as `npm run import`. Refused with HTTP 400 and a Chinese message, before any article is
 *        written: not a zip (judged by its bytes), an empty or damaged zip, a name that leads out of the folder
 *        (`../`, an absolute path), a symbolic link, more than IMPORT_MAX_FILES files or IMPORT_MAX_UNZIPPED_BYTES
 *        once unpacked, no Markdown post in it; 413 for a zip over IMPORT_MAX_ZIP_BYTES; 409 while another
 *        import runs. A bad post is reported in the answer and skipped; the others go in. With `dryRun` the same
 *        report comes back (`dryRun: true`) and nothing is written: the console shows it before the import.
 *   GET  /api/admin/transfer/export   → a .zip download (streamed): what `npm run export` writes, every article
 *        as `posts/<name>.md` with front matter, and the images they use in `images/`.
 *   GET  /api/admin/transfer/backup?music=false → a backup archive download (streamed): what `npm run backup`
 *        writes, which `npm run restore` accepts; `music=false` leaves the music files out (--without-music-files).
 *
 * Downloads are ordinary GETs the console links to; they name the file in Content-Disposition (an ASCII
 * `filename` and the Chinese one as RFC 5987 `filename*`). A failure after the download began cuts it short
 * (the browser reports it failed; a cut backup is refused by the restore).
 */

export const TRANSFER_IMPORT_PATH = '/api/admin/transfer/import';
export const TRANSFER_EXPORT_PATH = '/api/admin/transfer/export';
export const TRANSFER_BACKUP_PATH = '/api/admin/transfer/backup';

/** The largest zip the import accepts; the browser refuses a bigger one before sending it. */
export const IMPORT_MAX_ZIP_BYTES = 256 * 1024 * 1024;
/** What a zip may unpack to, in all: more is refused as a zip bomb before it fills the disk. */
export const IMPORT_MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024;
/** Files a zip may hold (folders, `node_modules`, `.git` and macOS's `__MACOSX` not counted). */
export const IMPORT_MAX_FILES = 10_000;

/** `?dryRun=true`: read, convert and match the upload, write nothing, answer the report (the console's first step). */
export const ImportQuery = Type.Object({
  dryRun: Type.Optional(Type.Boolean()),
});
export type ImportQuery = Static<typeof ImportQuery>;

export const BackupQuery = Type.Object({
  /** Whether the music library's files go in (default true); the catalogue rows always do. */
  music: Type.Optional(Type.Boolean()),
});
export type BackupQuery = Static<typeof BackupQuery>;

/** Which blog layout the zip was read as, and so which folders its posts were taken from. */
export const ImportLayoutDto = Type.Union([
  Type.Literal('hexo'),
  Type.Literal('hugo'),
  Type.Literal('jekyll'),
  /** No known layout: every Markdown file in the zip is a post (a folder of posts, the console's own export). */
  Type.Literal('folder'),
  /** Not a zip but a comment export (Twikoo, Waline, Valine, Artalk JSON; Disqus XML): see `comments`. */
  Type.Literal('comments'),
  /** A WordPress export (WXR), known by its content (issue 49). */
  Type.Literal('wordpress'),
  /** A Typecho backup (`.dat`) or a Halo 2 backup zip, known by their content: `comments` holds what was skipped and the comments' report. */
  Type.Literal('typecho'),
  Type.Literal('halo'),
]);
export type ImportLayoutDto = Static<typeof ImportLayoutDto>;

/** One Markdown file of the zip and what became of it. */
export const ImportedFileDto = Type.Object({
  /** Path inside the zip, '/'-separated. */
  file: Type.String(),
  /** created 新增, updated 更新 (a re-import of the same post), failed 未导入 (see `error`). */
  status: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('failed')]),
  /** The article written; null when failed. */
  articleId: Type.Union([Type.Integer(), Type.Null()]),
  /** The article's title; '' when failed. */
  title: Type.String(),
  /** Why the file was skipped (the CLI's words); '' unless failed. */
  error: Type.String(),
  /** What to look at in an imported post: missing pictures, links to posts not imported, shortcodes kept as text. */
  warnings: Type.Array(Type.String()),
});
export type ImportedFileDto = Static<typeof ImportedFileDto>;

/** A shortcode or tag plugin the importer kept as text, over all posts. */
export const UnknownShortcodeDto = Type.Object({
  name: Type.String(),
  /** Occurrences in all. */
  count: Type.Integer(),
  /** Posts it occurs in. */
  posts: Type.Integer(),
});
export type UnknownShortcodeDto = Static<typeof UnknownShortcodeDto>;

export const ImportReportDto = Type.Object({
  layout: ImportLayoutDto,
  /** The folders posts were read from, inside the zip ('' is the zip's top). */
  folders: Type.Array(Type.String()),
  created: Type.Integer(),
  updated: Type.Integer(),
  failed: Type.Integer(),
  /** Every Markdown file, in the order imported. */
  files: Type.Array(ImportedFileDto),
  /** Most frequent first. */
  unknownShortcodes: Type.Array(UnknownShortcodeDto),
  /** A comment export's report (issue 49): its system and the CLI's report lines; absent for a zip. */
  comments: Type.Optional(Type.Object({ system: Type.String(), lines: Type.Array(Type.String()) })),
  /** The CLI's closing line: 导入完成：新增 … 篇，更新 … 篇，失败 … 篇 (for comments, their first line). */
  summary: Type.String(),
  /** A dry run's report: what the import would do; nothing was written (`articleId` is then null). */
  dryRun: Type.Boolean(),
});
export type ImportReportDto = Static<typeof ImportReportDto>;
