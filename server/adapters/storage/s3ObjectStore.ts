import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Transform, type Readable } from 'node:stream';
import type { ByteRange, ListedObject, ObjectStore, StoredObjectInfo } from '../../ports/mediaStore';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: http://endpoint/bucket/key (MinIO and most self-hosted servers); false: http://bucket.endpoint/key (Aliyun OSS). */
  forcePathStyle: boolean;
}

/**
 * The client every S3-compatible store accepts. Checksums only when an operation requires them: the SDK's newer
 * default (a CRC32 on every upload and a check of every download) is refused by Aliyun OSS, Tencent COS and others.
 */
export function s3Client(settings: S3Settings, extra: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...extra,
  });
}

/** Parts of a multipart upload (the S3 minimum is 5 MB); smaller bodies go in one PutObject. */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/** Passes on only the bytes of `range` of what flows through. */
function byteSlice({ start, end }: ByteRange): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(start - position, 0);
      const to = Math.min(end + 1 - position, chunk.length);
      position += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/** Objects in one bucket, under `prefix` (the media and the music library share a bucket under two prefixes). */
export class S3ObjectStore implements ObjectStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix = '',
  ) {}

  /** The same bucket under a longer prefix. */
  under(prefix: string): S3ObjectStore {
    return new S3ObjectStore(this.client, this.bucket, `${this.prefix}${prefix}`);
  }

  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    // Upload sends a small body in one request and a large or streamed one in parts, never all in memory.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.prefix + key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
    }).done();
  }

  async get(key: string, range?: ByteRange): Promise<{ body: Readable; info: StoredObjectInfo } | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.prefix + key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = answer.Body as Readable;
      const info = {
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '',
        lastModified: answer.LastModified ?? new Date(0),
      };
      if (!range) return { body, info };
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const [first, last, total] = served ? served.slice(1).map(Number) : [0, info.size - 1, info.size];
      const whole = { ...info, size: total ?? info.size };
      if (first === range.start && last === range.end) return { body, info: whole };
      // Some S3-compatible servers answer a range other than the one asked (the whole object for `bytes=0-0`).
      const offset = first ?? 0;
      return { body: body.pipe(byteSlice({ start: range.start - offset, end: range.end - offset })), info: whole };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return {
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '',
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const found: ListedObject[] = [];
    for await (const page of this.listPages(prefix)) found.push(...page);
    return found;
  }

  /** One page per ListObjectsV2 answer (up to 1000 objects), in key order. */
  async *listPages(prefix: string): AsyncIterable<ListedObject[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      yield (page.Contents ?? []).flatMap((object) =>
        object.Key
          ? [
              {
                key: object.Key.slice(this.prefix.length),
                size: object.Size ?? 0,
                etag: object.ETag ?? '',
                lastModified: object.LastModified ?? new Date(0),
              },
            ]
          : [],
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
