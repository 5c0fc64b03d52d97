import autocannon from 'autocannon';
import { type Answer, bareServer, BROWSER_HEADERS, fetchRaw } from './bareServer';
import { signIn, startBenchSite } from './benchSite';

/**
 * Issue 47 (the rendered-page cache): the pages readers open — visitors' /home, an article, /talk and
 * /message/list — at 50 connections against the real server with the demo content, and against a bare
 * node:http server sending the same bytes (the same compressed page and headers' weight). The load
 * generator shares the machine's cores, so the two are measured in paired rounds, one after the other,
 * and every round is printed. The cache is proven by counting renders, not by timing: the measured rounds
 * must render nothing. Then a signed-in reader's pages, rendered for each request, on one connection.
 *
 *   npx tsx bench/pages.bench.ts [--rounds=3] [--seconds=5]
 */

const CONNECTIONS = 50;
const ROUNDS = Number(/--rounds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 3);
const SECONDS = Number(/--seconds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 5);
const RATIO_GOAL = 0.5;
const P99_GOAL_MS = 50;
const SIGNED_IN_P50_GOAL_MS = 20;
interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, connections: number, headers: Record<string, string>): Promise<Measured> {
  const result = await autocannon({ url, connections, duration: SECONDS, timeout: 10, workers: 1, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const line = (m: Measured) =>
  `${Math.round(m.rps).toString().padStart(6)} req/s  p50 ${m.p50.toFixed(1).padStart(5)} ms  p99 ${m.p99.toFixed(1).padStart(5)} ms  errors ${m.errors}`;

const site = await startBenchSite();
const pages = site.server.pages;
if (!pages) throw new Error('the page cache is off (PAGE_CACHE_MB=0)');
const paths = ['/home', `/article?id=${site.articleId}`, '/talk', '/message/list'];
const answers = new Map<string, Answer>();
for (const path of paths) answers.set(path, await fetchRaw(site.baseUrl + path));
const bare = await bareServer(answers);
let met = true;
try {
  for (const path of paths) {
    const answer = answers.get(path)!;
    console.log(`${path} (${answer.body.length} bytes, ${String(answer.headers['content-encoding'] ?? 'identity')}), ${CONNECTIONS} connections, ${SECONDS} s a round:`);
    await load(site.baseUrl + path, CONNECTIONS, BROWSER_HEADERS); // warm-up
    const rendersBefore = pages.counts().renders;
    const blog: Measured[] = [];
    const baseline: Measured[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      blog.push(await load(site.baseUrl + path, CONNECTIONS, BROWSER_HEADERS));
      baseline.push(await load(bare.origin + path, CONNECTIONS, BROWSER_HEADERS));
      console.log(`  round ${round}  blog ${line(blog.at(-1)!)}`);
      console.log(`           bare ${line(baseline.at(-1)!)}  → ratio ${(blog.at(-1)!.rps / baseline.at(-1)!.rps).toFixed(2)}`);
    }
    const renders = pages.counts().renders - rendersBefore;
    const sum = (list: Measured[]) => list.reduce((total, m) => total + m.rps, 0);
    const ratio = sum(blog) / sum(baseline);
    const worstP99 = Math.max(...blog.map((m) => m.p99));
    const errors = blog.reduce((total, m) => total + m.errors, 0);
    const ok = ratio >= RATIO_GOAL && worstP99 <= P99_GOAL_MS && errors === 0;
    met &&= ok;
    console.log(
      `  ${path}: ratio ${ratio.toFixed(2)} of bare, worst p99 ${worstP99.toFixed(1)} ms, ${errors} errors, ${renders} renders ` +
        `during the rounds (page TTL may add one) → goal (≥ ${RATIO_GOAL}, p99 ≤ ${P99_GOAL_MS} ms, 0 errors) ${ok ? 'met' : 'NOT met'}`,
    );
  }

  // A signed-in reader's page is rendered for each request (never from the shared copy).
  const cookie = await signIn(site.baseUrl, `bench${process.pid % 100000}`);
  for (const path of ['/home', `/article?id=${site.articleId}`]) {
    const rendersBefore = pages.counts().renders;
    const signedIn = await load(site.baseUrl + path, 1, { ...BROWSER_HEADERS, cookie });
    const ok = signedIn.p50 <= SIGNED_IN_P50_GOAL_MS && signedIn.errors === 0;
    met &&= ok;
    console.log(
      `signed in, 1 connection, ${path}: ${line(signedIn)}, shared copy rendered ${pages.counts().renders - rendersBefore} times ` +
        `→ goal (p50 ≤ ${SIGNED_IN_P50_GOAL_MS} ms) ${ok ? 'met' : 'NOT met'}`,
    );
  }
  const counts = pages.counts();
  console.log(`page cache: ${counts.hits} hits, ${counts.misses} misses, ${counts.renders} renders, ${counts.pages} pages, ${counts.bytes} bytes kept`);
  console.log(met ? 'all goals met' : 'some goals NOT met');
} finally {
  await bare.close();
  await site.close();
}
