/** Browser storage behind the spec's encoding; an empty or missing value is never stored. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}
