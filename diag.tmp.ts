import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { openDatabase } from './server/adapters/db/connect';
import { migrateToLatest } from './server/adapters/db/migrations';
import { KyselyArticleRepository } from './server/adapters/db/content/articleRepository';
import { corpus, keywords, load } from './bench/search.bench';
const dir = '/tmp/benchdb';
const fresh = !fs.existsSync(dir);
const h = openDatabase({ dataDir: dir });
if (fresh) { await migrateToLatest(h.db as Kysely<unknown>, 'sqlite'); await load(h, corpus(10000)); }
const repo = new KyselyArticleRepository(h.db, 'sqlite');
for (const { label, list } of keywords()) {
  for (const k of list) {
    await repo.search(k, 20);
    const t: number[] = [];
    for (let i = 0; i < 7; i++) { const s = performance.now(); await repo.search(k, 20); t.push(performance.now() - s); }
    t.sort((a, b) => a - b);
    const s2 = performance.now(); const titles = await h.db.selectFrom('article').select('id').where(sql`title like ${'%' + k + '%'}`).execute(); const tt = performance.now() - s2;
    console.log(label, k, 'median', t[3]!.toFixed(2), 'max', t[6]!.toFixed(2), 'titleScan', tt.toFixed(2), 'titleHits', titles.length);
  }
}
await h.close();
