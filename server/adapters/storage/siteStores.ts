import path from 'node:path';
import type { StorageConfig } from '../../config';
import type { ObjectStore } from '../../ports/mediaStore';
import { ContentMediaStore, LocalMediaStore } from '../media/localMediaStore';
import { FolderLibraryFiles, StoreLibraryFiles, type LibraryFiles } from '../music/libraryFiles';
import type { S3ObjectStore } from './s3ObjectStore';

/** Where the width variants of pictures are kept on local disk, and the folder's bound. */
const LOCAL_VARIANTS_MAX_BYTES = 512 * 1024 * 1024;

/** How one bucket is shared: the media, their variants and the music library each under their own prefix. */
export const BUCKET_PREFIXES = { media: 'media/', variants: 'variants/', music: 'music/', backups: 'backups/' } as const;

export interface SiteStores {
  media: ContentMediaStore;
  /** Where the width variants of pictures are kept: a bounded local folder, or the bucket. */
  variants: { dir: string; maxBytes: number } | ObjectStore;
  /** The music library in the bucket; undefined: the local music folder (MUSIC_DIR), watched as before. */
  music: ObjectStore | undefined;
  /** The bucket's root (every prefix), for backup and media:migrate; undefined on local disk. */
  bucket: S3ObjectStore | undefined;
  publicUrl: string | undefined;
  close(): void;
}

/**
 * The stores the configuration names: today's folders under DATA_DIR, or one S3-compatible bucket. The AWS SDK
 * is loaded only for a bucket: a site on local disk starts as fast and as small as before.
 */
export async function openSiteStores(dataDir: string, storage: StorageConfig = { kind: 'local' }): Promise<SiteStores> {
  if (storage.kind === 'local') {
    return {
      media: new LocalMediaStore(path.join(dataDir, 'media')),
      variants: { dir: path.join(dataDir, 'cache', 'media'), maxBytes: LOCAL_VARIANTS_MAX_BYTES },
      music: undefined,
      bucket: undefined,
      publicUrl: undefined,
      close: () => undefined,
    };
  }
  const { S3ObjectStore, s3Client } = await import('./s3ObjectStore');
  const client = s3Client(storage);
  const bucket = new S3ObjectStore(client, storage.bucket);
  return {
    media: new ContentMediaStore(bucket.under(BUCKET_PREFIXES.media)),
    variants: bucket.under(BUCKET_PREFIXES.variants),
    music: bucket.under(BUCKET_PREFIXES.music),
    bucket,
    publicUrl: storage.publicUrl,
    close: () => client.destroy(),
  };
}

/** The music library's files: the bucket's `music/` prefix in s3 mode, else the music folder on disk. */
export function musicLibraryFiles(stores: Pick<SiteStores, 'music'>, musicDir: string): LibraryFiles {
  return stores.music ? new StoreLibraryFiles(stores.music) : new FolderLibraryFiles(musicDir);
}

/** The bucket's media and music prefixes for backup and restore; undefined on local disk (the folders are used). */
export function bucketOf(stores: SiteStores): { media: ObjectStore; music: ObjectStore } | undefined {
  return stores.bucket && stores.music ? { media: stores.media.objects, music: stores.music } : undefined;
}

/** Where the bucket's scheduled backups are kept (BACKUP_TARGET=bucket); undefined on local disk. */
export function bucketBackups(stores: SiteStores): ObjectStore | undefined {
  return stores.bucket?.under(BUCKET_PREFIXES.backups);
}
