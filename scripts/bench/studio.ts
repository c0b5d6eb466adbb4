/**
 * The form studio's safety figures:
 * - patterns: every pattern the studio accepts (the repository's forms and typical product patterns) run on
 *   200-character texts built to make a backtracking engine work (long runs of what the pattern accepts, then a
 *   character it refuses); the slowest accepted pattern is the figure, beside the pattern that froze the API
 *   (`^([a-zA-Z0-9.,]+\s?)*$`, refused at save) on 24 characters;
 * - event loop: the largest form the studio accepts (1,500 fields, 90 patterns, under the size limits) checked and
 *   built while a timer measures how long the server's event loop is held (monitorEventLoopDelay), and the one-time
 *   cost on the event loop of importing its validator module after it is published.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { patternsOf, patternVerdict } from '#engine/studio/check-patterns.ts';
import { buildFormAssets, seedForm } from '#server/forms/assets.ts';
import { checkFormOffThread } from '#server/forms/compiler.ts';
import { withinLimits } from '#server/forms/studio-checks.ts';

const LENGTH = 200;
const SAMPLE_PATTERNS = [
  '^[A-Za-z][A-Za-z0-9_-]{0,63}$',
  '^\\+63[0-9 ]{9,14}$',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  '^\\d{10,16}$',
  "^[A-Za-zÑñ .'-]{1,60}$",
  '^[0-9]{4}-[0-9]{4}-[0-9]{4}$',
  '^[A-Za-z0-9., ]{1,120}$',
  '^09[0-9]{9}$',
  '^(\\d{3}-){0,50}\\d{3}$',
  '^.*abc',
];

/** Texts of LENGTH characters: a long run of one kind of character, then one the pattern likely refuses. */
function hostileTexts(): string[] {
  const runs = ['a', 'A', '0', ' ', '.', 'a ', 'a.', '0-', 'aA0., ', 'Ñ', 'doc:', 'data:image/jpeg;base64,A'];
  return runs.flatMap((run) => {
    const body = run.repeat(Math.ceil(LENGTH / run.length)).slice(0, LENGTH - 1);
    return [`${body}!`, `${body}\u0000`, body + run.slice(0, 1)];
  });
}

/** Microseconds of the slowest text for one pattern (median of repeated runs). */
function slowestMicros(pattern: string, texts: readonly string[]): number {
  const regex = new RegExp(pattern, 'u');
  let worst = 0;
  for (const text of texts) {
    const samples: number[] = [];
    for (let i = 0; i < 25; i++) {
      const start = performance.now();
      for (let j = 0; j < 20; j++) regex.test(text);
      samples.push(((performance.now() - start) * 1000) / 20);
    }
    samples.sort((a, b) => a - b);
    worst = Math.max(worst, samples[Math.floor(samples.length / 2)]!);
  }
  return worst;
}

export async function runStudioBench() {
  const fromForms = readdirSync('forms')
    .filter((f) => f.endsWith('.schema.json'))
    .flatMap((f) => patternsOf(JSON.parse(readFileSync(`forms/${f}`, 'utf8')) as Record<string, unknown>))
    .map((p) => p.pattern);
  const accepted = [...new Set([...fromForms, ...SAMPLE_PATTERNS])].filter((p) => patternVerdict(p) === 'linear');
  const texts = hostileTexts();
  const timed = accepted
    .map((pattern) => ({ pattern, micros: slowestMicros(pattern, texts) }))
    .sort((a, b) => b.micros - a.micros);
  const frozen = '^([a-zA-Z0-9.,]+\\s?)*$';
  const start = performance.now();
  new RegExp(frozen, 'u').test(`${'a'.repeat(23)}!`);
  const frozenMs = performance.now() - start;

  // The largest form the studio accepts.
  const base = seedForm('workInfo');
  const schema = structuredClone(base.schema) as {
    properties: Record<string, unknown>;
    propertyNames?: { enum: string[] };
  };
  const uiSchema = structuredClone(base.uiSchema) as { 'ui:order': string[] };
  const texts3 = structuredClone(base.texts) as Record<string, Record<string, unknown>>;
  const fields = 1500;
  for (let i = 0; i < fields; i++) {
    const name = `extra${i}`;
    schema.properties[name] = {
      type: 'string',
      title: `workInfo.${name}`,
      maxLength: 60,
      ...(i < 90 ? { pattern: `^[A-Za-z0-9]{1,${(i % 50) + 10}}$` } : {}),
    };
    schema.propertyNames?.enum.push(name);
    uiSchema['ui:order'].push(name);
    for (const language of Object.keys(texts3)) texts3[language]![name] = `Field ${i}`;
  }
  const content = { schema, uiSchema, texts: texts3 } as unknown as typeof base;
  if (!withinLimits(content)) throw new Error('the large form is over the limits');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const began = performance.now();
  const checks = await checkFormOffThread('workInfo', content);
  const assets = await buildFormAssets('workInfo', 2, content);
  const wallMs = performance.now() - began;
  delay.disable();
  const importStart = performance.now();
  await import(`data:text/javascript;base64,${Buffer.from(assets.validatorJs).toString('base64')}`);
  const importMs = performance.now() - importStart;
  return {
    patterns: {
      accepted: accepted.length,
      textLength: LENGTH,
      slowest: timed.slice(0, 3),
      frozenPatternOn24CharactersMs: Number(frozenMs.toFixed(1)),
    },
    largestForm: {
      fields,
      errors: checks.filter((c) => c.severity === 'error').length,
      validatorBytes: assets.validatorJs.length,
      checkAndBuildWallMs: Math.round(wallMs),
      eventLoopMaxDelayMs: Number((delay.max / 1e6).toFixed(1)),
      eventLoopP99DelayMs: Number((delay.percentile(99) / 1e6).toFixed(1)),
      validatorImportOnEventLoopMs: Math.round(importMs),
    },
  };
}

export function printStudio(result: Awaited<ReturnType<typeof runStudioBench>>): void {
  const { patterns, largestForm } = result;
  console.log(`patterns accepted: ${patterns.accepted}, each on hostile texts of ${patterns.textLength} characters`);
  for (const { pattern, micros } of patterns.slowest) console.log(`  ${micros.toFixed(2)} µs  ${pattern}`);
  console.log(`the refused freezing pattern on 24 characters: ${patterns.frozenPatternOn24CharactersMs} ms`);
  console.log(
    `largest accepted form (${largestForm.fields} fields, ${largestForm.validatorBytes} bytes of validator): checked and built in ${largestForm.checkAndBuildWallMs} ms off the event loop; event loop held at most ${largestForm.eventLoopMaxDelayMs} ms (p99 ${largestForm.eventLoopP99DelayMs} ms); importing its validator after publishing: ${largestForm.validatorImportOnEventLoopMs} ms on the event loop`,
  );
}
