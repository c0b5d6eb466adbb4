/**
 * API throughput: an authenticated `GET /api/v1/profile` of the real app against a bare Fastify hello-world, with
 * autocannon on loopback, in the same run, on PGlite (file-backed, as in production) and on a PostgreSQL server.
 * Each server runs in its own process (api-server.ts) so that the load generator (this process) and the server under
 * test do not share an event loop. See scripts/bench/README.md ("## api") for what exactly is measured.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { addressInfoSamples } from '#forms/addressInfo.samples.ts';
import { contactSamples } from '#forms/contact.samples.ts';
import {
  cpuTicksBetween,
  envSeconds,
  redact,
  LatencyHistogram,
  ms2,
  percent,
  perSecond,
  procStatTicks,
  ratio,
  runProblems,
  verdict,
} from './api-figures.ts';
import type { ParentMessage, ServerConfig, ServerMessage } from './api-server.ts';
import { functionTimes, packageOf, selfTimeBy } from './cpu-profile.ts';
import type { CallFrame, CpuProfile, FunctionTime } from './cpu-profile.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

/** The target (docs/benchmarks.md): the profile GET on PostgreSQL reaches at least this share of hello-world's requests/s. */
export const TARGET_RATIO = 0.4;

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Options; each defaults from the environment, then from the values shown. */
export interface ApiOptions {
  /** Seconds of each measured run (BENCH_DURATION, 10). */
  readonly duration?: number;
  /** Seconds of the unmeasured run before each measured one (BENCH_WARMUP, 2). */
  readonly warmup?: number;
  /** Concurrent connections (BENCH_CONNECTIONS, 10). */
  readonly connections?: number;
  /** A PostgreSQL server to create the benchmark's database on (BENCH_DATABASE_URL, postgres://postgres@127.0.0.1:5432/test). */
  readonly databaseUrl?: string;
  /**
   * V8 CPU profiles of the server processes (BENCH_PROFILE=1): `--cpu-prof` into bench-results/api-profile-<server>/
   * (whole life of the process: start, migrations, login, every run), summarised in the output. Slower servers: the
   * figures of such a run are for attribution only.
   */
  readonly profile?: boolean;
}

/** Where a server process spent its CPU time (with `profile`). */
export interface ServerProfile {
  readonly server: string;
  readonly file: string;
  readonly busyMs: number;
  readonly byPackage: readonly { readonly group: string; readonly selfMs: number }[];
  readonly top: readonly FunctionTime[];
}

/** The figures of one measured run. */
export interface RunFigures {
  /** hello-1, profile-pglite, hello-2, profile-postgres. */
  readonly name: string;
  readonly path: string;
  /** Requests per second: autocannon's average of its one-second samples. */
  readonly requestsPerSecond: number;
  /** Completed requests and the seconds the run took. */
  readonly requests: number;
  readonly seconds: number;
  /** Latency of the 2xx answers in ms, from every answer (10 µs buckets, api-figures.ts). */
  readonly latency: { readonly p50: number; readonly p99: number; readonly mean: number; readonly max: number };
  /** autocannon's own latency figures (whole milliseconds, its histogram's resolution). */
  readonly autocannonLatencyMs: {
    readonly p50: number;
    readonly p99: number;
    readonly average: number;
    readonly max: number;
  };
  readonly statusCodes: Record<string, number>;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Bytes of an answer's body and headers, on average. */
  readonly bytesPerAnswer: number;
  /** CPU time during the run, as % of one CPU: the server process and this load-generating process. */
  readonly serverCpuPercent: number;
  readonly benchCpuPercent: number;
  /** The server process's CPU time per answer, µs: less sensitive to other load on the machine than requests/s. */
  readonly serverCpuUsPerRequest: number;
  /**
   * The PostgreSQL server's backends of the benchmark database (profile-postgres, when PostgreSQL runs on this
   * machine and /proc shows its processes): CPU in % of one core and µs per answer. With PGlite the database works
   * inside the server process and is part of its figures.
   */
  readonly databaseCpuPercent?: number;
  readonly databaseCpuUsPerRequest?: number;
  /** Why the run (or its warm-up) failed; empty when every answer was a 2xx. */
  readonly problems: readonly string[];
}

