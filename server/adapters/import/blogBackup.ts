import type { ArticleDraft } from '../../domain/content/article';
import type { CommentBatch } from '../../domain/comments/commentImport';
import { contentMessages } from '../../domain/content/messages';
import type { ArticleRepository } from '../../ports/articleRepository';
import type { MediaStore } from '../../ports/mediaStore';
import type { OldAddressRepository } from '../../ports/oldAddressRepository';
import type { ChangeNotifier } from '../../ports/readCache';
import { readImportableImage } from './importableImage';
import type { ImportOutcome } from './markdownImporter';

const text = contentMessages.importer.wxr;

/*
 * What the importers of whole-blog backups (Typecho's `.dat`, Halo 2's zip) share: their result, how an
 * article and its old addresses are written, and how a picture of the old site's uploads is copied.
 */

export interface BlogBackupDeps {
  articles: ArticleRepository;
  media: MediaStore;
  oldAddresses: OldAddressRepository;
  changes?: ChangeNotifier;
}

export interface BlogBackupOptions {
  /** Typecho: the old site's `usr/uploads` folder. */
  uploads?: string | undefined;
  /** Read and convert everything, write nothing. */
  dryRun?: boolean;
}

export interface BlogBackupResult {
  outcomes: ImportOutcome[];
  /** What was left out and why: a line each. */
  skipped: string[];
  /** The backup's comments, to import once its articles are written. */
  comments: CommentBatch;
  /** Comment records refused, each named with its reason. */
  refusedComments: string[];
}

/** Writes one article and remembers its old addresses; in a dry run, nothing (id 0). */
export async function writeArticle(
  deps: BlogBackupDeps,
  draft: ArticleDraft,
  addresses: readonly string[],
  dryRun: boolean | undefined,
): Promise<{ id: number; created: boolean }> {
  if (dryRun) return { id: 0, created: true };
  const written = await deps.articles.upsert(draft);
  await deps.oldAddresses.remember(written.id, addresses);
  deps.changes?.changed(['articles']);
  return { id: written.id, created: written.created };
}

/**
 * A picture of the old site's uploads, copied by its bytes from the folder that holds them: `relative` is
 * its path there, undefined when the target is no upload. Without the folder, or without the file in it,
 * the link stays as it is and the post's warnings say so.
 */
export async function copyUpload(
  deps: BlogBackupDeps,
  target: string,
  relative: string | undefined,
  folder: string | undefined,
  warnings: string[],
  dryRun: boolean | undefined,
): Promise<string | undefined> {
  if (relative === undefined) return undefined;
  if (folder === undefined) {
    warnings.push(text.remoteImage(target));
    return undefined;
  }
  let decoded = relative;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    // kept as written
  }
  const image = await readImportableImage(folder, folder, target, decoded);
  if (!image) {
    warnings.push(text.missingUpload(target));
    return undefined;
  }
  return dryRun ? undefined : deps.media.save(image.bytes, image.extension);
}
