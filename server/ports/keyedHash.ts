/** A keyed one-way hash (HMAC): the same key and data give the same digest on every instance. */
export interface KeyedHash {
  /** Lower-case hex digest of `data` under `key`. */
  digest(key: string, data: string): string;
}
