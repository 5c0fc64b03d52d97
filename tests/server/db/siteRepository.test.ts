import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { KyselySiteRepository } from '../../../server/adapters/db/siteRepository';
import type { SiteConfig } from '../../../server/domain/site/site';
import { backends, type TestDatabase } from '../support/databases';

type StoredConfig = Omit<SiteConfig, 'viewCount'>;

const CONFIG: StoredConfig = {
  name: '听雨小筑',
  author: '听雨',
  avatar: '/media/avatar.svg',
  motto: '在代码与诗词之间',
  typedMottos: ['写代码的人', '也可以慢慢听一场雨'],
  notice: '欢迎',
  copyright: '© 2024–2026 听雨小筑',
  filingNumber: '京ICP备2026000000号',
  since: '2024-01-01',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const storedConfig: fc.Arbitrary<StoredConfig> = fc.record({
  name: fc.string({ unit: 'grapheme', minLength: 1 }),
  author: fc.string({ unit: 'grapheme' }),
  avatar: fc.string(),
  motto: fc.string({ unit: 'grapheme' }),
  typedMottos: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 5 }),
  notice: fc.string({ unit: 'grapheme', maxLength: 500 }),
  copyright: fc.string({ unit: 'grapheme' }),
  filingNumber: fc.string(),
  since: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  updatedAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
});

describe.each(await backends())('KyselySiteRepository on $name', (backend) => {
  let database: TestDatabase;
  let repository: KyselySiteRepository;

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    repository = new KyselySiteRepository(database.handle.db);
  });
  afterEach(() => database?.dispose());

  it('has no configuration before the site is set up', async () => {
    expect(await repository.getConfig()).toBeUndefined();
    expect(await repository.listPageHeaders()).toEqual([]);
  });

  it('reads back exactly the configuration it saved, for any text', async () => {
    await fc.assert(
      fc.asyncProperty(storedConfig, async (config) => {
        await repository.saveConfig(config);
        expect(await repository.getConfig()).toEqual({ ...config, viewCount: 0 });
      }),
      { numRuns: 30 },
    );
  });

  it('keeps the counted views when the configuration is saved again', async () => {
    await repository.saveConfig(CONFIG);
    await repository.addView();
    await repository.addView();
    await repository.saveConfig({ ...CONFIG, name: '新的名字' });
    expect(await repository.getConfig()).toMatchObject({ name: '新的名字', viewCount: 2 });
  });

  it('adds one view per call and returns the new total', async () => {
    await repository.saveConfig(CONFIG);
    expect(await repository.addView()).toBe(1);
    expect(await repository.addView()).toBe(2);
    expect((await repository.getConfig())?.viewCount).toBe(2);
  });

  it('loses no view when many visitors are counted at the same time', async () => {
    await repository.saveConfig(CONFIG);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), async (visitors) => {
        const before = (await repository.getConfig())!.viewCount;
        const totals = await Promise.all(Array.from({ length: visitors }, () => repository.addView()));
        // Every call saw a distinct total: before+1 … before+N, in some order.
        expect([...totals].sort((a, b) => a - b)).toEqual(Array.from({ length: visitors }, (_, i) => before + i + 1));
        expect((await repository.getConfig())!.viewCount).toBe(before + visitors);
      }),
      { numRuns: 10 },
    );
  });

  it('keeps one background image per route, the latest saved, in the order routes were added', async () => {
    await repository.savePageHeader({ route: '/home', image: '/media/a.svg' });
    await repository.savePageHeader({ route: '/archives', image: '/media/b.svg' });
    await repository.savePageHeader({ route: '/home', image: '/media/c.svg' });
    expect(await repository.listPageHeaders()).toEqual([
      { route: '/home', image: '/media/c.svg' },
      { route: '/archives', image: '/media/b.svg' },
    ]);
  });

  it('applies migrations only once: migrating an up-to-date database changes nothing', async () => {
    await repository.saveConfig(CONFIG);
    await migrateToLatest(database.handle.db as Kysely<unknown>, database.handle.dialect);
    expect(await repository.getConfig()).toMatchObject({ name: CONFIG.name });
  });
});
