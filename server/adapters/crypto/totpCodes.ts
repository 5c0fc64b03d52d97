import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { OneTimeCodes } from '../../ports/oneTimeCodes';

const PERIOD = 30;
/** Recovery codes avoid look-alikes (0/o, 1/l/i), so a printed one is easy to type. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomChunk(length: number): string {
  return Array.from({ length }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
}

/** RFC 6238 with what every authenticator app reads: SHA-1, six digits, 30-second steps (otpauth). */
export const totpCodes: OneTimeCodes = {
  // 160 bits, the RFC's recommended key length for SHA-1.
  newSecret: () => new Secret({ size: 20 }).base32,
  keyUri: (secret, account, issuer) =>
    new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD }).toString(),
  matchingStep: (secret, code, at, window) => {
    const timestamp = at.getTime();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: PERIOD, timestamp, window });
    return delta === null ? undefined : TOTP.counter({ period: PERIOD, timestamp }) + delta;
  },
  // Ten characters from 31, about 50 bits each: stored only as an HMAC under the site's key.
  recoveryCodes: (count) => Array.from({ length: count }, () => `${randomChunk(5)}-${randomChunk(5)}`),
};
