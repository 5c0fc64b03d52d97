/**
 * `npm run bench:music`: the music library's two hot paths, each against a baseline measured in the same run.
 * 1. Song search over 10 000 songs (Chinese substrings, full pinyin, initials, mixed): the index against a plain
 *    scan of every song with the same matcher. p50/p95 per kind of query.
 * 2. A byte-range request for 1 MiB of a song: our /wapi/song/media route against @fastify/static serving the
 *    same file from the same folder (autocannon, requests per second).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { Mp3Encoder } from '@breezystack/lamejs';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';
import { romanise } from '../server/adapters/music/pinyin';
import { SongSearchIndex, type SearchableSong } from '../server/domain/music/songSearch';
import { mulberry32 } from '../server/adapters/music/demo/random';

const SONGS = 10_000;
const QUERIES_PER_KIND = 300;
const COMMON = [
  ...'的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质',
];
const SURNAMES = [...'李王张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文'];

function library(random: () => number): SearchableSong[] {
  const pick = (from: string[]) => from[Math.floor(random() * from.length)]!;
  const word = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(COMMON)).join('');
  return Array.from({ length: SONGS }, (_, i) => ({
    id: i + 1,
    title: word(2, 8),
    artists: [pick(SURNAMES) + word(1, 2)],
    album: word(2, 6),
    aliases: random() < 0.2 ? [word(2, 4)] : [],
  }));
}

function queries(songs: SearchableSong[], random: () => number) {
  const substring = (length: number) => {
    for (;;) {
      const title = [...songs[Math.floor(random() * songs.length)]!.title];
      if (title.length < length) continue;
      const start = Math.floor(random() * (title.length - length + 1));
      return title.slice(start, start + length).join('');
    }
  };
  const kinds: Record<string, () => string> = {
    '1 character': () => substring(1),
    '2 characters': () => substring(2),
    '4 characters': () => substring(4),
    'full pinyin (3 characters)': () => romanise(substring(3), 'name').join(''),
    'initials (3 characters)': () => romanise(substring(3), 'name').map((s) => s[0]).join(''),
    'mixed 字+initials': () => {
      const part = substring(3);
      return [...part][0] + romanise(part, 'name').slice(1).map((s) => s[0]).join('');
    },
  };
  return Object.entries(kinds).map(([kind, make]) => ({ kind, list: Array.from({ length: QUERIES_PER_KIND }, make) }));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

export async function measureSearch() {
  const random = mulberry32(20261123);
  const songs = library(random);
  const buildStart = performance.now();
  const index = new SongSearchIndex(songs, romanise);
  const buildMs = performance.now() - buildStart;
  const rows = queries(songs, random).map(({ kind, list }) => {
    const indexed = list.map((q) => time(() => index.search(q, 0, 20))).sort((a, b) => a - b);
    const scanned = list.map((q) => time(() => index.scan(q))).sort((a, b) => a - b);
    return {
      kind,
      p50: percentile(indexed, 50),
      p95: percentile(indexed, 95),
      scanP50: percentile(scanned, 50),
      ratio: percentile(scanned, 50) / percentile(indexed, 50),
    };
  });
  return { buildMs, rows };
}

function toneMp3(seconds: number): Buffer {
  const rate = 44_100;
  const encoder = new Mp3Encoder(1, rate, 128);
  const chunks: Buffer[] = [];
  const block = new Int16Array(rate);
  for (let second = 0; second < seconds; second += 1) {
    for (let i = 0; i < rate; i += 1) block[i] = Math.round(Math.sin((2 * Math.PI * (220 + second) * i) / rate) * 6000);
    chunks.push(Buffer.from(encoder.encodeBuffer(block)));
  }
  chunks.push(Buffer.from(encoder.flush()));
  return Buffer.concat(chunks);
}

async function rps(url: string, range: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: 5, headers: { range }, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx + result.errors} failed requests`);
  return result.requests.average;
}

export async function measureRanges() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-music-'));
  const musicDir = path.join(dataDir, 'music');
  fs.mkdirSync(path.join(musicDir, '01 基准'), { recursive: true });
  fs.writeFileSync(path.join(musicDir, '01 基准', 'tone.mp3'), toneMp3(180));
  const blog = await createServer(
    { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, dataDir), dataDir, musicDir, clientDir: '' },
    { announce: () => undefined },
  );
  const plain = Fastify();
  await plain.register(fastifyStatic, { root: path.join(musicDir, '01 基准') });
  try {
    await blog.music!.rescan();
    const base = (await blog.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const id = blog.music!.catalogue().playlists[0]!.id;
    const track = blog.music!.catalogue().tracksOf(id)[0]!;
    const ours = base + blog.music!.urls.song(track);
    const theirs = `${(await plain.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')}/tone.mp3`;
    const range = 'bytes=1048576-2097151';
    await rps(ours, range);
    await rps(theirs, range);
    const oursRps = await rps(ours, range);
    const theirsRps = await rps(theirs, range);
    return { size: track.size, oursRps, theirsRps, ratio: oursRps / theirsRps };
  } finally {
    await blog.close();
    await plain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const search = await measureSearch();
console.log(`Song search over ${SONGS} songs (index built in ${search.buildMs.toFixed(0)} ms), ${QUERIES_PER_KIND} queries per kind:`);
for (const row of search.rows) {
  console.log(
    `  ${row.kind.padEnd(28)} p50 ${row.p50.toFixed(3)} ms  p95 ${row.p95.toFixed(3)} ms  | plain scan p50 ${row.scanP50.toFixed(2)} ms → ${row.ratio.toFixed(1)}× faster`,
  );
}
const ranges = await measureRanges();
console.log(
  `\n1 MiB byte range of a ${(ranges.size / 1048576).toFixed(1)} MiB song: /wapi/song/media ${ranges.oursRps.toFixed(0)} req/s, ` +
    `@fastify/static ${ranges.theirsRps.toFixed(0)} req/s → ratio ${ranges.ratio.toFixed(2)}`,
);
