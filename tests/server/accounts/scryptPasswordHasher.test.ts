import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_COST, ScryptPasswordHasher } from '../../../server/adapters/crypto/scryptPasswordHasher';
import { randomSessionTokens } from '../../../server/adapters/crypto/sessionTokens';
import { checkPasswordFormat } from '../../../src/domain/account/validation';
import { testHasher } from './support';

describe('ScryptPasswordHasher', () => {
  it('defaults to the issue’s cost: N = 2^17, r = 8, p = 1, 16-byte salt, 32-byte key', async () => {
    expect(PRODUCTION_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await new ScryptPasswordHasher().hash('abc123456');
    const [scheme, N, r, p, salt, key] = hash.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
    expect(await new ScryptPasswordHasher().verify('abc123456', hash)).toBe(true);
  });

  it('verifies the right password and refuses any other, for any input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), async (password, other) => {
        const hash = await testHasher.hash(password);
        expect(await testHasher.verify(password, hash)).toBe(true);
        if (other.normalize('NFC') !== password.normalize('NFC')) expect(await testHasher.verify(other, hash)).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  it('salts every hash: the same password never hashes the same twice', async () => {
    expect(await testHasher.hash('same-pass1')).not.toBe(await testHasher.hash('same-pass1'));
  });

  it('verifies a hash made at another cost (the cost travels with the hash)', async () => {
    const hash = await new ScryptPasswordHasher({ N: 2 ** 11, r: 8, p: 1 }).hash('abc123456');
    expect(await testHasher.verify('abc123456', hash)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'bcrypt$1$2$3$4$5',
    'scrypt$131072$8$1$$',
    'scrypt$abc$8$1$c2FsdA$a2V5',
    `scrypt$${2 ** 30}$8$1$c2FsdHNhbHRzYWx0c2FsdA$${Buffer.alloc(32).toString('base64url')}`,
    `scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$${Buffer.alloc(31).toString('base64url')}`,
  ])('answers false (never throws, never allocates wildly) for the malformed hash %j', async (stored) => {
    expect(await testHasher.verify('abc123456', stored)).toBe(false);
  });
});

describe('randomSessionTokens', () => {
  it('makes 256-bit base64url tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomSessionTokens.generate()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores a SHA-256 digest, not the token', () => {
    const token = randomSessionTokens.generate();
    const digest = randomSessionTokens.digest(token);
    expect(digest).toMatch(/^[a-f0-9]{64}$/);
    expect(digest).not.toContain(token);
    expect(randomSessionTokens.digest(token)).toBe(digest);
  });

  it('generates passwords that pass the password rule', () => {
    for (let i = 0; i < 100; i++) expect(checkPasswordFormat(randomSessionTokens.generatePassword())).toBeNull();
  });
});
