/**
 * Lighthouse's mobile performance score of /start, an information step (/identityInfo, a new borrower),
 * /homeIndex and /my (a borrower with a complete profile): Lighthouse's default mobile profile (simulated slow 4G and a
 * 4x slower CPU) with an iPhone's user agent, cold cache, median of BENCH_RUNS runs (3) by score. The server is the
 * test API on the built app (dist/, `npm run build` first) on PGlite, in this process. Lighthouse itself is not a
 * dependency of the product: it is fetched from the npm registry by `npx` on the first run (LIGHTHOUSE, default
 * lighthouse@13.5.0). Lighthouse drives the Chromium this script starts, through its debugging port, so the borrower's
 * session (set in localStorage before each run) survives its start; the HTTP cache, the service worker and its
 * caches are cleared before each run. LIGHTHOUSE_REPORTS=<dir> keeps each run's report; LIGHTHOUSE_ASSETS=<dir> keeps its
 * trace and DevTools log too (with LANTERN_DEBUG=1, the simulated timings behind each metric as traces).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { UA } from '#engine/layout/user-agents.fixture.ts';
import { borrowerWithProfile, login, type Borrower } from '#server/testing/borrower.ts';
import { testApi } from '#server/testing/test-api.ts';
import { writeBenchResult } from './loans.ts';

const run = promisify(execFile);

export interface LighthouseRun {
  readonly score: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  readonly speedIndex: number;
}

export interface LighthouseResult {
  readonly bench: 'lighthouse';
  readonly date: string;
  readonly lighthouse: string;
  readonly profile: string;
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly routes: readonly {
    readonly path: string;
    readonly runs: readonly LighthouseRun[];
    readonly median: LighthouseRun;
  }[];
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { code: string; message: string };
}

/**
 * The core store as the app persists it, holding `borrower`'s session (src/store/core-store.ts), and the device id
 * the app keeps beside it since the login (src/api/session.ts).
 */
const coreOf = (b: Borrower) =>
  JSON.stringify({
    state: { publicData: { token: b.headers['authorization']!.slice('Bearer '.length), customerId: b.customerId } },
    version: 1,
  });

export async function runLighthouseBench(): Promise<LighthouseResult> {
  const before = loadavg()[0] ?? 0;
  const lighthouse = process.env['LIGHTHOUSE'] ?? 'lighthouse@13.5.0';
  const api = await testApi('pglite', { webDist: resolve('dist') });
  const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
  api.setPublicUrl(base);
  const newcomer = await login(api);
  const complete = await borrowerWithProfile(api);
  const only = process.env['LIGHTHOUSE_ROUTES']?.split(',');
  const targets = (
    [
      { path: '/start', who: null },
      { path: '/identityInfo', who: newcomer },
      { path: '/homeIndex', who: complete },
      { path: '/my', who: complete },
    ] satisfies { path: string; who: Borrower | null }[]
  ).filter((t) => !only || only.includes(t.path));
  const port = 9300 + Math.floor(Math.random() * 500);
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  const routes: { path: string; runs: LighthouseRun[]; median: LighthouseRun }[] = [];
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const cdp = await browser.newCDPSession(page);
    for (const { path, who } of targets) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < Number(process.env['BENCH_RUNS'] ?? '3'); i++) {
        // The session, or none; a cold start: no HTTP cache, no service worker, no cache storage.
        await page.goto(`${base}/robots.txt`);
        await page.evaluate(
          ([core, device]) => {
            if (core && device) {
              localStorage.setItem('core', core);
              localStorage.setItem('deviceId', device);
            } else localStorage.removeItem('core');
          },
          [who && coreOf(who), who?.headers['x-device-id']] as const,
        );
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', {
          origin: base,
          storageTypes: 'service_workers,cache_storage',
        });
        await page.goto('about:blank');
        const saved = process.env['LIGHTHOUSE_ASSETS'];
        const assets = saved && join(saved, `${path.slice(1) || 'root'}-${i + 1}.json`);
        const { stdout } = await run(
          'npx',
          [
            '-y',
            lighthouse,
            `${base}${path}`,
            `--port=${port}`,
            '--disable-storage-reset',
            '--only-categories=performance',
            '--output=json',
            `--output-path=${assets ?? 'stdout'}`,
            '--quiet',
            `--emulated-user-agent=${UA.iPhone}`,
            ...(assets ? ['--save-assets'] : []),
          ],
          { maxBuffer: 256 * 1024 * 1024 },
        );
        const json = assets ? readFileSync(assets, 'utf8') : stdout;
        const report = JSON.parse(json) as LighthouseReport;
        // The whole report, to read what is behind a figure (the LCP element and its phases, the request chains).
        const keep = process.env['LIGHTHOUSE_REPORTS'];
        if (keep) writeFileSync(join(keep, `${path.slice(1) || 'root'}-${i + 1}.json`), json);
        if (report.runtimeError) throw new Error(`${path}: ${report.runtimeError.code} ${report.runtimeError.message}`);
        const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
        runs.push({
          score: report.categories.performance.score ?? Number.NaN,
          fcp: Math.round(value('first-contentful-paint')),
          lcp: Math.round(value('largest-contentful-paint')),
          tbt: Math.round(value('total-blocking-time')),
          cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
          speedIndex: Math.round(value('speed-index')),
        });
      }
      const byScore = [...runs].sort((a, b) => a.score - b.score);
      routes.push({ path, runs, median: byScore[Math.floor(byScore.length / 2)]! });
    }
  } finally {
    await browser.close();
    await api.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
  const result: LighthouseResult = {
    bench: 'lighthouse',
    date: new Date().toISOString(),
    lighthouse,
    profile: "Lighthouse's mobile defaults (simulated slow 4G, CPU 4x slower), iPhone user agent, cold cache",
    load: { before, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
    routes,
  };
  writeBenchResult('lighthouse', result);
  return result;
}

export function printLighthouse(result: LighthouseResult): void {
  console.log(
    `${result.lighthouse}: ${result.profile}; load ${result.load.before.toFixed(1)} on ${result.load.cpus} cores`,
  );
  console.log('route            score   FCP ms   LCP ms   TBT ms    CLS   SI ms   (median of the runs by score; runs)');
  for (const { path, runs, median: m } of result.routes)
    console.log(
      `${path.padEnd(16)} ${m.score.toFixed(2).padStart(5)} ${String(m.fcp).padStart(8)} ${String(m.lcp).padStart(8)} ${String(m.tbt).padStart(8)} ${m.cls.toFixed(3).padStart(6)} ${String(m.speedIndex).padStart(7)}   ${runs.map((r) => r.score.toFixed(2)).join(' ')}`,
    );
}
