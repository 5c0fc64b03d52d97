import crypto from 'node:crypto';
import type { SessionTokens } from '../../ports/sessionTokens';

/** Letters and digits without look-alikes (0/O, 1/l/I), so a printed password is easy to type. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export const randomSessionTokens: SessionTokens = {
  // 256 bits: guessing is hopeless and a plain SHA-256 (no salt, no stretching) is enough for storage.
  generate: () => crypto.randomBytes(32).toString('base64url'),
  digest: (token) => crypto.createHash('sha256').update(token).digest('hex'),
  generatePassword: () => {
    // 16 characters from 56 (about 93 bits) plus a digit and a symbol so it passes the password rule.
    const body = Array.from({ length: 16 }, () => PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)]).join('');
    return `${body}-${crypto.randomInt(10)}`;
  },
};
