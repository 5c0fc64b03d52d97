import crypto from 'node:crypto';
import type { KeyedHash } from '../../ports/keyedHash';

/** HMAC-SHA256: visitors' like and address keys and the unsubscribe tokens of reply emails. */
export const hmacHash: KeyedHash = {
  digest: (key, data) => crypto.createHmac('sha256', key).update(data).digest('hex'),
};
