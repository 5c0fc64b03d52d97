import os from 'node:os';
import path from 'node:path';
import { Cron } from 'croner';

/** Everything the server reads from its environment, validated once at start. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; unset means the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Addresses of reverse proxies whose X-Forwarded-* headers are trusted; empty trusts none. */
  trustProxy: string[];
  /** Public origin of the site (used in feeds, sitemaps and the allowed Origin of state-changing calls). */
  siteUrl: string | undefined;
  adminUrl: string;
  /** Registration attempts allowed per client address and hour. */
  registerLimitPerHour: number;
  /** Requests per client address and minute to each route that costs (login, register, password change, upload). */
  rateLimitPerMinute: number;
  /** The music library's folder (default `dataDir/music`). */
  musicDir: string;
  /** A NeteaseCloudMusicApi-compatible server answering /wapi instead of the local library. */
  musicUpstream: string | undefined;
  seedDemo: boolean;
  /** The site's name on a first start without the demo content (SITE_NAME); the console changes it later. */
  siteName: string | undefined;
  logLevel: string;
  /** A database statement running longer is cancelled and its request answered 503 (PostgreSQL). */
  statementTimeoutMs: number;
  /** A database statement taking at least this long is logged as slow, with its name. */
  slowQueryMs: number;
  /** How often each instance looks for scheduled articles whose time has come (SCHEDULE_POLL_MS). */
  schedulePollMs: number;
  /** SMTP server for reply emails (SMTP_URL, smtp:// or smtps://); unset: no email is sent. */
  smtpUrl: string | undefined;
  /** The sender of those emails (SMTP_FROM, default noreply@ the SITE_URL host). */
  smtpFrom: string;
  clientDir: string;
  /** The site's own statistics count visits (STATS=on, the default); off: nothing is counted. */
  stats?: boolean;
  /** Installable and readable offline (OFFLINE=on, the default); off: no offline worker (see README). */
  offline?: boolean;
  /** Days the administrator's log keeps its entries (AUDIT_KEEP_DAYS, default 365). */
  auditKeepDays?: number;
  /** Megabytes of visitors' rendered pages kept in memory (PAGE_CACHE_MB, default 32); 0 renders every page. */
  pageCacheMb?: number;
  /** Visitors' pages also kept in Redis, shared by the instances (PAGE_CACHE_REDIS, with REDIS_URL; off by default). */
  pageCacheRedis?: boolean;
  /**
   * The site's secret (SECRET_KEY, at least 32 characters), which seals two-step secrets; unset: a key
   * generated once into `dataDir/secret.key`. Several instances must share one.
   */
  secretKey?: string | undefined;
  /** ADMIN_TWO_STEP=required: the administrator must set up two-step sign-in at the next sign-in. */
  adminTwoStep?: 'required' | 'optional';
  /** Where media and the music library live: DATA_DIR (local, the default) or an S3-compatible bucket (MEDIA_STORE=s3). */
  storage?: StorageConfig;
  /** Opens /metrics to `Authorization: Bearer <token>` from anywhere (METRICS_TOKEN); unset: loopback only. */
  metricsToken?: string | undefined;
  /** When scheduled backups run (BACKUP_SCHEDULE, a cron expression); unset: none. */
  backupSchedule?: string | undefined;
  /** How many scheduled backups are kept (BACKUP_KEEP); older ones are deleted. */
  backupKeep?: number;
  /** When the media clean-up runs (MEDIA_GC_SCHEDULE, a cron expression, default daily at 04:30 UTC); undefined: `off`. */
  mediaGcSchedule?: string | undefined;
  /** Objects younger than this many hours are never cleaned up (MEDIA_GC_GRACE_HOURS, default 24). */
  mediaGcGraceHours?: number;
  /** Where scheduled backups go (BACKUP_DIR, default `dataDir/backups`). */
  backupDir?: string;
  /** BACKUP_TARGET: `folder` (BACKUP_DIR, the default) or `bucket` (the bucket's `backups/` prefix; needs MEDIA_STORE=s3). */
  backupTarget?: 'folder' | 'bucket';
  /**
   * Worker processes sharing the port (WEB_CONCURRENCY); default: the number of cores when REDIS_URL is set,
   * else 1. With 1 the server runs as one process, as before workers existed.
   */
  webConcurrency?: number;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** A CDN or the bucket's public address that serves `media/…` (MEDIA_PUBLIC_URL); unset: the site serves it. */
      publicUrl: string | undefined;
    };

