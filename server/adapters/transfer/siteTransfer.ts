import { KyselyOldAddressRepository } from '../db/content/oldAddressRepository';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import * as zhCN from '../../../src/i18n/zh-CN';
import {
  IMPORT_MAX_FILES,
  IMPORT_MAX_UNZIPPED_BYTES,
  type ImportedFileDto,
  type ImportReportDto,
} from '../../../src/protocol/console/transfer';
import { ImportProblem } from '../../domain/content/frontMatter';
import { contentMessages } from '../../domain/content/messages';
import { AppError } from '../../domain/errors';
import { postFolders } from '../../domain/transfer/zipEntries';
import type { ArticleRepository } from '../../ports/articleRepository';
import type { MediaStore, ObjectStore } from '../../ports/mediaStore';
import type { ChangeNotifier } from '../../ports/readCache';
import { createBackup } from '../backup/backup';
import type { DatabaseHandle } from '../db/connect';
import { unknownShortcodes } from '../import/importReport';
import type { CommentSystem } from '../import/comments/record';
import type { BlogBackupSource } from '../import/importBlogBackup';
import type { ZipLimits } from './zipReader';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../import/markdownImporter';

const text = zhCN.consoleTransfer.server;

export interface SiteTransferOptions {
  database: DatabaseHandle;
  articles: ArticleRepository;
  media: MediaStore;
  /** Told of every article written, so every page and instance shows it at once. */
  changes: ChangeNotifier;
  dataDir: string;
  musicDir: string;
  /** With media in a bucket: its media and music prefixes, backed up instead of the folders. */
  bucket?: { media: ObjectStore; music: ObjectStore } | undefined;
  /** Where uploads are unpacked and exports put together: a folder of its own per call, removed after it. */
  workDir: string;
  limits?: ZipLimits;
}

/** A work folder left by a process that stopped mid-call is removed once it is this old. */
const STALE_WORK_MS = 24 * 60 * 60 * 1000;

/**
 * The console's import, export and backup: the same importer, exporter and backup as `npm run import`,
 * `export` and `backup`, fed from an uploaded zip and streamed back as downloads.
 */
export class SiteTransfer {
  private importing = false;
  private swept = false;

  constructor(private readonly options: SiteTransferOptions) {}

