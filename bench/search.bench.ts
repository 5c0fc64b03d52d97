import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/adapters/db/connect';
import { onEachBackend, quantile, timed } from './benchSite';
import { KyselyArticleRepository } from '../server/adapters/db/content/articleRepository';
import { SearchIndex } from '../server/adapters/db/content/searchIndex';
import { KyselySiteRepository } from '../server/adapters/db/siteRepository';
import { ArticleService } from '../server/domain/content/articleService';
import { containsPattern, foldAscii } from '../server/domain/content/search';
// The same seeded generator as the demo album, so every run measures the same corpus.
import { mulberry32 } from '../server/adapters/music/demo/random';

/*
 * Article search (GET /api/article/getArticleListByContent) over 10 000 generated Chinese articles of
 * about 2 000 characters, against a plain LIKE '%…%' scan of the same data in the same run: on SQLite,
 * then on PostgreSQL when it answers (BENCH_POSTGRES=0 skips it). Both take about 2.5 minutes.
 */

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const ARTICLE_LENGTH = 2_000;
const RESULT_LIMIT = 20;
const INDEX_RUNS = 15;
const SCAN_RUNS = 3;

// The 500-odd most common Chinese characters (roughly by frequency) and some real words.
const COMMON =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处府研质马广南关明思维习组院空青解影记色算料育亲华团火光王传温林报府准河区品存早增识往士百言花北术达需界规际证单非切土亲收兵城海约局务复除保装布适清美感济越音研快病东视满请技始确深史选转写包失示导争运委历布标院即集乐节调商压支站且越令格效尽战类书拉议群破持阻验派责刻属环顾息坚热响苦担际防足帮印候读列举划速状造胜按价采观晚雨风春秋冬夏云月星听诗词歌曲琴笔墨纸砚窗灯梦醒';
const WORDS = [
  '搜索', '全文', '数据库', '索引', '状态机', '前端', '后端', '性能优化', '组件', '浏览器', '服务器', '缓存', '事务', '并发',
  '听雨', '春风', '秋月', '诗词', '音乐', '节奏', '旋律', '宋词', '古琴', '江南', '烟雨', '晨跑', '节气', '惊蛰',
  '类型系统', '函数式编程', '命令行', '版本控制', '持续集成', '容器查询', '响应式布局', '单元测试', '代码审查', '内存泄漏',
  '用户体验', '全文搜索', '中文分词', '查询计划', '日志系统', '配置文件', '依赖注入', '异步任务', '消息队列', '负载均衡',
];
const PUNCTUATION = '，，，。。、；：！？';

export function corpus(count: number) {
  const next = mulberry32(20260522);
  const pick = <T>(items: ArrayLike<T>, skew = 1) => items[Math.floor(items.length * next() ** skew)]!;
  const articles: { title: string; content: string; views: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    let content = '';
    while (content.length < ARTICLE_LENGTH) {
      let sentence = '';
      const length = 8 + Math.floor(next() * 22);
      for (let t = 0; t < length; t += 1) sentence += next() < 0.12 ? pick(WORDS, 1.5) : pick(COMMON, 2.2);
      content += sentence + pick(PUNCTUATION);
      if (next() < 0.08) content += '\n\n';
    }
    const title = `${pick(WORDS)}${pick(COMMON, 2)}${pick(COMMON, 2)}${pick(WORDS)}`;
    articles.push({ title, content, views: Math.floor(next() * 5000) });
  }
  return articles;
}

export function keywords() {
  const next = mulberry32(7);
  const chars = Array.from(COMMON);
  const oneChar = Array.from({ length: 20 }, (_, i) => chars[Math.floor((i / 20) ** 2 * chars.length)]!);
  const twoChar = [
    ...WORDS.filter((w) => w.length === 2).slice(0, 12),
    ...Array.from({ length: 8 }, () => chars[Math.floor(next() * chars.length)]! + chars[Math.floor(next() * chars.length)]!),
  ];
  const fourChar = [
    ...WORDS.filter((w) => w.length === 4).slice(0, 12),
    ...Array.from({ length: 8 }, () => Array.from({ length: 4 }, () => chars[Math.floor(next() * chars.length)]!).join('')),
  ];
  return [
    { label: '1 character', list: oneChar },
    { label: '2 characters', list: twoChar },
    { label: '4 characters', list: fourChar },
  ];
}

