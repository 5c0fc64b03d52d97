import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SecretBox } from '../../ports/secretBox';

const KEY_FILE = 'secret.key';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format of a sealed value, so a later change of cipher can tell old values apart. */
const VERSION = 'v1';

/**
 * AES-256-GCM under a key derived from the site's secret (HKDF-SHA256, one subkey for sealing and one for
 * fingerprints). A sealed value is `v1.<nonce>.<ciphertext+tag>` in base64url.
 */
export function createSecretBox(secret: () => string): SecretBox {
  // Read on first use: a command that never seals (npm run notify) neither needs nor creates the key.
  let keys: { seal: Buffer; fingerprint: Buffer } | undefined;
  const derived = () => {
    const derive = (purpose: string) => Buffer.from(crypto.hkdfSync('sha256', secret(), 'tingyu-blog', purpose, 32));
    keys ??= { seal: derive('seal'), fingerprint: derive('fingerprint') };
    return keys;
  };
  return {
    seal(plain) {
      const nonce = crypto.randomBytes(NONCE_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', derived().seal, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, nonce, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !body) throw new Error('not a sealed value');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', derived().seal, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    fingerprint: (text) => crypto.createHmac('sha256', derived().fingerprint).update(text).digest('hex'),
  };
}

/**
 * The site's secret: SECRET_KEY when set (several instances share it), else `secret.key` in the data folder,
 * written on first start with mode 0600. Two processes starting at once agree: the key is written aside
 * and linked into place (which fails if the file exists), so the loser reads the winner's whole key.
 */
export function loadSiteSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const aside = `${file}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(aside, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (stored === '') throw new Error(`${file} is empty: restore it from a backup or remove it (existing two-step secrets then stop working)`);
  return stored;
}
