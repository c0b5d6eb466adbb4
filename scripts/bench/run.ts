/**
 * `npm run bench [-- NAME...]`: runs the benchmarks (all, or those whose name contains one of the NAMEs), prints
 * each one's table and, as the LAST line of stdout, one JSON object with every result by name. Each result is also
 * written to bench-results/<name>.json. Benchmarks report; they never fail the build: the exit code is 0 whether a
 * target is met or not (non-zero only when a benchmark could not run). Add one: a module exporting a run function,
 * and one entry in BENCHMARKS.
 */
import { failedRuns, printApi, runApiBench } from './api.ts';
import { printBook, runBookBench } from './book.ts';
import { printFirstPaint, runFirstPaintBench } from './first-paint.ts';
import { printKeystroke, runKeystrokeBench } from './keystroke.ts';
import { printLighthouse, runLighthouseBench } from './lighthouse.ts';
import { printLoans, runLoansBench } from './loans.ts';
import { printFunnel, runFunnelBench } from './funnel.ts';
import { printMessages, runMessagesBench } from './messages.ts';
import { printStudio, runStudioBench } from './studio.ts';

interface Benchmark {
  readonly name: string;
  readonly description: string;
  run(): Promise<unknown>;
}

const BENCHMARKS: readonly Benchmark[] = [
  {
    name: 'keystroke',
    description:
      "keystroke latency (the key's own work, its frame), ours vs stock RJSF vs plain React inputs, 4x CPU throttling",
    run: async () => {
      const result = await runKeystrokeBench();
      printKeystroke(result);
      // The figures; every sample and the profile stay in bench-results/keystroke.json.
      return {
        ...result,
        forms: result.forms.map(({ samples: _samples, profile: _profile, ...figures }) => figures),
        details: 'bench-results/keystroke.json',
      };
    },
  },
  {
    name: 'api',
    description:
      'authenticated GET /api/v1/profile vs a bare Fastify hello-world, autocannon on loopback, PGlite and PostgreSQL',
    run: async () => {
      const result = await runApiBench();
      printApi(result);
      // An answer other than 2xx (or an error, a timeout) means the figures measure something else: a failed run.
      const failed = failedRuns(result);
      if (failed) throw new Error(`failed runs (figures in bench-results/api.json):\n${failed}`);
      return result;
    },
  },
  {
    name: 'loans',
    description:
      'POST /loans (applications) and signed payment callbacks per second with p99, server/main.ts on PostgreSQL',
    run: async () => {
      const result = await runLoansBench();
      printLoans(result);
      const failed = result.runs.filter((r) => r.problems.length > 0);
      if (failed.length > 0)
        throw new Error(`failed runs: ${failed.map((r) => `${r.name}: ${r.problems.join('; ')}`).join(' | ')}`);
      return result;
    },
  },
  {
    name: 'messages',
    description:
      'the message list (first page) and the unread counts with p99, many borrowers x many messages, server/main.ts on PostgreSQL',
    run: async () => {
      const result = await runMessagesBench();
      printMessages(result);
      const failed = result.runs.filter((r) => r.problems.length > 0);
      if (failed.length > 0)
        throw new Error(`failed runs: ${failed.map((r) => `${r.name}: ${r.problems.join('; ')}`).join(' | ')}`);
      return result;
    },
  },
  {
    name: 'funnel',
    description:
      "the book's onboarding funnel (30 days, a year) for 100,000 borrowers' information steps, on PostgreSQL",
    run: async () => {
      const result = await runFunnelBench();
      printFunnel(result);
      return result;
    },
  },
  {
    name: 'book',
    description:
      'GET /api/v1/staff/book (30 days, a year) and its CSV export, p50 and max, 100,000 loans with histories on PostgreSQL',
    run: async () => {
      const result = await runBookBench();
      printBook(result);
      const failed = result.runs.filter((r) => r.status !== 200);
      if (failed.length > 0) throw new Error(`failed runs: ${failed.map((r) => `${r.name}: ${r.status}`).join(' | ')}`);
      return result;
    },
  },
  {
    name: 'first-paint',
    description:
      '/start on a slow phone (400 kbit/s, 400 ms latency, CPU 4x slower): first paint, title and phone field drawn, hydrated; built app',
    run: async () => {
      const result = await runFirstPaintBench();
      printFirstPaint(result);
      return result;
    },
  },
  {
    name: 'lighthouse',
    description:
      "Lighthouse's mobile performance score of /start, /identityInfo, /homeIndex and /my (iPhone user agent, cold cache); built app",
    run: async () => {
      const result = await runLighthouseBench();
      printLighthouse(result);
      return result;
    },
  },
  {
    name: 'studio',
    description:
      'the slowest pattern the form studio accepts on 200 hostile characters; the event loop while the largest accepted form is checked and built',
    run: async () => {
      const result = await runStudioBench();
      printStudio(result);
      return result;
    },
  },
];

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const chosen = BENCHMARKS.filter((b) => filters.length === 0 || filters.some((f) => b.name.includes(f)));
  if (chosen.length === 0) {
    console.error(
      `No benchmark matches ${filters.join(', ')}. Benchmarks: ${BENCHMARKS.map((b) => `${b.name} (${b.description})`).join('; ')}`,
    );
    return 2;
  }
  const results: Record<string, unknown> = {};
  let failed = false;
  for (const bench of chosen) {
    console.log(`\n== bench: ${bench.name}: ${bench.description}`);
    try {
      results[bench.name] = await bench.run();
    } catch (error) {
      failed = true;
      console.error(`bench ${bench.name} could not run:`, error);
      results[bench.name] = { error: String(error) };
    }
  }
  console.log(JSON.stringify(results));
  return failed ? 1 : 0;
}

process.exitCode = await main();