/** The whole result, as written to bench-results/api.json. */
export interface ApiResult {
  readonly bench: 'api';
  readonly date: string;
  readonly node: string;
  readonly settings: {
    readonly connections: number;
    readonly durationSeconds: number;
    readonly warmupSeconds: number;
    readonly pipelining: 1;
  };
  /** The 1-minute load average before and after the run, and the CPU count: other work on the machine skews figures. */
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  /** What the profile GET answers: the steps saved before the benchmark and the size of the body. */
  readonly profile: { readonly steps: readonly string[]; readonly bodyBytes: number };
  /** The PostgreSQL server used (password removed), or why it was skipped. */
  readonly postgres: { readonly server: string; readonly skipped?: string };
  readonly runs: readonly RunFigures[];
  /** Profile requests/s over the requests/s of the hello run just before it. */
  readonly ratios: { readonly pglite: number; readonly postgres: number };
  readonly target: {
    readonly minRatio: number;
    readonly postgresRatio: number;
    readonly verdict: 'MET' | 'MISSED' | 'SKIPPED';
  };
  readonly profiled: boolean;
  readonly profiles?: readonly ServerProfile[];
}

/** A server process (api-server.ts) and how to talk to it. */
interface ServerProcess {
  readonly name: string;
  readonly base: string;
  /** The text of the console outbox's last message to `to` (E.164), if any. */
  lastSms(to: string): Promise<string | null>;
  /** CPU time of the process so far, in µs. */
  cpu(): Promise<number>;
  close(): Promise<void>;
}

const serverScript = join(here, 'api-server.ts');

