import type { Clipboard } from '../../ports/browser';
import type { KeyValueStore } from '../../ports/keyValueStore';
import type { HttpClient } from '../http/httpClient';

/** Storage for a render on the server: starts empty and is thrown away with the render. */
export class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  set(key: string, value: unknown): void {
    this.values.set(key, value);
  }

  remove(key: string): void {
    this.values.delete(key);
  }
}

const notWhileRendering = () => Promise.reject(new Error('not available while the server renders a page'));

/** A server render reads through its own ports; anything that would send a request is refused. */
export const refusingHttpClient = {
  request: notWhileRendering,
  requestBody: notWhileRendering,
  transport: notWhileRendering,
  baseURL: '',
} satisfies HttpClient;

export const renderClipboard: Clipboard = { write: notWhileRendering };
