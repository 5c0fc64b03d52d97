import { describe, expect, it } from 'vitest';
import { installLocaliser } from '../../src/i18n/language';

/**
 * The server renders each request in its own language through proxies over the catalogue (see
 * server/adapters/ssr/language.ts): a module may keep an area, or a part of one, when it loads, but a text read
 * when it loads would be frozen in whatever language was current then, and an English page would show Chinese
 * (and not hydrate). This loads every module of the interface and the browser's adapters with a catalogue that
 * notes every text read while they load.
 */
const readsWhileLoading: string[] = [];
let loading = true;

function recording<T extends object>(zh: T, path: string): T {
  return new Proxy(zh, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      const where = `${path}.${String(key)}`;
      if (typeof value === 'object' && value !== null) return recording(value, where);
      if (loading && typeof key === 'string') readsWhileLoading.push(where);
      return value;
    },
  });
}

installLocaliser({ language: () => 'zh-CN', area: (name, zh) => recording(zh, name) });

/** What the server renders, and the browser's adapters (the console is rendered in the browser alone). */
const MODULES = import.meta.glob([
  '../../src/ui/**/*.{ts,tsx}',
  '!../../src/ui/console/**',
  '../../src/adapters/**/*.{ts,tsx}',
  // The browser build's stand-in for reflect-metadata: loaded beside the real one, it would shadow it here.
  '!../../src/adapters/reflectMetadataLite.ts',
  '../../src/composition-root.ts',
  '../../src/entry-server.tsx',
  '../../src/i18n/greetingText.ts',
]);

describe('the catalogue', () => {
  it('is read by no module while it loads, so every text follows the language of the render', async () => {
    const failures: string[] = [];
    // One after another, in a fixed order: modules that import each other in a cycle load alike on every run.
    for (const [file, load] of Object.entries(MODULES).sort(([a], [b]) => a.localeCompare(b))) {
      await load().catch((error: unknown) => failures.push(`${file}: ${String(error)}`));
    }
    loading = false;
    expect(failures).toEqual([]);
    expect(readsWhileLoading).toEqual([]);
  }, 180_000);
});