/** Forks api-server.ts with `config` and waits until it listens. */
async function startServer(name: string, config: ServerConfig, cpuProfile?: { dir: string }): Promise<ServerProcess> {
  const child: ChildProcess = fork(serverScript, [JSON.stringify(config)], {
    cwd: repo,
    execArgv: ['--import', 'tsx', ...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfile.dir}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (message: ServerMessage) => void>();
  let nextId = 1;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: the server did not start within 120 s`)), 120_000);
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${name}: the server could not start: ${message.message}`));
      } else {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name}: the server process exited (code ${String(code)}) before listening`));
    });
  }).catch(async (error: unknown) => {
    if (child.exitCode === null) child.kill();
    await exited;
    throw error;
  });
  const ask = (message: Extract<ParentMessage, { id: number }>) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name}: no answer to ${message.type}`)), 10_000);
      pending.set(message.id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      child.send(message);
    });
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    async lastSms(to) {
      const answer = await ask({ type: 'sms', id: nextId++, to });
      return answer.type === 'sms' ? answer.text : null;
    },
    async cpu() {
      const answer = await ask({ type: 'cpu', id: nextId++ });
      return answer.type === 'cpu' ? answer.user + answer.system : Number.NaN;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' } satisfies ParentMessage);
      const timer = setTimeout(() => child.kill(), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A fresh database on the PostgreSQL server at `adminUrl` (as server/db/test-database.ts makes one), or why not. */
/** A database created for the benchmark: its URL, the CPU readings of its backends, and how to drop it. */
interface PgDatabase {
  readonly url: string;
  /** CPU clock ticks of each backend process (by pid) connected to it, or undefined when /proc does not show them. */
  backendTicks(): Promise<Map<number, number> | undefined>;
  drop(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

async function createPgDatabase(adminUrl: string): Promise<PgDatabase | { skipped: string }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return {
      skipped: `PostgreSQL at ${redact(adminUrl)} is unreachable or refused CREATE DATABASE: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const local = ['127.0.0.1', 'localhost', '[::1]', ''].includes(url.hostname);
  return {
    url: url.toString(),
    async backendTicks() {
      if (!local || !existsSync('/proc/self/stat')) return undefined;
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        const ticks = new Map<number, number>();
        for (const { pid } of rows) {
          try {
            const value = procStatTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
            if (value !== undefined) ticks.set(pid, value);
          } catch {
            // Gone in between, or another machine's process after all.
          }
        }
        return rows.length > 0 && ticks.size === 0 ? undefined : ticks;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The profile steps saved before the benchmark, with valid data (forms/*.samples.ts). */
function profileSteps(): { step: string; data: unknown }[] {
  const address = addressInfoSamples.find((s) => 'stored' in s);
  if (!address) throw new Error('no valid addressInfo sample');
  return [
    { step: 'baseInfo', data: { maritalStatus: 'single', education: 'college' } },
    { step: 'addressInfo', data: address.data },
    { step: 'contact', data: contactSamples.valid[0]?.data },
  ];
}

async function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Logs a new customer in through the real endpoints (SMS code read from the server's console outbox), saves the
 * profile steps, checks the profile GET; answers the request headers of the session and the GET's body size.
 */
async function prepareCustomer(
  server: ServerProcess,
  steps: readonly { step: string; data: unknown }[],
): Promise<{ headers: Record<string, string>; bodyBytes: number }> {
  // 917 + 7 digits: never one of the emergency contacts' numbers (0918...), which the contact step refuses.
  const phone = `917${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const device = { 'x-device-id': `bench-${randomBytes(6).toString('hex')}` };
  const sent = await call(server.base, 'POST', '/api/v1/auth/sms-code', device, { phone });
  if (sent.status !== 200) throw new Error(`${server.name}: POST /auth/sms-code answered ${sent.status}: ${sent.text}`);
  const text = await server.lastSms(`+63${phone}`);
  const code = /\b(\d{4})\b/u.exec(text ?? '')?.[1];
  if (!code) throw new Error(`${server.name}: no login code in the outbox for +63${phone}`);
  const login = await call(server.base, 'POST', '/api/v1/auth/login', device, { phone, code });
  if (login.status !== 200) throw new Error(`${server.name}: POST /auth/login answered ${login.status}: ${login.text}`);
  const { token, customerId } = JSON.parse(login.text) as { token: string; customerId: string };
  const headers = { authorization: `Bearer ${token}`, 'x-customer-id': customerId, ...device };
  for (const { step, data } of steps) {
    const saved = await call(server.base, 'PUT', `/api/v1/profile/${step}`, headers, data);
    if (saved.status !== 200)
      throw new Error(`${server.name}: PUT /profile/${step} answered ${saved.status}: ${saved.text}`);
  }
  const profile = await call(server.base, 'GET', '/api/v1/profile', headers);
  if (profile.status !== 200)
    throw new Error(`${server.name}: GET /profile answered ${profile.status}: ${profile.text}`);
  const { summary } = JSON.parse(profile.text) as { summary: { completed: string[] } };
  const missing = steps.filter((s) => !summary.completed.includes(s.step)).map((s) => s.step);
  if (missing.length > 0)
    throw new Error(`${server.name}: GET /profile does not count ${missing.join(', ')} as completed`);
  return { headers, bodyBytes: Buffer.byteLength(profile.text) };
}

interface Target {
  readonly name: string;
  readonly server: ServerProcess;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly database?: PgDatabase;
}

/** One autocannon run against `target`; with a `histogram`, the latency of every 2xx answer goes into it. */
async function cannon(
  target: Target,
  seconds: number,
  connections: number,
  histogram?: LatencyHistogram,
): Promise<autocannon.Result> {
  const instance = autocannon({
    url: `${target.server.base}${target.path}`,
    method: 'GET',
    headers: target.headers,
    connections,
    duration: seconds,
    pipelining: 1,
  });
  if (histogram) {
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseMs: number) => {
      if (statusCode >= 200 && statusCode < 300) histogram.record(responseMs);
    });
  }
  return await instance;
}

/** A warm-up run, then the measured run, with the CPU time of the processes involved during the measured one. */
async function measure(target: Target, settings: ApiResult['settings']): Promise<RunFigures> {
  console.log(
    `api: ${target.name}: ${settings.warmupSeconds} s warm-up, then ${settings.durationSeconds} s measured (${settings.connections} connections)`,
  );
  const warm = await cannon(target, settings.warmupSeconds, settings.connections);
  const histogram = new LatencyHistogram();
  const databaseBefore = await target.database?.backendTicks();
  const serverBefore = await target.server.cpu();
  const benchBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await cannon(target, settings.durationSeconds, settings.connections, histogram);
  const wallUs = Number(process.hrtime.bigint() - started) / 1000;
  const serverUs = (await target.server.cpu()) - serverBefore;
  const bench = process.cpuUsage(benchBefore);
  const databaseAfter = databaseBefore ? await target.database?.backendTicks() : undefined;
  const databaseUs =
    databaseBefore && databaseAfter
      ? (cpuTicksBetween(databaseBefore, databaseAfter) * 1e6) / CLOCK_TICKS_PER_SECOND
      : undefined;
  const cpuPercent = (us: number) => Math.round((us / wallUs) * 1000) / 10;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const answers = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    name: target.name,
    path: target.path,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total ?? answers,
    seconds: result.duration,
    latency: {
      p50: histogram.percentile(50),
      p99: histogram.percentile(99),
      mean: Math.round(histogram.mean * 1000) / 1000,
      max: Math.round(histogram.max * 100) / 100,
    },
    autocannonLatencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    statusCodes,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerAnswer: answers === 0 ? 0 : Math.round((result.throughput.total ?? 0) / answers),
    serverCpuPercent: cpuPercent(serverUs),
    benchCpuPercent: cpuPercent(bench.user + bench.system),
    serverCpuUsPerRequest: answers === 0 ? Number.NaN : Math.round((serverUs / answers) * 10) / 10,
    ...(databaseUs === undefined
      ? {}
      : {
          databaseCpuPercent: cpuPercent(databaseUs),
          databaseCpuUsPerRequest: answers === 0 ? Number.NaN : Math.round((databaseUs / answers) * 10) / 10,
        }),
    problems: [...runProblems(warm).map((p) => `warm-up: ${p}`), ...runProblems(result)],
  };
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  '),
    )
    .join('\n');
}

/** Prints the result in words and a table. */
export function printApi(result: ApiResult): void {
  const { settings, load } = result;
  console.log(
    `\nAPI requests/s and latency, autocannon ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.durationSeconds} s per run after a ${settings.warmupSeconds} s warm-up, loopback, Node ${result.node}`,
  );
  console.log(
    `Profile GET: a customer with ${result.profile.steps.length} saved steps (${result.profile.steps.join(', ')}), ${result.profile.bodyBytes} bytes of JSON; each server in its own process`,
  );
  console.log(
    `PostgreSQL: ${result.postgres.skipped ? `SKIPPED — ${result.postgres.skipped}` : result.postgres.server}`,
  );
  const busy = Math.max(load.before, load.after) > load.cpus / 2;
  console.log(
    `Load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after, ${load.cpus} CPUs${busy ? ': THE MACHINE WAS BUSY, the figures are noisy (hello and profile runs alternate, so both see it)' : ''}\n`,
  );
  const rows = [
    [
      'run',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'answers',
      'non-2xx',
      'errors',
      'bytes/answer',
      'server CPU',
      'µs CPU/answer',
      'PostgreSQL CPU',
      'µs PG CPU/answer',
      'bench CPU',
    ],
    ...result.runs.map((r) => [
      `${r.name} (GET ${r.path})`,
      perSecond(r.requestsPerSecond),
      ms2(r.latency.p50),
      ms2(r.latency.p99),
      String(r.requests),
      String(r.non2xx),
      String(r.errors + r.timeouts),
      String(r.bytesPerAnswer),
      `${r.serverCpuPercent.toFixed(0)} %`,
      Number.isFinite(r.serverCpuUsPerRequest) ? r.serverCpuUsPerRequest.toFixed(0) : '-',
      r.databaseCpuPercent === undefined ? '-' : `${r.databaseCpuPercent.toFixed(0)} %`,
      r.databaseCpuUsPerRequest === undefined || !Number.isFinite(r.databaseCpuUsPerRequest)
        ? '-'
        : r.databaseCpuUsPerRequest.toFixed(0),
      `${r.benchCpuPercent.toFixed(0)} %`,
    ]),
  ];
  console.log(table(rows));
  console.log(
    "(latency from every 2xx answer, 10 µs buckets; autocannon's own whole-millisecond figures are in the JSON; CPU in % of one core,",
  );
  console.log(
    " the server process's CPU time per answer, and that of the PostgreSQL backends of the benchmark database; PGlite works inside the server process)",
  );
  for (const r of result.runs) for (const problem of r.problems) console.log(`  FAILED RUN ${r.name}: ${problem}`);
  console.log(
    `\nprofile / hello requests/s: PGlite ${percent(result.ratios.pglite)}, PostgreSQL ${percent(result.ratios.postgres)} (each against the hello run just before it)`,
  );
  for (const p of result.profiles ?? []) {
    console.log(
      `\nCPU profile of the ${p.server} server (${p.file}, its whole life): ${ms2(p.busyMs)} ms busy; self time by package:`,
    );
    console.log(
      table([
        ['package', 'self ms', 'share'],
        ...p.byPackage.slice(0, 12).map((g) => [g.group, ms2(g.selfMs), percent(ratio(g.selfMs, p.busyMs))]),
      ]),
    );
    console.log('most inclusive time:');
    console.log(
      table([
        ['function', 'total ms', 'self ms'],
        ...p.top.slice(0, 25).map((t) => [t.fn, ms2(t.totalMs), ms2(t.selfMs)]),
      ]),
    );
  }
  if (result.profiled)
    console.log(
      '\n(profiled run: servers under --cpu-prof; the figures are for attribution, the target is not judged)',
    );
  const { minRatio, postgresRatio } = result.target;
  console.log(
    `Target (profile GET on PostgreSQL >= ${percent(minRatio)} of hello-world's requests/s): ${result.target.verdict}` +
      (Number.isFinite(postgresRatio) ? ` — ${percent(postgresRatio)}` : ' — PostgreSQL was not measured'),
  );
}

/** Names the group of a profiled frame of a server process: a package, a folder of ours, or Node's internals. */
function serverFrameGroup(frame: CallFrame): string {
  if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (frame.url.startsWith('node:')) return `node:${frame.url.slice(5).split('/')[0] ?? ''}`;
  const path = frame.url.replace(/^file:\/\//u, '');
  if (path.includes('node_modules/')) return packageOf(path);
  const ours = relative(repo, path);
  return ours.startsWith('..') ? path : dirname(ours);
}

/** The main thread's profile in `dir` (Node names them CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, main = 0). */
function summariseProfile(server: string, dir: string): ServerProfile | undefined {
  const name = existsSync(dir)
    ? readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/u.test(f))
    : undefined;
  if (!name) return undefined;
  const file = join(dir, name);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const { busyMs, functions } = functionTimes(profile);
  const r = (value: number) => Math.round(value * 10) / 10;
  return {
    server,
    file: relative(repo, file),
    busyMs: r(busyMs),
    byPackage: selfTimeBy(profile, serverFrameGroup)
      .slice(0, 20)
      .map((g) => ({ group: g.group, selfMs: r(g.selfMs) })),
    top: functions
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, 40)
      .map((f) => ({ fn: f.fn, selfMs: r(f.selfMs), totalMs: r(f.totalMs) })),
  };
}