  /**
   * Imports the posts of an uploaded zip; `receive` writes the upload to the file it is given. One import
   * at a time: two of the same posts at once would race to create the same articles. Whatever fails, the
   * work folder goes; a refused zip writes no article.
   */
  async importZip(receive: (file: string) => Promise<void>, options: { by?: number | undefined; dryRun?: boolean } = {}): Promise<ImportReportDto> {
    const dryRun = options.dryRun ?? false;
    if (this.importing) throw new AppError('conflict', text.importBusy);
    this.importing = true;
    try {
      const work = await this.workFolder('import-');
      try {
        const upload = path.join(work, 'upload.zip');
        await receive(upload);
        // The importers (XML, HTML to Markdown, zip) are loaded when used: an idle site does not hold them.
        const [{ isWxrFile }, { detectImport }, { unpackZip }, { findBlogBackup }, { findWordpressExport }] = await Promise.all([
          import('../import/wxr/wxrReader'),
          import('../import/detectImport'),
          import('./zipReader'),
          import('../import/importBlogBackup'),
          import('../import/wxr/wordpressFolder'),
        ]);
        // A WordPress export is told by its content, whatever the file was called.
        if (await isWxrFile(upload)) return await this.importWxr(upload, options.by, dryRun);
        // A comment export (Twikoo, Waline, Valine, Artalk JSON, Disqus XML) or a Typecho backup is known by its content.
        const kind = await detectImport(upload);
        if (kind?.kind === 'comments') return await this.importComments(upload, kind.system, options.by, dryRun);
        if (kind?.kind === 'typecho') return await this.importBackup({ kind: 'typecho', file: upload }, options.by, dryRun);
        const folder = path.join(work, 'files');
        await fs.mkdir(folder);
        const files = await unpackZip(
          upload,
          folder,
          this.options.limits ?? { maxFiles: IMPORT_MAX_FILES, maxBytes: IMPORT_MAX_UNZIPPED_BYTES },
        );
        await fs.rm(upload);
        // A WordPress export zipped with its `wp-content/uploads`: its pictures are copied from there.
        const wordpress = await findWordpressExport(folder, files);
        if (wordpress) return await this.importWxr(wordpress.wxr, options.by, dryRun, wordpress.uploads);
        // A Halo 2 backup, or a Typecho backup with the old site's uploads beside it.
        const backup = await findBlogBackup(folder, files);
        if (backup) return await this.importBackup(backup, options.by, dryRun);
        const { layout, folders } = postFolders(files);
        const targets = folders.map((relative) => path.join(folder, ...relative.split('/').filter(Boolean)));
        // Pictures are read from anywhere in the zip (a Hexo post's `../images/`), never from outside it.
        const sources = await findMarkdownFiles(targets, { root: folder });
        if (sources.length === 0) throw new AppError('invalid', text.noPosts);
        const importer = new MarkdownImporter({
          articles: this.options.articles,
          oldAddresses: new KyselyOldAddressRepository(this.options.database.db),
          media: this.options.media,
          changes: this.options.changes,
        });
        const outcomes = await importer.importFiles(sources, undefined, { dryRun });
        return reportOf(outcomes, layout, folders, folder, dryRun);
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    } finally {
      this.importing = false;
    }
  }

  /** A comment export under the imported articles; the owner's comments become the uploader's. */
  private async importComments(file: string, system: CommentSystem, by: number | undefined, dryRun: boolean): Promise<ImportReportDto> {
    const { importCommentExport } = await import('../import/comments/importCommentExport');
    const { report, lines } = await importCommentExport(this.options.database, file, system, { ...(by === undefined ? {} : { as: { id: by } }), dryRun });
    if (!dryRun && report.added + report.board + report.counters > 0) this.options.changes.changed(['articles', 'articleCounters', 'comments']);
    return {
      layout: 'comments',
      folders: [],
      created: 0,
      updated: 0,
      failed: 0,
      files: [],
      unknownShortcodes: [],
      comments: { system: contentMessages.commentImport.systems[system], lines },
      summary: lines[0]!,
      dryRun,
    };
  }

  /** A Typecho or Halo backup: its posts, then its comments (the owner's become the uploader's); pictures come with a zip. */
  private async importBackup(source: BlogBackupSource, by: number | undefined, dryRun: boolean): Promise<ImportReportDto> {
    const { importBlogBackup } = await import('../import/importBlogBackup');
    const { result, commentLines } = await importBlogBackup(
      this.options.database,
      {
        articles: this.options.articles,
        oldAddresses: new KyselyOldAddressRepository(this.options.database.db),
        media: this.options.media,
        changes: this.options.changes,
      },
      source,
      { ...(by === undefined ? {} : { as: { id: by } }), dryRun },
    ).catch((error: unknown) => {
      // A damaged backup is refused by name before anything is written: the uploader's mistake, not ours.
      throw error instanceof ImportProblem ? new AppError('invalid', error.message) : error;
    });
    if (result.outcomes.length === 0) throw new AppError('invalid', text.noPosts);
    const report = reportOf(result.outcomes, source.kind, [], '', dryRun);
    return { ...report, comments: { system: source.kind === 'typecho' ? 'Typecho' : 'Halo', lines: [...result.skipped, ...commentLines] } };
  }

  /**
   * A WordPress export: its posts, states, old addresses and comments; pictures copied from `uploads` when
   * the zip brought it, else kept as links and listed.
   */
  private async importWxr(file: string, by: number | undefined, dryRun: boolean, uploads?: string): Promise<ImportReportDto> {
    const [{ WxrImporter }, { wxrBatches }, { wxrCommentLines }] = await Promise.all([
      import('../import/wxr/wxrImporter'),
      import('../import/wxr/wxrBatches'),
      import('../import/wxr/wxrReport'),
    ]);
    const importer = new WxrImporter({ batch: wxrBatches(this.options.database), media: this.options.media, changes: this.options.changes });
    const result = await importer.importFile(file, { uploads, dryRun, comments: by === undefined ? {} : { as: { id: by } } });
    if (result.outcomes.length === 0) throw new AppError('invalid', text.noPosts);
    const report = reportOf(result.outcomes, 'wordpress', [], path.dirname(file), dryRun);
    const lines = wxrCommentLines(result);
    return lines.length === 0 ? report : { ...report, comments: { system: 'WordPress', lines } };
  }

  /**
   * What `npm run export` writes, as a zip: the articles are written out first (a database failure is an
   * ordinary error answer), then the folder is streamed and removed.
   */
  async exportZip(): Promise<Readable> {
    const work = await this.workFolder('export-');
    const [{ exportArticles }, { zipFolder }] = await Promise.all([import('../import/markdownExporter'), import('./zipWriter')]);
    try {
      await exportArticles(
        { articles: this.options.articles, media: this.options.media },
        work,
      );
    } catch (error) {
      await fs.rm(work, { recursive: true, force: true });
      throw error;
    }
    const out = new PassThrough();
    zipFolder(work, out)
      .catch((error: unknown) => out.destroy(error as Error))
      .finally(() => void fs.rm(work, { recursive: true, force: true }));
    return out;
  }

  /** What `npm run backup` writes, streamed as it is made; a failure midway cuts the download short. */
  backup(withMusicFiles: boolean): Readable {
    const out = new PassThrough();
    createBackup({
      database: this.options.database,
      dataDir: this.options.dataDir,
      musicDir: this.options.musicDir,
      bucket: this.options.bucket,
      file: out,
      withMusicFiles,
    }).catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  private async workFolder(prefix: string): Promise<string> {
    await fs.mkdir(this.options.workDir, { recursive: true });
    if (!this.swept) {
      this.swept = true;
      await this.sweep();
    }
    return fs.mkdtemp(path.join(this.options.workDir, prefix));
  }

  /** Removes work folders a stopped process left behind (old enough that no running call still uses them). */
  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const entry of await fs.readdir(this.options.workDir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !/^(import|export)-/.test(entry.name)) continue;
      const folder = path.join(this.options.workDir, entry.name);
      const stat = await fs.stat(folder).catch(() => undefined);
      if (stat && now - stat.mtimeMs > STALE_WORK_MS) await fs.rm(folder, { recursive: true, force: true });
    }
  }
}

function reportOf(
  outcomes: ImportOutcome[],
  layout: ImportReportDto['layout'],
  folders: string[],
  root: string,
  dryRun: boolean,
): ImportReportDto {
  const files = outcomes.map((outcome): ImportedFileDto => ({
    // A WordPress post (or a backup's) is named by its title and id, the file being the one export.
    file: layout === 'wordpress' || layout === 'typecho' || layout === 'halo' ? outcome.file.relative : path.relative(root, outcome.file.path).split(path.sep).join('/'),
    status: outcome.status,
    articleId: outcome.status === 'failed' || dryRun ? null : outcome.id,
    title: outcome.status === 'failed' ? '' : outcome.title,
    error: outcome.status === 'failed' ? outcome.error : '',
    warnings: outcome.status === 'failed' ? [] : outcome.warnings,
  }));
  const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  return {
    layout,
    folders,
    created: count('created'),
    updated: count('updated'),
    failed: count('failed'),
    files,
    unknownShortcodes: unknownShortcodes(outcomes),
    summary: contentMessages.importer.summary(count('created'), count('updated'), count('failed')),
    dryRun,
  };
}
