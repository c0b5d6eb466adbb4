/**
 * Keystroke latency (the key's own work, and the frame that shows it) on a form step, live validation on, headless
 * Chromium with 4x CPU throttling: "ours" (engine SchemaForm, compiled validator) against "stock" (@rjsf/core Form,
 * @rjsf/validator-ajv8, `liveValidate`) and plain React inputs on the same schema, in the same run. See scripts/bench/README.md for what exactly is measured.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { buildBenchPage, hasBenchForm } from './build-page.ts';
import type { BenchFormName } from './build-page.ts';
import { functionTimes, packageOf, selfTimeBy } from './cpu-profile.ts';
import type { CallFrame, CpuProfile, FunctionTime } from './cpu-profile.ts';
import type { Sample } from './page/probe.ts';
import { serveStatic } from './serve.ts';
import { ms, summarize } from './stats.ts';
import type { Summary } from './stats.ts';
import { stepSizes } from './step-size.ts';
import { WIDE_FIELDS, WIDE_STEP, wideValue } from './wide-step.ts';
import type { StepSize } from './step-size.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The typing goal (docs/benchmarks.md): ours' p95 at most this (with the browser's edit in it, out of reach at 4x). */
export const TARGET_P95_MS = 16;
/** The typing budget (docs/benchmarks.md): ours' p95 at most this factor of plain React inputs' (when measured) and of stock RJSF's. */
export const TARGET_VS_PLAIN = 1.15;
export const TARGET_VS_STOCK = 0.6;

type FormName = BenchFormName;

/** Options; each defaults from the environment, then from the values shown. */
export interface KeystrokeOptions {
  /** The step to type into (BENCH_STEP); default: the step with the most fields. */
  readonly step?: string;
  /** Measured rounds of typing every field (BENCH_ROUNDS, 3), after one unmeasured warm-up round. */
  readonly rounds?: number;
  /** CPU slowdown factor (BENCH_CPU_RATE, 4). */
  readonly cpuRate?: number;
  /** Pause between keystrokes once the previous one has settled, in ms (BENCH_KEY_GAP_MS, 30). */
  readonly keyGapMs?: number;
  /** Chromium performance traces of the first measured round into bench-results/ (BENCH_TRACE=1). */
  readonly trace?: boolean;
  /**
   * CPU profiles of the first measured round (BENCH_PROFILE=1): pages built unminified (readable function names),
   * bench-results/profile-<form>.cpuprofile written and the functions with the most time printed. Slower pages: the
   * latencies of such a run are for attribution, not for comparing with other runs.
   */
  readonly profile?: boolean;
  /**
   * The forms (BENCH_FORMS, "ours,stock,plain"): page/<name>.tsx each; "plain" adds a baseline of React inputs without
   * RJSF, and a page/ours-<variant>.tsx is a way to try an optimisation side by side with ours.
   */
  readonly forms?: readonly FormName[];
  readonly chromiumPath?: string;
}

/** The figures of one form. */
export interface FormResult {
  readonly form: FormName;
  readonly keystrokes: number;
  /** Keystrokes with no harness commit within 5 s (not in the figures). */
  readonly missed: number;
  /** keydown listener -> the end of the key's own work: the browser's edit, the scripts' synchronous work (the figure the target is about; see page/probe.ts). */
  readonly work: Summary;
  /** keydown listener -> the end of the first frame that shows the key. */
  readonly paint: Summary;
  /** keydown listener -> the input's own commit (ours commits nothing for a key: its first commit is the form's data). */
  readonly input: Summary;
  /** keydown listener -> harness commit (the form's data stored by the screen). */
  readonly commit: Summary;
  /** keydown listener -> the form's onChange (RJSF's own commit of the change done; the rest is the round trip). */
  readonly toChange: Summary;
  /** keydown event timeStamp -> harness commit. */
  readonly fromEvent: Summary;
  /** Validator calls per keystroke and the time in them per keystroke. */
  readonly validatorCallsPerKeystroke: number;
  readonly validate: Summary;
  readonly notes: readonly string[];
  /** Every keystroke: field id, key, keydown -> frame, -> input commit, -> harness commit and -> onChange (ms, 0.1 ms steps). */
  readonly samples: readonly {
    readonly field: string;
    readonly key: string;
    readonly workMs: number;
    readonly paintMs: number;
    readonly inputMs: number;
    readonly ms: number;
    readonly toChangeMs: number;
  }[];
  /**
   * With `profile`: busy time of the profiled round (all of the page's JS: keystrokes, and the clicks, focus changes
   * and waiting of the runner), self time by package (through the build's source maps) and the functions with the
   * most inclusive time.
   */
  readonly profile?: {
    readonly busyMs: number;
    readonly byPackage: readonly { readonly group: string; readonly selfMs: number }[];
    readonly top: readonly FunctionTime[];
  };
}

