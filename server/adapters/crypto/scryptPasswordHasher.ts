import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHasher } from '../../ports/passwordHasher';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** The production cost (issue 3): N = 2^17, r = 8, p = 1, i.e. 128 MiB and ~0.2-0.5 s per hash. */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** scrypt needs 128·N·r bytes; node refuses anything above maxmem, so size it with headroom. */
function maxmemFor({ N, r, p }: ScryptCost): number {
  return 128 * N * r + 128 * r * p + 32 * 1024 * 1024;
}

/**
 * Hashes as `scrypt$N$r$p$salt$key` (base64url), so a later change of cost still verifies old hashes.
 * crypto.scrypt runs on libuv's thread pool, keeping the event loop free.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly cost: ScryptCost = PRODUCTION_COST) {}

  async hash(password: string): Promise<string> {
    const salt = crypto.randomBytes(SALT_BYTES);
    const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...this.cost, maxmem: maxmemFor(this.cost) });
    const { N, r, p } = this.cost;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    // A corrupted or hostile row must not make us allocate gigabytes.
    if (![N, r, p].every(Number.isSafeInteger) || N < 2 || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
    const salt = Buffer.from(parts[4] ?? '', 'base64url');
    const expected = Buffer.from(parts[5] ?? '', 'base64url');
    if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
    const actual = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N, r, p, maxmem: maxmemFor({ N, r, p }) });
    return crypto.timingSafeEqual(actual, expected);
  }
}