/** Starts the servers, logs a customer in on each app, runs hello and profile alternately, returns the figures. */
export async function runApiBench(options: ApiOptions = {}): Promise<ApiResult> {
  const settings: ApiResult['settings'] = {
    connections: options.connections ?? Math.round(envSeconds(process.env['BENCH_CONNECTIONS'], 10)),
    durationSeconds: options.duration ?? envSeconds(process.env['BENCH_DURATION'], 10),
    warmupSeconds: options.warmup ?? envSeconds(process.env['BENCH_WARMUP'], 2),
    pipelining: 1,
  };
  const adminUrl = options.databaseUrl ?? process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  const profile = options.profile ?? process.env['BENCH_PROFILE'] === '1';
  const resultsDir = join(repo, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  // One folder per server: Node writes one profile per thread (tsx's module hooks run on a thread of their own).
  const profileDir = (server: string) => join(resultsDir, `api-profile-${server}`);
  const profileOf = (server: string) => {
    if (!profile) return undefined;
    rmSync(profileDir(server), { recursive: true, force: true });
    return { dir: profileDir(server) };
  };
  const loadBefore = loadavg()[0] ?? 0;
  const work = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const servers: ServerProcess[] = [];
  let pgDatabase: PgDatabase | undefined;
  const steps = profileSteps();
  try {
    const hello = await startServer('hello', { mode: 'hello' }, profileOf('hello'));
    servers.push(hello);
    const pglite = await startServer(
      'app on PGlite',
      { mode: 'api', database: { dataDir: join(work, 'pglite') }, uploadDir: join(work, 'uploads-pglite') },
      profileOf('pglite'),
    );
    servers.push(pglite);
    const pgliteCustomer = await prepareCustomer(pglite, steps);
    const created = await createPgDatabase(adminUrl);
    let postgres: ServerProcess | undefined;
    let postgresCustomer: Awaited<ReturnType<typeof prepareCustomer>> | undefined;
    if ('skipped' in created) {
      console.log(
        `api: SKIPPING PostgreSQL: ${created.skipped}. Set BENCH_DATABASE_URL to a server where this user may CREATE DATABASE.`,
      );
    } else {
      pgDatabase = created;
      postgres = await startServer(
        'app on PostgreSQL',
        { mode: 'api', database: { url: created.url }, uploadDir: join(work, 'uploads-postgres') },
        profileOf('postgres'),
      );
      servers.push(postgres);
      postgresCustomer = await prepareCustomer(postgres, steps);
    }

    const helloTarget = (n: number): Target => ({ name: `hello-${n}`, server: hello, path: '/hello', headers: {} });
    const runs: RunFigures[] = [];
    // Alternating, so that load that comes and goes on the machine falls on hello and profile alike.
    runs.push(await measure(helloTarget(1), settings));
    runs.push(
      await measure(
        { name: 'profile-pglite', server: pglite, path: '/api/v1/profile', headers: pgliteCustomer.headers },
        settings,
      ),
    );
    runs.push(await measure(helloTarget(2), settings));
    if (postgres && postgresCustomer) {
      runs.push(
        await measure(
          {
            name: 'profile-postgres',
            server: postgres,
            path: '/api/v1/profile',
            headers: postgresCustomer.headers,
            database: pgDatabase,
          },
          settings,
        ),
      );
    }
    const loadAfter = loadavg()[0] ?? 0;

    // The servers write their CPU profiles when they exit.
    for (const server of [...servers].reverse()) await server.close();
    const profiles = profile
      ? ['hello', 'pglite', 'postgres'].flatMap((server) => summariseProfile(server, profileDir(server)) ?? [])
      : undefined;

    const rps = (name: string) => runs.find((r) => r.name === name)?.requestsPerSecond ?? Number.NaN;
    const ratios = {
      pglite: ratio(rps('profile-pglite'), rps('hello-1')),
      postgres: ratio(rps('profile-postgres'), rps('hello-2')),
    };
    const result: ApiResult = {
      bench: 'api',
      date: new Date().toISOString(),
      node: process.version,
      settings,
      load: { before: loadBefore, after: loadAfter, cpus: availableParallelism() },
      profile: { steps: steps.map((s) => s.step), bodyBytes: pgliteCustomer.bodyBytes },
      postgres:
        'skipped' in created ? { server: redact(adminUrl), skipped: created.skipped } : { server: redact(adminUrl) },
      runs,
      ratios,
      target: {
        minRatio: TARGET_RATIO,
        postgresRatio: ratios.postgres,
        verdict: profile ? 'SKIPPED' : verdict(ratios.postgres, TARGET_RATIO),
      },
      profiled: profile,
      ...(profiles ? { profiles } : {}),
    };
    writeFileSync(join(resultsDir, 'api.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    for (const server of servers.reverse())
      await server.close().catch((error: unknown) => console.error(`api: closing ${server.name}:`, error));
    if (pgDatabase)
      await pgDatabase
        .drop()
        .catch((error: unknown) => console.error('api: could not drop the benchmark database:', error));
    rmSync(work, { recursive: true, force: true });
  }
}

/** The runs that failed (any answer other than 2xx, an error or a timeout), as one message; empty when none. */
export function failedRuns(result: ApiResult): string {
  return result.runs
    .filter((r) => r.problems.length > 0)
    .map((r) => `${r.name}: ${r.problems.join('; ')}`)
    .join('\n');
}
