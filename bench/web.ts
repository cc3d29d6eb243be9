// What a visitor's browser downloads and how Lighthouse rates the pages, on the built app in demo
// mode (started by e2e/start-demo-server.mjs on ports of its own, with a throw-away database):
// 1. The JS and CSS a signed-out visitor's browser fetches for `/` (index.html's script, module
//    preloads and stylesheets), in bytes on the wire with `Accept-Encoding: br, gzip`.
// 2. Lighthouse (mobile, simulated throttling) in Debian's Chromium on `/` and on the dashboard
//    of a user signed up through the demo issuer with a subscribed organization: performance and
//    accessibility.
// Lighthouse's mobile profile simulates a 4x slower CPU from the tasks it saw, so its figures move
// with what else the machine runs: each page is measured --runs times (default 3), every run's
// metrics are printed, and the run with the median performance score counts; the load average
// before and after is printed beside them.
// It builds nothing: run `npm run build` first. --details prints, for profiling, what Lighthouse
// blames: the largest contentful paint's element, the layout shifts, the main thread's work by
// script, the long tasks, the requests' chain.
//   npx tsx bench/web.ts  [--port 3200] [--runs 3] [--details]
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signUpWithOrganization, subscribeInDemo, uniqueEmail } from '../e2e/support.js';
import { formatCount } from './support/figures.js';

const TARGET_LANDING_BYTES = 120_000;
/** The lowest score each page may have: performance, then accessibility. */
const TARGET_SCORES = { landing: { performance: 95, accessibility: 95 }, dashboard: { performance: 90, accessibility: 100 } };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// No outside network here: keep Chromium from reaching for Google's services.
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3200' }, runs: { type: 'string', default: '3' }, details: { type: 'boolean', default: false } },
});
const port = Number(values.port);
const runs = Math.max(1, Number(values.runs));
const appUrl = `http://localhost:${port}`;

if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