export async function load(handle: DatabaseHandle, articles: ReturnType<typeof corpus>): Promise<void> {
  const db = handle.db;
  const index = new SearchIndex(handle.dialect);
  const base = Date.UTC(2020, 0, 1);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < articles.length; start += 100) {
      const batch = articles.slice(start, start + 100);
      const rows = await trx
        .insertInto('article')
        .values(
          batch.map((a, i) => ({
            source_key: `bench-${start + i}`,
            title: a.title,
            summary: a.content.slice(0, 100),
            cover: '',
            category_id: null,
            pinned: 0,
            pin_order: 0,
            status: 'public',
            views: a.views,
            reading_duration: 0,
            likes: 0,
            word_count: a.content.length,
            created_at: new Date(base + (start + i) * 3_600_000).toISOString(),
            updated_at: new Date(base + (start + i) * 3_600_000).toISOString(),
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('article_body')
        .values(rows.map((row, i) => ({ article_id: row.id, content: batch[i]!.content })))
        .execute();
      // What the repository writes with each article (KyselyArticleRepository.write).
      for (const [i, row] of rows.entries()) await index.reindex(trx, row.id, batch[i]!.title, batch[i]!.content);
    }
  });
  // As autovacuum leaves a settled database: statistics, and the visibility map for index-only scans.
  if (handle.dialect === 'postgres') await sql`vacuum (analyze) article, article_body, article_tokens`.execute(db);
}

/** The baseline: the same ranking as the search, by scanning every title and body with LIKE. */
async function scan(handle: DatabaseHandle, keyword: string): Promise<number[]> {
  const pattern = containsPattern(foldAscii(keyword));
  const escape = sql.lit('\\');
  // SQLite's LIKE ignores ASCII case; the generated keywords have no ASCII letters, so on PostgreSQL a
  // plain LIKE applies the same rule.
  const fold = (column: string) => sql.ref(column);
  const rows = await handle.db
    .selectFrom('article as a')
    .innerJoin('article_body as b', 'b.article_id', 'a.id')
    .select(['a.id', sql<number>`(${fold('a.title')} like ${pattern} escape ${escape})`.as('title_hit')])
    .where('a.status', '=', 'public')
    .where(sql<boolean>`(${fold('a.title')} like ${pattern} escape ${escape} or ${fold('b.content')} like ${pattern} escape ${escape})`)
    .orderBy('title_hit', 'desc')
    .orderBy('a.views', 'desc')
    .orderBy('a.id', 'desc')
    .limit(RESULT_LIMIT)
    .execute();
  return rows.map((r) => r.id);
}

export interface SearchRow {
  backend: string;
  label: string;
  search: { median: number; p95: number };
  scan: { median: number; p95: number };
  /** Median scan time over median search time. */
  speedup: number;
  /** Keywords whose top results differ between search and scan (must be 0). */
  mismatches: number;
}

async function measureOn(name: string, handle: DatabaseHandle, articles: ReturnType<typeof corpus>): Promise<SearchRow[]> {
  const started = performance.now();
  await load(handle, articles);
  console.log(`  ${name}: loaded ${articles.length} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const service = new ArticleService(
    new KyselyArticleRepository(handle.db, handle.dialect),
    new KyselySiteRepository(handle.db),
    async () => 0,
  );
  const rows: SearchRow[] = [];
  for (const { label, list } of keywords()) {
    const searchSamples: number[] = [];
    const scanSamples: number[] = [];
    let mismatches = 0;
    for (const keyword of list) {
      const found = await timed(() => service.search(keyword), INDEX_RUNS);
      const expected = await timed(() => scan(handle, keyword), SCAN_RUNS);
      searchSamples.push(...found.samples);
      scanSamples.push(...expected.samples);
      if (found.answer.map((r) => r.id).join() !== expected.answer.join()) mismatches += 1;
    }
    const search = { median: quantile(searchSamples, 0.5), p95: quantile(searchSamples, 0.95) };
    const scanned = { median: quantile(scanSamples, 0.5), p95: quantile(scanSamples, 0.95) };
    rows.push({ backend: name, label, search, scan: scanned, speedup: scanned.median / search.median, mismatches });
  }
  return rows;
}

export async function measureSearch(): Promise<SearchRow[]> {
  const articles = corpus(ARTICLES);
  return onEachBackend('search', (backend, handle) => measureOn(backend, handle, articles));
}

export function printSearch(rows: SearchRow[]): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);
  console.log(`Article search over ${ARTICLES} articles of ~${ARTICLE_LENGTH} characters (top ${RESULT_LIMIT}):`);
  console.log('  backend     keyword        search median    p95   |   LIKE scan median    p95   | speed-up');
  for (const row of rows) {
    console.log(
      `  ${row.backend.padEnd(11)} ${row.label.padEnd(13)} ${ms(row.search.median)} ${ms(row.search.p95)} | ${ms(row.scan.median)} ${ms(row.scan.p95)} | ${row.speedup.toFixed(1).padStart(6)}×${row.mismatches ? `  (${row.mismatches} result mismatches!)` : ''}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const rows = await measureSearch();
  printSearch(rows);
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
  const target = rows.filter((r) => r.label === '4 characters');
  if (rows.some((r) => r.mismatches > 0) || target.some((r) => r.search.p95 > 10 || r.speedup < 20)) process.exitCode = 1;
}
