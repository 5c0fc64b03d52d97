import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../../../server/adapters/storage/s3ObjectStore';

export interface TestS3 {
  settings: S3Settings;
  /** The variables a server process reads to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server of the tests' own, on a free port with its own folder and one empty bucket.
 * Signatures are not compared: s3rver drops the trailing slash of a bucket-level path-style request
 * (`GET /bucket/?list-type=2`) from the path it signs, while the SDK keeps it.
 */
export async function startTestS3(bucket = 'blog'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
