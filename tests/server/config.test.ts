import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConfigError, loadConfig } from '../../server/config';

const CWD = '/srv/blog';

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('uses the documented defaults when the environment is empty', () => {
    const config = loadConfig({}, CWD);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(CWD, 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      trustProxy: [],
      seedDemo: true,
      logLevel: 'info',
      clientDir: path.join(CWD, 'dist'),
      adminUrl: '/admin',
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/blog',
        DATABASE_URL: 'postgres://blog@db:5432/blog/',
        REDIS_URL: 'redis://cache:6379',
        TRUST_PROXY: '10.0.0.1, 10.0.0.2,',
        SITE_URL: 'https://blog.example/',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/opt/client',
      },
      CWD,
    );
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(CWD, 'var/blog'),
      databaseUrl: 'postgres://blog@db:5432/blog',
      redisUrl: 'redis://cache:6379',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      siteUrl: 'https://blog.example',
      seedDemo: false,
      logLevel: 'warn',
      clientDir: '/opt/client',
    });
  });

  it.each(['http', '80.5', '-1', '65536', '0x1F90', '1e3', '8080abc'])('refuses PORT=%s naming the variable', (port) => {
    const error = refusal({ PORT: port });
    expect(error.variable).toBe('PORT');
    expect(error.message).toContain('PORT');
    expect(error.message).toContain(port);
  });

  it.each(['mysql://root@db/blog', 'not a url', 'http://db:5432/blog'])(
    'refuses DATABASE_URL=%s naming the variable',
    (url) => {
      const error = refusal({ DATABASE_URL: url });
      expect(error.variable).toBe('DATABASE_URL');
      expect(error.message).toContain('DATABASE_URL');
    },
  );

  it.each([
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://cache'],
    ['SITE_URL', 'ftp://blog.example'],
    ['BACKUP_SCHEDULE', 'every night'],
    ['BACKUP_SCHEDULE', '61 3 * * *'],
    ['BACKUP_KEEP', '0'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'auto'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(refusal({ [name]: value }).variable).toBe(name);
  });

  it('reads the scheduled backups and the metrics token', () => {
    const config = loadConfig({ BACKUP_SCHEDULE: ' 0 3 * * * ', BACKUP_KEEP: '3', METRICS_TOKEN: 'secret' }, CWD);
    expect(config).toMatchObject({ backupSchedule: '0 3 * * *', backupKeep: 3, metricsToken: 'secret', backupDir: `${CWD}/data/backups` });
    expect(loadConfig({}, CWD)).toMatchObject({ backupSchedule: undefined, backupKeep: 7, metricsToken: undefined });
  });

  it('runs one process without Redis and one worker per core with it, unless WEB_CONCURRENCY says', () => {
    expect(loadConfig({}, CWD).webConcurrency).toBe(1);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }, CWD).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '3' }, CWD).webConcurrency).toBe(3);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', WEB_CONCURRENCY: '1' }, CWD).webConcurrency).toBe(1);
  });

  it('accepts both postgres: and postgresql: database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }, CWD).databaseUrl).toBe('postgresql://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }, CWD).databaseUrl).toBe('postgres://u@h/db');
  });

  it('accepts every integer port from 0 to 65535 as written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), (port) => {
        expect(loadConfig({ PORT: String(port) }, CWD).port).toBe(port);
      }),
    );
  });

  it('refuses every integer outside 0..65535 and every non-integer number', () => {
    const outside = fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 65536 }));
    const fractional = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n));
    fc.assert(
      fc.property(fc.oneof(outside, fractional), (value) => {
        expect(refusal({ PORT: String(value) }).variable).toBe('PORT');
      }),
    );
  });

  it('accepts a PORT string exactly when it is a plain decimal in range (blank means the default)', () => {
    const text = fc.oneof(
      fc.string(),
      fc.stringMatching(/^\s*[0-9]{1,6}\s*$/),
      fc.constantFrom('0x10', '1e2', '+80', '-0', '8_080', '٨٠', '  ', '\t'),
    );
    fc.assert(
      fc.property(text, (raw) => {
        const trimmed = raw.trim();
        const decimal = /^[0-9]+$/.test(trimmed);
        const expected = trimmed === '' ? 8080 : decimal && Number(trimmed) <= 65535 ? Number(trimmed) : undefined;
        if (expected === undefined) {
          expect(refusal({ PORT: raw }).variable).toBe('PORT');
        } else {
          expect(loadConfig({ PORT: raw }, CWD).port).toBe(expected);
        }
      }),
    );
  });

  it('keeps media on local disk by default and reads the S3 settings when MEDIA_STORE=s3', () => {
    expect(loadConfig({}, CWD).storage).toEqual({ kind: 'local' });
    const s3 = {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com/',
      S3_REGION: 'oss-cn-hangzhou',
      S3_BUCKET: 'blog',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/',
    };
    expect(loadConfig(s3, CWD).storage).toEqual({
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'oss-cn-hangzhou',
      bucket: 'blog',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.com',
    });
    expect(refusal({ MEDIA_STORE: 'ftp' }).variable).toBe('MEDIA_STORE');
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(refusal({ ...s3, [name]: '' }).variable).toBe(name);
    expect(refusal({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }).variable).toBe('S3_FORCE_PATH_STYLE');
  });
});