/** The whole result, as written to bench-results/keystroke.json. */
export interface KeystrokeResult {
  readonly bench: 'keystroke';
  readonly date: string;
  readonly step: string;
  readonly stepFields: number;
  readonly steps: readonly StepSize[];
  readonly chromium: string;
  readonly cpuThrottling: number;
  readonly viewport: string;
  readonly rounds: number;
  readonly profiled: boolean;
  /** The 1-minute load average before and after the run, and the CPU count: other work on the machine skews timings. */
  readonly load: { readonly before: number; readonly after: number; readonly cpus: number };
  readonly fields: readonly { readonly id: string; readonly value: string }[];
  readonly forms: readonly FormResult[];
  /**
   * On the p95 of keydown -> the end of the key's own work: ours <= p95Ms and <= vsStock x stock's, and <= vsPlain x plain's when plain was measured
   * (plainP95 null when not).
   */
  readonly target: {
    readonly p95Ms: number;
    readonly vsStock: number;
    readonly vsPlain: number;
    readonly oursP95: number;
    readonly stockP95: number;
    readonly plainP95: number | null;
    readonly met: boolean;
  };
}

/** Values a borrower types, by the field's name (the last non-numeric segment of its id); cycled by item index. */
const VALUES: Record<string, readonly string[]> = {
  email: ['maria.santos@example.com'],
  whatsApp: ['0917 123 4567'],
  viber: ['09171234568'],
  facebookUsername: ['maria.santos.ph'],
  name: ['Jose Santos', 'Ana Reyes', 'Pedro Dela Cruz'],
  phone: ['09181112222', '09181112223', '09181112224'],
  companyName: ['Jollibee Foods Corporation'],
  companyPhone: ['09171112233'],
  companyAddress: ['10 Ayala Avenue, Makati City'],
  schoolName: ['University of Santo Tomas'],
  major: ['Accountancy'],
  idNumber: ['1234-5678-9012-3456'],
  payeeLastName: ['Santos'],
  payeeFirstName: ['Maria'],
  payeeMiddleName: ['Reyes'],
  withdrawalPhone: ['0917 123 4567'],
  accountNumber: ['0012 3456 7890'],
  accountNumberConfirm: ['0012 3456 7890'],
  eWalletNumber: ['0917 123 4567'],
  detailedAddress: ['Blk 5 Lot 12, Mabini Street'],
  postalCode: ['1200'],
};

function valueFor(id: string): string {
  const segments = id.split('_').slice(1);
  const index = Number(segments.findLast((s) => /^\d+$/u.test(s)) ?? 0);
  const field = segments.findLast((s) => !/^\d+$/u.test(s)) ?? '';
  const wide = wideValue(field);
  const values =
    VALUES[field] ??
    (wide !== undefined ? [wide] : undefined) ??
    (/phone|mobile|number/iu.test(field) ? ['09171234567'] : ['Maria Santos']);
  return values[index % values.length] ?? '';
}

const IPHONE = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
const field = (page: Page, id: string) => page.locator(`[id="${id}"]`);
const settle = (page: Page) => page.evaluate(() => window.__bench?.settle());

/** One form's page, kept open for the whole run. */
interface FormPage {
  readonly form: FormName;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
  expected: number;
  profile?: CpuProfile;
  missed: number;
}

