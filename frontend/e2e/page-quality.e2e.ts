/**
 * Lighthouse 12 on the pages a visitor lands on (/, /home, /browse, a film, a creator, /auth), as
 * mobile (Lighthouse's default: a mid-range phone on slow 4G, simulated) and desktop: performance,
 * accessibility, best practices and SEO each at least MIN_SCORE, except mobile performance, which
 * has its own bar (MOBILE_PERFORMANCE_MIN, below). Prints the table of scores and, for a score below
 * the bar, the audits that cost it.
 *
 * Mobile performance is the least steady score (each page is judged by a majority of runs, below). Its medians
 * were 97 to 100 (2026-11-25) once the app's code ran after the first paint and its first render
 * waited for its data (docs/ui.md, Loading), where they had been 93 to 98. They also depend on the
 * machine: Lighthouse simulates a phone by multiplying the main-thread work it measured by 4. With
 * the same Chromium (Debian's 156.0.8078.108, 2026-11-28) one two-core machine measured the same
 * commit at 70 to 83, its software compositor (VizCompositorThread) taking about as much CPU during
 * a load as the page, and another at 94 to 99. The mobile bar is therefore set below that spread; a
 * page that grows its script or its work before the first paint still falls under it. The table
 * prints Lighthouse's benchmarkIndex of the host (how fast its CPU ran a fixed workload; Lighthouse
 * warns of a slow host at 1000 or below), to tell a slower machine from a slower page.
 *
 * LIGHTHOUSE_PAGES=/browse,/auth runs some of the pages only.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

import { BASE_URL, launchBrowser } from './support';

const MIN_SCORE = 95;
/** Mobile performance's bar, below what slower two-core machines measure (see the header). */
const MOBILE_PERFORMANCE_MIN = 65;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FORM_FACTORS = ['mobile', 'desktop'] as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Category = (typeof CATEGORIES)[number];
type FormFactor = (typeof FORM_FACTORS)[number];
type Scores = Record<Category, number>;

async function pageUrls(): Promise<Record<string, string>> {
  const films = (await (await fetch(`${BASE_URL}/api/films`)).json()) as {
    id: number;
    creator: { id: number };
  }[];
  const film = films[0];
  assert.ok(film, 'the catalog has a published film');
  return {
    '/': '/',
    '/home': '/home',
    '/browse': '/browse',
    film: `/film/${film.id}`,
    creator: `/creator/${film.creator.id}`,
    '/auth': '/auth',
  };
}

let chrome: chromeLauncher.LaunchedChrome;

before(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
});

after(() => chrome?.kill());

/**
 * Lighthouse's trace-recording failures: Chromium's trace of the load came back incomplete, which
 * says nothing about the page, and Lighthouse's own message for them is "Please run Lighthouse again".
 */
const BAD_TRACE = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL', 'NO_FMP']);
const TRACE_ATTEMPTS = 3;

async function lighthouseRun(url: string, formFactor: FormFactor) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    assert.ok(result, `Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error || !BAD_TRACE.has(error.code) || attempt === TRACE_ATTEMPTS) return result.lhr;
    console.log(
      `# ${url} (${formFactor}): ${error.code}, run ${attempt} of ${TRACE_ATTEMPTS}; running it again`,
    );
  }
}

async function audit(url: string, formFactor: FormFactor) {
  const lhr = await lighthouseRun(url, formFactor);
  assert.equal(lhr.runtimeError, undefined, `${url}: ${lhr.runtimeError?.message}`);
  const bar = (category: Category) =>
    category === 'performance' && formFactor === 'mobile' ? MOBILE_PERFORMANCE_MIN : MIN_SCORE;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Scores;
  // What cost points: every scored audit below 0.9 in a category below its bar.
  const losses = CATEGORIES.filter((category) => scores[category] < bar(category)).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((item) => item.score !== null && item.score < 0.9)
      .map((item) => `${category}: ${item.id} ${item.score} ${item.displayValue ?? ''}`.trim()),
  );
  const below = CATEGORIES.some((category) => scores[category] < bar(category));
  return { scores, losses, below, hostIndex: Math.round(lhr.environment.benchmarkIndex) };
}

/**
 * Performance moves by a few points from run to run, on desktop too: the score is measured on the
 * host's cores while the platform's workers share them (a fresh-clone CI measured /browse on desktop
 * at 94, its total blocking time 180 ms, where it measures 100 on a quiet host). As Lighthouse advises
 * for variable scores, a page is judged by several runs: the verdict of the majority of three,
 * stopping as soon as two runs agree on it (so a page that passes twice runs twice). The run shown
 * is the lower-scoring of the two that agree.
 */
const RUNS = 3;

async function majorityAudit(url: string, formFactor: FormFactor) {
  const runs: Awaited<ReturnType<typeof audit>>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await audit(url, formFactor));
    const agreeing = runs.filter((each) => each.below === runs.at(-1)!.below);
    if (agreeing.length * 2 > RUNS)
      return agreeing.sort((a, b) => a.scores.performance - b.scores.performance)[0]!;
  }
  throw new Error('unreachable: three runs always hold a majority');
}

test(`Lighthouse: performance, accessibility, best practices and SEO ≥ ${MIN_SCORE} on mobile and desktop (mobile performance ≥ ${MOBILE_PERFORMANCE_MIN})`, async (t) => {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
  const pages = Object.entries(await pageUrls()).filter(([name]) => !only || only.includes(name));
  const rows: string[] = [];
  const failures: string[] = [];
  for (const [name, path] of pages) {
    for (const formFactor of FORM_FACTORS) {
      const { scores, losses, below, hostIndex } = await majorityAudit(`${BASE_URL}${path}`, formFactor);
      const scoreColumns = CATEGORIES.map((category) => String(scores[category]).padStart(4)).join('  ');
      rows.push(
        `${name.padEnd(9)} ${formFactor.padEnd(8)} ${scoreColumns}  ${String(hostIndex).padStart(5)}`,
      );
      if (below) failures.push(`${name} (${path}) ${formFactor}: ${JSON.stringify(scores)}`, ...losses);
    }
  }
  t.diagnostic('lighthouse: page      form      perf  a11y  best   seo   host');
  for (const row of rows) t.diagnostic(`lighthouse: ${row}`);
  for (const line of failures) t.diagnostic(`FAILED ${line}`);
  assert.deepEqual(failures, [], 'pages below the bar (listed above)');
});

/** The URLs a page's Link header preloads. */
const preloadsOf = (link: string | null) =>
  [...(link ?? '').matchAll(/<([^>]+)>;[^,]*rel=preload/g)].map((match) => match[1]!);

test('each call the gateway preloads with a page is the one the page makes, fetched once', async () => {
  const browser = await launchBrowser();
  try {
    for (const path of Object.values(await pageUrls())) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requested: string[] = [];
      const warnings: string[] = [];
      page.on('request', (request) => requested.push(request.url().replace(BASE_URL, '')));
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) warnings.push(message.text());
      });
      const response = await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      const preloads = preloadsOf(response!.headers()['link'] ?? null);
      assert.ok(preloads.includes('/api/auth/session'), `${path} preloads the session call`);
      // Chrome warns about a preload left unused a few seconds after the load.
      await page.waitForTimeout(3500);
      for (const url of preloads) {
        const times = requested.filter((each) => each === url).length;
        assert.equal(times, 1, `${path}: ${url} preloaded, then requested ${times} times in all`);
      }
      assert.deepEqual(warnings, [], `${path}: the browser's preload warnings`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
