/**
 * The first screen on a slow phone: Chromium at an iPhone viewport, the network throttled to 400 kbit/s
 * each way with 400 ms latency and the CPU 4x slower, cold cache. For /start it reports, from the navigation's start:
 * the first contentful paint, when the title and the phone field were first drawn on screen, and when the app had
 * hydrated the field (a tap then works). Median of BENCH_RUNS runs (3). The server is server/app.ts on the built app
 * (dist/, `npm run build` first) in this process, or BENCH_URL's (to measure another build).
 */
import { resolve } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { UA } from '#engine/layout/user-agents.fixture.ts';
import { buildApp } from '#server/app.ts';
import { writeBenchResult } from './loans.ts';

export interface FirstPaintRun {
  readonly fcp: number;
  readonly titleAndField: number;
  readonly hydrated: number;
}

export interface FirstPaintResult {
  readonly bench: 'first-paint';
  readonly date: string;
  readonly url: string;
  readonly profile: string;
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly runs: readonly FirstPaintRun[];
  readonly median: FirstPaintRun;
}

/**
 * Times from the navigation's start (performance.now()), taken on the first frame that shows each thing: the title and
 * the phone field drawn, and the field hydrated (React's fiber on it).
 */
const MARKS_SCRIPT = `
  const marks = (window.benchMarks = {});
  const drawn = (selector) => {
    const el = document.querySelector(selector);
    return el !== null && el.getBoundingClientRect().height > 0;
  };
  const tick = () => {
    if (marks.titleAndField === undefined && drawn('.start-title') && drawn('#start-phone'))
      marks.titleAndField = performance.now();
    const field = document.querySelector('#start-phone');
    if (marks.hydrated === undefined && field && Object.keys(field).some((k) => k.startsWith('__reactFiber')))
      marks.hydrated = performance.now();
    if (marks.hydrated === undefined || marks.titleAndField === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function runFirstPaintBench(): Promise<FirstPaintResult> {
  const before = loadavg()[0] ?? 0;
  const app = process.env['BENCH_URL'] ? undefined : await buildApp({ webDist: resolve('dist') });
  const base = process.env['BENCH_URL'] ?? (await app!.listen({ port: 0, host: '127.0.0.1' }));
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const runs: FirstPaintRun[] = [];
  try {
    for (let run = 0; run < Number(process.env['BENCH_RUNS'] ?? '3'); run++) {
      const context = await browser.newContext({
        userAgent: UA.iPhone,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      // Times from the navigation's start (performance.now()), taken on the first frame that shows each thing.
      // (A string: tsx would wrap a function's inner functions in a helper the page does not have.)
      await context.addInitScript(MARKS_SCRIPT);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1024) / 8,
        uploadThroughput: (400 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${base}/start`, { waitUntil: 'commit', timeout: 120_000 });
      await page.waitForFunction(
        () => {
          const marks = (window as unknown as { benchMarks?: Record<string, number> }).benchMarks;
          return marks?.['hydrated'] !== undefined && marks['titleAndField'] !== undefined;
        },
        undefined,
        { timeout: 120_000, polling: 250 },
      );
      const figures = await page.evaluate(() => {
        const marks = (window as unknown as { benchMarks: Record<string, number> }).benchMarks;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
        return { fcp, titleAndField: marks['titleAndField']!, hydrated: marks['hydrated']! };
      });
      runs.push({
        fcp: Math.round(figures.fcp),
        titleAndField: Math.round(figures.titleAndField),
        hydrated: Math.round(figures.hydrated),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await app?.close();
  }
  const result: FirstPaintResult = {
    bench: 'first-paint',
    date: new Date().toISOString(),
    url: `${base}/start`,
    profile: 'iPhone 390x844 @3x, 400 kbit/s down and up, 400 ms latency, CPU 4x slower, cold cache',
    load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
    runs,
    median: {
      fcp: median(runs.map((r) => r.fcp)),
      titleAndField: median(runs.map((r) => r.titleAndField)),
      hydrated: median(runs.map((r) => r.hydrated)),
    },
  };
  writeBenchResult('first-paint', result);
  return result;
}

export function printFirstPaint(result: FirstPaintResult): void {
  console.log(`${result.url} (${result.profile}; load ${result.load.before.toFixed(1)} on ${result.load.cpus} cores)`);
  console.log('run  first paint  title+field  hydrated  (ms from navigation)');
  for (const [i, run] of result.runs.entries())
    console.log(
      `${String(i + 1).padEnd(4)} ${String(run.fcp).padStart(11)}  ${String(run.titleAndField).padStart(11)}  ${String(run.hydrated).padStart(8)}`,
    );
  const m = result.median;
  console.log(
    `med  ${String(m.fcp).padStart(11)}  ${String(m.titleAndField).padStart(11)}  ${String(m.hydrated).padStart(8)}`,
  );
}
