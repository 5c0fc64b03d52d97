import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from './server/adapters/db/connect';
const h = openDatabase({ dataDir: '/tmp/benchdb' });
const time = async (label: string, q: any) => { await q.execute(h.db); const t: number[] = []; for (let i = 0; i < 7; i++) { const s = performance.now(); await q.execute(h.db); t.push(performance.now() - s); } t.sort((a,b)=>a-b); console.log(label, t[3]!.toFixed(2)); };
for (const k of ['间论样曲', '因验物十', '性能优化']) {
  const p = `%${k}%`;
  await time(`${k} title like`, sql`select id from article where status='public' and title like ${p} order by views desc, id desc limit 20`);
  await time(`${k} probe`, sql`select a.id from (select id, title, views from article where status='public' order by views desc, id desc limit 200) a where exists (select 1 from article_body b where b.article_id = a.id and b.content like ${p}) order by a.views desc, a.id desc limit 20`);
  await time(`${k} fts count`, sql`select count(*) from article_body_fts where article_body_fts match ${'"' + k + '"'}`);
  await time(`${k} fts ranked`, sql`select a.id from article a where a.status='public' and a.id in (select rowid from article_body_fts where article_body_fts match ${'"' + k + '"'}) order by a.views desc, a.id desc limit 20`);
}
console.log((await sql`explain query plan select a.id from article a where a.status='public' and a.id in (select rowid from article_body_fts where article_body_fts match '"abcd"') order by a.views desc, a.id desc limit 20`.execute(h.db)).rows);
console.log((await sql`select count(*) n, sum(length(content)) c from article_body`.execute(h.db)).rows);
await h.close();