/** GET with the headers a browser sends; the body as it came over the wire (still compressed). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the demo server exited with ${server.exitCode}`);
    const up = await get(`${appUrl}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo server did not answer /api/health within 2 minutes');
}

/** The landing page's own JS and CSS (index.html's references), as served. */
async function landingAssetBytes(): Promise<{ rows: string[]; total: number; rawTotal: number }> {
  const index = (await get(`${appUrl}/`)).body.toString('utf8');
  const urls = [...index.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const rows: string[] = [];
  let total = 0;
  let rawTotal = 0;
  for (const url of urls) {
    const compressed = await get(`${appUrl}${url}`);
    const raw = await get(`${appUrl}${url}`, { 'accept-encoding': 'identity' });
    total += compressed.body.length;
    rawTotal += raw.body.length;
    rows.push(
      `  ${url.padEnd(40)} ${formatCount(compressed.body.length).padStart(9)} B ` +
        `${String(compressed.headers['content-encoding'] ?? 'none').padEnd(5)} (${formatCount(raw.body.length)} B uncompressed)`,
    );
  }
  return { rows, total, rawTotal };
}

/** Signs a new user up through the demo issuer and subscribes their organization; the session cookie. */
async function signedInCookie(): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless=new') });
  try {
    const context = await browser.newContext({ baseURL: appUrl });
    const page = await context.newPage();
    await signUpWithOrganization(page, { email: uniqueEmail('bench'), name: 'Bench User' }, { name: 'Bench Corp', domain: 'bench.example' });
    await subscribeInDemo(page);
    const cookies = await context.cookies(appUrl);
    return cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run's scores, its metrics as Lighthouse displays them, and the audits below 90. */
interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: string;
  failing: string[];
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

async function lighthouseScores(url: string, cookie?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    for (const warning of runWarnings) console.log(`  (Lighthouse on ${url}: ${warning})`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    // What keeps a score down: the audits of either category that did not pass.
    const failing = ['performance', 'accessibility'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
    );
    if (values.details) printDetails(url, audits);
    const metrics = METRICS.map(([id, name]) => `${name} ${audits[id]?.displayValue ?? '?'}`).join(', ');
    return { performance: score('performance'), accessibility: score('accessibility'), metrics, failing };
  } finally {
    chrome.kill();
  }
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/** The items of an audit's table or list details, as plain records. */
function itemsOf(audits: Audits, id: string): Record<string, unknown>[] {
  const details = audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  return details?.items ?? [];
}

function printDetails(url: string, audits: Audits): void {
  console.log(`\nDetails for ${url}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${id}: ${audits[id]?.displayValue ?? ''}`);
  }
  const node = (item: Record<string, unknown>) => {
    const found = (item.node ?? item) as { selector?: string; snippet?: string };
    return `${found.selector ?? ''} ${String(found.snippet ?? '').slice(0, 100)}`;
  };
  for (const item of itemsOf(audits, 'largest-contentful-paint-element')) {
    const nested = (item as { items?: Record<string, unknown>[] }).items;
    for (const inner of nested ?? [item]) console.log(`  LCP element: ${node(inner)} ${inner.phase ?? ''} ${inner.timing ?? ''}`);
  }
  for (const item of itemsOf(audits, 'layout-shifts').slice(0, 8)) console.log(`  layout shift ${Number(item.score).toFixed(3)}: ${node(item)}`);
  for (const item of itemsOf(audits, 'bootup-time').slice(0, 8)) {
    console.log(`  main thread ${Math.round(Number(item.total))} ms (script ${Math.round(Number(item.scripting))} ms): ${item.url}`);
  }
  for (const item of itemsOf(audits, 'mainthread-work-breakdown')) console.log(`  ${item.groupLabel}: ${Math.round(Number(item.duration))} ms`);
  // The tasks that count towards total blocking time: when each started and how long it took, simulated.
  for (const item of itemsOf(audits, 'long-tasks')) {
    console.log(`  long task at ${Math.round(Number(item.startTime))} ms, ${Math.round(Number(item.duration))} ms: ${item.url}`);
  }
  for (const item of itemsOf(audits, 'network-requests')) {
    console.log(
      `  request ${String(Math.round(Number(item.networkRequestTime))).padStart(6)}-${String(Math.round(Number(item.networkEndTime))).padStart(6)} ms ` +
        `${String(item.transferSize).padStart(8)} B ${item.url}`,
    );
  }
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * `runs` Lighthouse runs of `url`, each printed; the run with the median performance score. A run
 * Lighthouse could not record (say, NO_NAVSTART on a busy machine) is printed and left out.
 */
async function medianRun(url: string, cookie?: string): Promise<LighthouseRun> {
  const results: LighthouseRun[] = [];
  for (let run = 1; run <= runs; run++) {
    try {
      const result = await lighthouseScores(url, cookie);
      console.log(
        `  ${url} run ${run}/${runs}: performance ${result.performance}, accessibility ${result.accessibility} (${result.metrics}; load ${loadAverage()})`,
      );
      results.push(result);
    } catch (error) {
      console.log(`  ${url} run ${run}/${runs}: not measured: ${(error as Error).message}`);
    }
  }
  if (results.length === 0) throw new Error(`no Lighthouse run of ${url} was recorded`);
  return [...results].sort((a, b) => a.performance - b.performance)[Math.floor((results.length - 1) / 2)]!;
}

const versus = (value: number, target: number, better: 'lower' | 'higher') =>
  `target ${better === 'lower' ? '<=' : '>='} ${target}: ` + `${(better === 'lower' ? value <= target : value >= target) ? 'met' : 'NOT met'}`;

const server = spawn(process.execPath, ['e2e/start-demo-server.mjs'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_IDENTITY_PORT: String(port + 1),
    E2E_GRAPH_PORT: String(port + 2),
    E2E_PAYPAL_PORT: String(port + 3),
    E2E_POSTGRES_PORT: '54340',
  },
});
try {
  await waitForHealth(server);

  const landing = await landingAssetBytes();
  console.log(`\nSigned-out visitor on / : JS and CSS on the wire`);
  for (const row of landing.rows) console.log(row);
  console.log(
    `  total ${formatCount(landing.total)} B on the wire (${formatCount(landing.rawTotal)} B uncompressed); ` +
      `${versus(landing.total, TARGET_LANDING_BYTES, 'lower')}`,
  );

  const loadBefore = loadAverage();
  console.log(`\nLighthouse runs (load average before: ${loadBefore})`);
  const landingScores = await medianRun(`${appUrl}/`);
  let dashboardScores: LighthouseRun | undefined;
  try {
    dashboardScores = await medianRun(`${appUrl}/dashboard`, await signedInCookie());
  } catch (error) {
    console.log(`\nDashboard not measured: ${(error as Error).message}`);
  }

  console.log(`\nLighthouse (mobile), median of ${runs} run(s); load average before ${loadBefore}, after ${loadAverage()}`);
  console.log('                          performance  accessibility');
  for (const [name, scores, target] of [
    ['/', landingScores, TARGET_SCORES.landing],
    ['/dashboard (signed in)', dashboardScores, TARGET_SCORES.dashboard],
  ] as const) {
    if (!scores) continue;
    const met = scores.performance >= target.performance && scores.accessibility >= target.accessibility;
    console.log(
      `  ${name.padEnd(24)}${String(scores.performance).padStart(11)}${String(scores.accessibility).padStart(15)}   ` +
        `(targets >= ${target.performance} and >= ${target.accessibility}: ${met ? 'met' : 'NOT met'})`,
    );
    console.log(`    ${scores.metrics}`);
    if (scores.failing.length > 0) console.log(`    below 90: ${scores.failing.join(', ')}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