export const DEFAULT_PAGE_CACHE_MB = 32;

/** How long a stop waits for requests in flight. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid ${variable}: ${detail}`);
  }
}

type Env = Record<string, string | undefined>;

/** The media clean-up's defaults: daily at 04:30 UTC (after the usual backup time), sparing a day's uploads. */
export const DEFAULT_MEDIA_GC_SCHEDULE = '30 4 * * *';
export const DEFAULT_MEDIA_GC_GRACE_HOURS = 24;

function integerIn(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  const trimmed = raw?.trim() ?? '';
  if (trimmed === '') return fallback;
  // Plain decimal digits only: Number() would also take "0x1F90", "1e3" or "-0".
  const value = /^[0-9]+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function urlOrUndefined(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `not a URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/+$/, '');
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

/** `address@host` or `Name <address@host>`. */
const MAIL_FROM = /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

/**
 * The reply emails' server and sender. Their links must be absolute, so SMTP_URL needs SITE_URL; the
 * sender defaults to noreply@ its host.
 */
function mailSettings(env: Env, siteUrl: string | undefined): { smtpUrl: string | undefined; smtpFrom: string } {
  const smtpUrl = urlOrUndefined(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (smtpUrl && !siteUrl) throw new ConfigError('SMTP_URL', 'needs SITE_URL too (the links in reply emails are absolute)');
  const from = env.SMTP_FROM?.trim() ?? '';
  if (from !== '' && !MAIL_FROM.test(from)) throw new ConfigError('SMTP_FROM', `expected an email address, got "${from}"`);
  return { smtpUrl, smtpFrom: from || (siteUrl ? `noreply@${new URL(siteUrl).hostname}` : '') };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  const siteUrl = urlOrUndefined(env, 'SITE_URL', ['http:', 'https:']);
  const redisUrl = urlOrUndefined(env, 'REDIS_URL', ['redis:', 'rediss:']);
  return {
    port: integerIn(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: urlOrUndefined(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl,
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    siteUrl,
    adminUrl: urlOrUndefined(env, 'ADMIN_URL', ['http:', 'https:']) ?? '/admin',
    registerLimitPerHour: integerIn(env, 'REGISTER_LIMIT_PER_HOUR', 10, 1, 1_000_000),
    rateLimitPerMinute: integerIn(env, 'RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    musicDir: env.MUSIC_DIR ? path.resolve(cwd, env.MUSIC_DIR) : path.join(path.resolve(cwd, env.DATA_DIR || 'data'), 'music'),
    musicUpstream: urlOrUndefined(env, 'MUSIC_UPSTREAM', ['http:', 'https:']),
    seedDemo: flag(env, 'SEED_DEMO', true),
    siteName: env.SITE_NAME?.trim() || undefined,
    logLevel,
    statementTimeoutMs: integerIn(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000, 100, 3_600_000),
    slowQueryMs: integerIn(env, 'SLOW_QUERY_MS', 500, 1, 3_600_000),
    schedulePollMs: integerIn(env, 'SCHEDULE_POLL_MS', 5_000, 50, 3_600_000),
    auditKeepDays: integerIn(env, 'AUDIT_KEEP_DAYS', 365, 1, 36_500),
    pageCacheMb: integerIn(env, 'PAGE_CACHE_MB', DEFAULT_PAGE_CACHE_MB, 0, 4096),
    pageCacheRedis: flag(env, 'PAGE_CACHE_REDIS', false),
    ...mailSettings(env, siteUrl),
    clientDir: path.resolve(cwd, env.CLIENT_DIR || 'dist'),
    stats: onOff(env, 'STATS', true),
    offline: onOff(env, 'OFFLINE', true),
    secretKey: secretKey(env),
    adminTwoStep: adminTwoStep(env),
    storage: storageSettings(env),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    backupSchedule: cronOrUndefined(env, 'BACKUP_SCHEDULE'),
    backupKeep: integerIn(env, 'BACKUP_KEEP', 7, 1, 10_000),
    backupDir: path.resolve(cwd, env.BACKUP_DIR || path.join(env.DATA_DIR || 'data', 'backups')),
    backupTarget: backupTarget(env),
    mediaGcSchedule: env.MEDIA_GC_SCHEDULE?.trim() === 'off' ? undefined : (cronOrUndefined(env, 'MEDIA_GC_SCHEDULE') ?? DEFAULT_MEDIA_GC_SCHEDULE),
    mediaGcGraceHours: integerIn(env, 'MEDIA_GC_GRACE_HOURS', DEFAULT_MEDIA_GC_GRACE_HOURS, 0, 87_600),
    // Without Redis the workers share hot-read drops, pages and the chat room through the primary process, but
    // each counts its own per-minute limits: one process stays the default there.
    webConcurrency: integerIn(env, 'WEB_CONCURRENCY', redisUrl ? os.availableParallelism() : 1, 1, 256),
  };
}

function backupTarget(env: Env): 'folder' | 'bucket' {
  const raw = env.BACKUP_TARGET?.trim() || 'folder';
  if (raw !== 'folder' && raw !== 'bucket') throw new ConfigError('BACKUP_TARGET', `expected folder or bucket, got "${raw}"`);
  if (raw === 'bucket' && (env.MEDIA_STORE?.trim() || 'local') !== 's3') throw new ConfigError('BACKUP_TARGET', 'bucket needs MEDIA_STORE=s3');
  return raw;
}

function required(env: Env, name: string): string {
  const value = env[name]?.trim() ?? '';
  if (value === '') throw new ConfigError(name, 'required when MEDIA_STORE=s3');
  return value;
}

function storageSettings(env: Env): StorageConfig {
  const kind = env.MEDIA_STORE?.trim() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError('MEDIA_STORE', `expected local or s3, got "${kind}"`);
  return {
    kind,
    endpoint: urlOrUndefined(env, 'S3_ENDPOINT', ['http:', 'https:']) ?? required(env, 'S3_ENDPOINT'),
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket: required(env, 'S3_BUCKET'),
    accessKeyId: required(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', true),
    publicUrl: urlOrUndefined(env, 'MEDIA_PUBLIC_URL', ['http:', 'https:']),
  };
}

function secretKey(env: Env): string | undefined {
  const raw = env.SECRET_KEY?.trim() ?? '';
  if (raw === '') return undefined;
  // A short key is guessable offline from any one sealed value: refuse it rather than seal with it.
  if (raw.length < 32) throw new ConfigError('SECRET_KEY', 'expected at least 32 characters (for example: openssl rand -base64 32)');
  return raw;
}

function adminTwoStep(env: Env): 'required' | 'optional' {
  const raw = env.ADMIN_TWO_STEP?.trim() ?? '';
  if (raw === '' || raw === 'optional') return 'optional';
  if (raw === 'required') return 'required';
  throw new ConfigError('ADMIN_TWO_STEP', `expected required or optional, got "${raw}"`);
}


function cronOrUndefined(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return undefined;
  try {
    // Parsed only, never started: a mistyped schedule stops the start instead of silently never running.
    new Cron(raw, { paused: true }).stop();
  } catch (error) {
    throw new ConfigError(name, `not a cron expression: "${raw}" (${(error as Error).message})`);
  }
  return raw;
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(name, `expected on or off, got "${raw}"`);
}