async function openForm(
  browser: Browser,
  base: string,
  form: FormName,
  cpuRate: number,
  errors: string[],
): Promise<FormPage> {
  const context = await browser.newContext(IPHONE);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${form}: ${error.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.goto(`${base}/${form}/`);
  await page.waitForFunction(() => window.__bench?.ready === true, undefined, { timeout: 30_000 });
  return { form, context, page, cdp, expected: 0, missed: 0 };
}

/** Types `value` into each field: clicks it, then one key at a time, each after the previous one settled. */
async function typeFields(
  target: FormPage,
  fields: readonly { id: string; value: string }[],
  measure: boolean,
  gapMs: number,
): Promise<void> {
  const { page } = target;
  await page.bringToFront();
  await page.evaluate((on) => window.__bench?.arm(on), measure);
  for (const { id, value } of fields) {
    await field(page, id).click();
    await settle(page);
    for (const char of value) {
      await page.keyboard.type(char);
      if (measure) {
        target.expected += 1;
        const ok = await page.evaluate(([count, timeout]) => window.__bench?.waitSample(count, timeout), [
          target.expected,
          5000,
        ] as const);
        if (ok !== true) {
          target.missed += 1;
          target.expected = (await page.evaluate(() => window.__bench?.sampleCount())) ?? target.expected;
          await page.evaluate(() => window.__bench?.arm(true));
        }
      } else {
        await settle(page);
      }
      if (gapMs > 0) await sleep(gapMs);
    }
  }
  await page.evaluate(() => window.__bench?.arm(false));
}

/** Empties the fields (not measured). */
async function clearFields(target: FormPage, fields: readonly { id: string }[]): Promise<void> {
  await target.page.bringToFront();
  for (const { id } of fields) {
    await field(target.page, id).fill('');
    await settle(target.page);
  }
}

const round2 = (summary: Summary): Summary => {
  const r = (value: number) => Math.round(value * 100) / 100;
  return { count: summary.count, p50: r(summary.p50), p95: r(summary.p95), max: r(summary.max), mean: r(summary.mean) };
};

/** Names the package a profiled frame comes from, through the source maps of the page's scripts. */
function frameGrouper(assetsDir: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMap>();
  if (existsSync(assetsDir)) {
    for (const file of readdirSync(assetsDir).filter((f) => f.endsWith('.js.map'))) {
      maps.set(
        file.slice(0, -'.map'.length),
        new SourceMap(
          JSON.parse(readFileSync(join(assetsDir, file), 'utf8')) as ConstructorParameters<typeof SourceMap>[0],
        ),
      );
    }
  }
  return (frame) => {
    if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(browser built-ins)';
    const map = maps.get(frame.url.split('/').at(-1) ?? '');
    if (!map) return '(other scripts: the runner)';
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber ?? 0) as { originalSource?: string };
    return entry.originalSource ? packageOf(resolve(assetsDir, entry.originalSource)) : '(unmapped)';
  };
}

function profileSummary(profile: CpuProfile | undefined, assetsDir: string): FormResult['profile'] {
  if (!profile) return undefined;
  const { busyMs, functions } = functionTimes(profile);
  const r = (value: number) => Math.round(value * 10) / 10;
  const top = functions
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 40)
    .map((f) => ({ fn: f.fn, selfMs: r(f.selfMs), totalMs: r(f.totalMs) }));
  const byPackage = selfTimeBy(profile, frameGrouper(assetsDir)).map((g) => ({ group: g.group, selfMs: r(g.selfMs) }));
  return { busyMs: r(busyMs), byPackage, top };
}

function formResult(
  form: FormName,
  samples: readonly Sample[],
  missed: number,
  notes: readonly string[],
  profile?: FormResult['profile'],
): FormResult {
  const calls = samples.reduce((sum, s) => sum + s.validations, 0);
  return {
    form,
    keystrokes: samples.length,
    missed,
    work: round2(summarize(samples.map((s) => s.workMs))),
    paint: round2(summarize(samples.map((s) => s.paintMs))),
    input: round2(summarize(samples.map((s) => s.inputMs))),
    commit: round2(summarize(samples.map((s) => s.ms))),
    toChange: round2(summarize(samples.map((s) => s.toChangeMs))),
    fromEvent: round2(summarize(samples.map((s) => s.fromEventMs))),
    validatorCallsPerKeystroke: samples.length === 0 ? 0 : Math.round((calls / samples.length) * 100) / 100,
    validate: round2(summarize(samples.map((s) => s.validateMs))),
    notes,
    samples: samples.map((s) => ({
      field: s.field,
      key: s.key,
      workMs: Math.round(s.workMs * 10) / 10,
      paintMs: Math.round(s.paintMs * 10) / 10,
      inputMs: Math.round(s.inputMs * 10) / 10,
      ms: Math.round(s.ms * 10) / 10,
      toChangeMs: Math.round(s.toChangeMs * 10) / 10,
    })),
    ...(profile ? { profile } : {}),
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
export function printKeystroke(result: KeystrokeResult): void {
  const rows = [
    [
      'form',
      'keystrokes',
      'work p50 ms',
      'work p95 ms',
      'work max ms',
      'frame p50/p95 ms',
      'input commit p50/p95',
      'data p50/p95 ms',
      'to onChange p50/p95',
      'validator calls/key',
      'validator p95 ms',
    ],
    ...result.forms.map((f) => [
      f.form,
      String(f.keystrokes) + (f.missed > 0 ? ` (+${f.missed} missed)` : ''),
      ms(f.work.p50),
      ms(f.work.p95),
      ms(f.work.max),
      `${ms(f.paint.p50)} / ${ms(f.paint.p95)}`,
      `${ms(f.input.p50)} / ${ms(f.input.p95)}`,
      `${ms(f.commit.p50)} / ${ms(f.commit.p95)}`,
      `${ms(f.toChange.p50)} / ${ms(f.toChange.p95)}`,
      f.validatorCallsPerKeystroke.toFixed(2),
      ms(f.validate.p95),
    ]),
  ];
  console.log(
    `\nKeystroke latency (work: keydown -> the end of the key's own work, the browser's edit and the scripts' synchronous work; frame: keydown -> the end of the first frame that shows the key; input commit: keydown -> the first React commit showing it; data: keydown -> the screen's commit of the form data), step "${result.step}" (${result.stepFields} fields; the steps: ${result.steps.map((s) => `${s.name} ${s.fields}`).join(', ')})`,
  );
  console.log(
    `Chromium ${result.chromium}, headless, ${result.viewport}, CPU throttling ${result.cpuThrottling}x, ${result.rounds} measured rounds after 1 warm-up round, after one submit attempt of the empty form`,
  );
  const { before, after, cpus } = result.load;
  const busy = Math.max(before, after) > cpus / 2;
  console.log(
    `Load average ${before.toFixed(2)} before, ${after.toFixed(2)} after, ${cpus} CPUs${busy ? ': THE MACHINE WAS BUSY, the figures are noisy (the forms are interleaved field by field, so both see the same noise)' : ''}`,
  );
  console.log(`Typed: ${result.fields.map((f) => `${f.id}="${f.value}"`).join(', ')}\n`);
  console.log(table(rows));
  for (const f of result.forms) for (const note of f.notes) console.log(`  note (${f.form}): ${note}`);
  for (const f of result.forms) {
    if (!f.profile) continue;
    const perKey = (value: number) => ms(value / Math.max(1, f.samples.length / result.rounds));
    console.log(
      `\nCPU profile of ${f.form}, first measured round (unminified build): ${ms(f.profile.busyMs)} ms of JS, all of it (keystrokes, clicks, waiting); self time by package:`,
    );
    console.log(
      table([
        ['package', 'self ms', 'per keystroke'],
        ...f.profile.byPackage.slice(0, 12).map((g) => [g.group, ms(g.selfMs), perKey(g.selfMs)]),
      ]),
    );
    console.log(`most inclusive time:`);
    console.log(
      table([
        ['function', 'total ms', 'self ms'],
        ...f.profile.top.slice(0, 20).map((t) => [t.fn, ms(t.totalMs), ms(t.selfMs)]),
      ]),
    );
  }
  if (result.profiled)
    console.log(
      '\n(profiled run: unminified pages under the profiler; compare latencies only with other profiled runs)',
    );
  const { oursP95, stockP95, plainP95, met, p95Ms, vsStock, vsPlain } = result.target;
  const ratio = (other: number) => (oursP95 / other).toFixed(2);
  console.log(
    `\nTarget (keydown -> end of the key's work, p95: ours <= ${p95Ms} ms, <= ${vsStock}x stock${plainP95 === null ? '' : `, <= ${vsPlain}x plain`}): ${met ? 'MET' : 'MISSED'} — ` +
      `ours ${ms(oursP95)} ms; ${ratio(stockP95)}x stock (${ms(stockP95)} ms)` +
      (plainP95 === null
        ? '; plain not measured (BENCH_FORMS=ours,stock,plain)'
        : `; ${ratio(plainP95)}x plain (${ms(plainP95)} ms)`),
  );
}

/** The step typed into unless BENCH_STEP names another. */
const DEFAULT_STEP = 'contact';

/** Builds and serves the bench page, types into both forms in headless Chromium, and returns the figures. */
export async function runKeystrokeBench(options: KeystrokeOptions = {}): Promise<KeystrokeResult> {
  const steps = stepSizes(join(repo, 'forms'));
  // The default is the step with the most text inputs on screen at once (contact: 10); the step with the most fields
  // by step-size's count (workInfo) shows none before an employment type is chosen.
  const step = options.step ?? process.env['BENCH_STEP'] ?? DEFAULT_STEP;
  const size = step === WIDE_STEP ? { name: WIDE_STEP, fields: WIDE_FIELDS } : steps.find((s) => s.name === step);
  if (step === undefined || size === undefined)
    throw new Error(`no step "${String(step)}" (steps: ${steps.map((s) => s.name).join(', ')})`);
  const rounds = options.rounds ?? envNumber('BENCH_ROUNDS', 3);
  const cpuRate = options.cpuRate ?? envNumber('BENCH_CPU_RATE', 4);
  const keyGapMs =
    options.keyGapMs ?? (process.env['BENCH_KEY_GAP_MS'] === '0' ? 0 : envNumber('BENCH_KEY_GAP_MS', 30));
  const trace = options.trace ?? process.env['BENCH_TRACE'] === '1';
  const profile = options.profile ?? process.env['BENCH_PROFILE'] === '1';
  const formNames =
    options.forms ??
    (process.env['BENCH_FORMS'] ?? 'ours,stock,plain')
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '');
  const unknown = formNames.filter((f) => !hasBenchForm(f));
  if (unknown.length > 0)
    throw new Error(`no bench form page for ${unknown.join(', ')} (scripts/bench/page/<name>.tsx)`);
  if (formNames[0] !== 'ours' || !formNames.includes('stock'))
    throw new Error('BENCH_FORMS must start with ours and include stock');
  const loadBefore = loadavg()[0] ?? 0;
  const resultsDir = join(repo, 'bench-results');
  const outDir = join(repo, 'node_modules/.cache/bench/keystroke');

  console.log(`keystroke: building the bench pages (${formNames.join(', ')}) for step "${step}" into ${outDir}`);
  for (const form of formNames)
    await buildBenchPage(step, form, join(outDir, form), `/${form}/`, { minify: !profile, sourcemap: profile });
  const server = await serveStatic(outDir);
  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const pageErrors: string[] = [];
  try {
    const pages = [] as FormPage[];
    for (const form of formNames) pages.push(await openForm(browser, server.url, form, cpuRate, pageErrors));
    // The text fields every form shows, in the first form's (ours') screen order.
    const shown = await Promise.all(
      pages.map(async (p) => (await p.page.evaluate(() => window.__bench?.textFields())) ?? []),
    );
    const ids = (shown[0] ?? []).filter((id) => shown.every((list) => list.includes(id)));
    if (ids.length === 0) throw new Error('the forms have no text field in common');
    const fields = ids.map((id) => ({ id, value: valueFor(id) }));

    console.log(
      `keystroke: ${fields.length} text fields, ${fields.reduce((n, f) => n + f.value.length, 0)} keystrokes a round, ${rounds} rounds per form`,
    );
    // Make sure each page finished loading its code before anything is timed.
    for (const target of pages) await settle(target.page);
    for (const target of pages) {
      // One submit attempt of the empty form, so every field is live-validated from then on (both forms).
      await target.page.bringToFront();
      await target.page.locator('form [type="submit"]').first().click();
      await settle(target.page);
      await typeFields(target, fields, false, 0);
      await clearFields(target, fields);
    }
    mkdirSync(resultsDir, { recursive: true });
    for (let round = 0; round < rounds; round += 1) {
      const tracing = trace && round === 0;
      const profiling = profile && round === 0;
      if (tracing)
        await browser.startTracing(undefined, { path: join(resultsDir, 'trace-keystroke.json'), screenshots: false });
      if (profiling) {
        for (const target of pages) {
          await target.cdp.send('Profiler.enable');
          await target.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await target.cdp.send('Profiler.start');
        }
      }
      // The forms take turns field by field, the first form alternating, so load that comes and goes on the machine
      // falls on all of them alike.
      for (const [index, item] of fields.entries()) {
        const turn = (round * fields.length + index) % 2 === 0 ? pages : [...pages].reverse();
        for (const target of turn) await typeFields(target, [item], true, keyGapMs);
      }
      if (profiling) {
        for (const target of pages) {
          target.profile = (await target.cdp.send('Profiler.stop')).profile as CpuProfile;
          writeFileSync(join(resultsDir, `profile-${target.form}.cpuprofile`), JSON.stringify(target.profile));
        }
      }
      if (tracing) await browser.stopTracing();
      for (const target of pages) await clearFields(target, fields);
      console.log(`keystroke: round ${round + 1}/${rounds} done`);
    }

    const forms: FormResult[] = [];
    for (const target of pages) {
      const samples = (await target.page.evaluate(() => window.__bench?.samples())) ?? [];
      const notes = (await target.page.evaluate(() => window.__bench?.notes)) ?? [];
      forms.push(
        formResult(
          target.form,
          samples,
          target.missed,
          notes,
          profileSummary(target.profile, join(outDir, target.form, 'assets')),
        ),
      );
      await target.context.close();
    }
    if (pageErrors.length > 0) throw new Error(`errors in the bench page:\n${pageErrors.join('\n')}`);
    const oursP95 = forms.find((f) => f.form === 'ours')?.work.p95 ?? Number.NaN;
    const stockP95 = forms.find((f) => f.form === 'stock')?.work.p95 ?? Number.NaN;
    const plainP95 = forms.find((f) => f.form === 'plain')?.work.p95 ?? null;
    const result: KeystrokeResult = {
      bench: 'keystroke',
      date: new Date().toISOString(),
      step,
      stepFields: size.fields,
      steps,
      chromium: browser.version(),
      cpuThrottling: cpuRate,
      viewport: `${IPHONE.viewport.width}x${IPHONE.viewport.height} @${IPHONE.deviceScaleFactor}x, mobile, touch`,
      rounds,
      profiled: profile,
      load: { before: loadBefore, after: loadavg()[0] ?? 0, cpus: availableParallelism() },
      fields,
      forms,
      target: {
        p95Ms: TARGET_P95_MS,
        vsStock: TARGET_VS_STOCK,
        vsPlain: TARGET_VS_PLAIN,
        oursP95,
        stockP95,
        plainP95,
        met:
          !profile &&
          oursP95 <= TARGET_P95_MS &&
          oursP95 <= TARGET_VS_STOCK * stockP95 &&
          (plainP95 === null || oursP95 <= TARGET_VS_PLAIN * plainP95),
      },
    };
    writeFileSync(join(resultsDir, 'keystroke.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await browser.close();
    await server.close();
  }
}
