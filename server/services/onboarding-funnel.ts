/**
 * The onboarding funnel (docs/onboarding-funnel.md): what the borrower app reports of the information steps (a step
 * opened, the fields shown in error on a refused submit), what the profile's save records (a step first saved with a
 * form version), and the funnel the book's dashboard shows from them (contract: api-contract/book.ts `funnelAnswer`).
 *
 * The app's report is never trusted: the step must be one of the published flow, the version a published (or replaced,
 * never withdrawn) version of that step's form, and a field path one its schema declares; anything else is refused or
 * dropped. A borrower is one row per step and version (onboarding_visits), so counts are distinct borrowers and the
 * table grows with borrowers, not with reports.
 */
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FunnelAnswer } from '#api-contract/book.ts';
import { addDays, manilaStartOfDay } from '#domain/calendar-date.ts';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import type { Database } from '../db/database.ts';
import { formVersions, onboardingVisits } from '../db/tables.ts';
import { PUBLISHED_CACHE_MS } from '../forms/published.ts';
import { ApiError } from '../errors.ts';
import type { Tx } from './idempotency.ts';
import { hit, type Window } from './rate-limit.ts';
import { TtlCache } from './ttl-cache.ts';

/** How many reports a borrower may send: a step opened or a refused submit each, far above a real borrower's pace. */
export const VISIT_REPORTS: Window = { limit: 120, seconds: 600 };
/** The most field paths one report may name, and the longest path. */
export const MAX_ERROR_FIELDS = 30;
export const MAX_FIELD_PATH = 120;
/** The fields shown per funnel row. */
export const TOP_ERROR_FIELDS = 5;

/** What the app reports of a step: the form version it shows and, after a refused submit, the paths in error. */
export interface VisitReport {
  readonly formVersion: number;
  readonly errors?: readonly string[];
}

/** A field path of a report (`contacts.phone`: property names, array indices left out) as segments. */
function segmentsOf(path: string): string[] | undefined {
  const segments = path.split('.');
  return segments.every((s) => /^[A-Za-z_$][\w$-]*$/u.test(s)) ? segments : undefined;
}

type SchemaNode = Record<string, unknown>;
const isNode = (value: unknown): value is SchemaNode => value !== null && typeof value === 'object';

/** A node with its local `$ref` followed (a few hops at most). */
function deref(node: unknown, root: SchemaNode): SchemaNode | undefined {
  let current = node;
  for (let hops = 0; isNode(current) && typeof current['$ref'] === 'string' && hops < 8; hops += 1) {
    let target: unknown = root;
    for (const part of current['$ref'].replace(/^#\/?/u, '').split('/').filter(Boolean))
      target = isNode(target) ? target[part.replace(/~1/gu, '/').replace(/~0/gu, '~')] : undefined;
    current = target;
  }
  return isNode(current) ? current : undefined;
}

/** Where a property may be declared besides `properties`: conditional branches, combinators and dependencies. */
const BRANCHES = ['then', 'else', 'allOf', 'anyOf', 'oneOf'] as const;

/** The schema of property `name` of `node` (its properties or any branch of it), entering list items first. */
function childOf(node: SchemaNode, name: string, root: SchemaNode, depth = 0): SchemaNode | undefined {
  if (depth > 8) return undefined;
  const items = deref(node['items'], root);
  if (items) return childOf(items, name, root, depth + 1);
  const properties = node['properties'];
  if (isNode(properties) && Object.hasOwn(properties, name)) return deref(properties[name], root) ?? {};
  const dependencies = isNode(node['dependencies']) ? Object.values(node['dependencies']) : [];
  for (const branch of [...BRANCHES.flatMap((k) => [node[k]].flat()), ...dependencies]) {
    const resolved = deref(branch, root);
    const found = resolved && childOf(resolved, name, root, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether the schema declares `path` (properties, conditional branches and combinators, `$ref`s; list items entered
 * without an index: every contact's phone is one field of the funnel). A report cannot make up a field.
 */
export function declaresPath(schema: object, path: string): boolean {
  const segments = segmentsOf(path);
  const root = schema as SchemaNode;
  let node = deref(root, root);
  for (const segment of segments ?? []) node = node && childOf(node, segment, root);
  return segments !== undefined && node !== undefined;
}

/**
 * Form versions' schemas by form name and version (null: none that may be reported), read again after a few seconds:
 * a version withdrawn since stops being accepted here as the published forms' cache does (PUBLISHED_CACHE_MS).
 */
const schemas = new TtlCache<object | null>(PUBLISHED_CACHE_MS, 500);

async function publishedSchema(db: Database, form: string, version: number): Promise<object | undefined> {
  const key = `${form}@${version}`;
  let schema = schemas.get(key);
  if (schema === undefined) {
    const [row] = await db
      .select({ content: formVersions.content })
      .from(formVersions)
      .where(
        and(
          eq(formVersions.kind, 'form'),
          eq(formVersions.name, form),
          eq(formVersions.version, version),
          inArray(formVersions.status, ['published', 'archived']),
          isNull(formVersions.withdrawnAt),
        ),
      );
    schema = row ? (row.content as FormContent).schema : null;
    schemas.set(key, schema);
  }
  return schema ?? undefined;
}

/** The published step order (the studio's flow document). */
async function publishedFlow(db: Database): Promise<FlowContent['steps']> {
  const [row] = await db
    .select({ content: formVersions.content })
    .from(formVersions)
    .where(and(eq(formVersions.kind, 'flow'), eq(formVersions.status, 'published')));
  return (row?.content as FlowContent | undefined)?.steps ?? [];
}

/**
 * Records a borrower's report of step `step`: the step reached with `formVersion` (once: the first time is kept) and
 * the declared field paths shown in error, each with `at`. Refuses an unknown step (STEP_UNKNOWN), a version of the
 * step's form that was never published or was withdrawn (INVALID_INPUT), and more reports than VISIT_REPORTS allows
 * (TOO_FREQUENT); drops the paths the version does not declare.
 */
export async function recordVisit(
  db: Database,
  customerId: string,
  step: string,
  report: VisitReport,
  at: Date,
): Promise<void> {
  if ((await hit(db, `onboarding-visit:${customerId}`, VISIT_REPORTS, at)).over) throw new ApiError('TOO_FREQUENT');
  const entry = (await publishedFlow(db)).find((s) => s.step === step);
  if (!entry) throw new ApiError('STEP_UNKNOWN');
  const schema = await publishedSchema(db, entry.schema, report.formVersion);
  if (!schema) throw new ApiError('INVALID_INPUT');
  const fields = [...new Set(report.errors ?? [])].filter((path) => declaresPath(schema, path));
  const shown = Object.fromEntries(fields.map((path) => [path, at.getTime()]));
  const errorAt = fields.length > 0 ? at : null;
  await db
    .insert(onboardingVisits)
    .values({
      customerId,
      step,
      formVersion: report.formVersion,
      firstAt: at,
      lastErrorAt: errorAt,
      errorFields: shown,
    })
    .onConflictDoUpdate({
      target: [onboardingVisits.customerId, onboardingVisits.step, onboardingVisits.formVersion],
      set:
        fields.length > 0
          ? {
              lastErrorAt: sql`greatest(${onboardingVisits.lastErrorAt}, excluded.last_error_at)`,
              errorFields: sql`${onboardingVisits.errorFields} || excluded.error_fields`,
            }
          : // Nothing new: the row stays as it is (a no-op update keeps the statement one round trip).
            { firstAt: sql`${onboardingVisits.firstAt}` },
    });
}

/**
 * Records, in the transaction that saves a step, that the borrower saved `step` with `formVersion`: the first save
 * with a version is its completion (a later correction is not a second one). A saved step was reached, whether or not
 * the app reported it.
 */
export async function recordCompletion(
  tx: Tx,
  customerId: string,
  step: string,
  formVersion: number,
  at: Date,
): Promise<void> {
  await tx
    .insert(onboardingVisits)
    .values({ customerId, step, formVersion, firstAt: at, completedAt: at })
    .onConflictDoUpdate({
      target: [onboardingVisits.customerId, onboardingVisits.step, onboardingVisits.formVersion],
      set: { completedAt: sql`coalesce(${onboardingVisits.completedAt}, excluded.completed_at)` },
    });
}

type FunnelRow = FunnelAnswer['steps'][number];
interface ErrorCount {
  readonly step: string;
  readonly form_version: number;
  readonly field: string;
  readonly borrowers: number;
}

/**
 * The funnel of the days `from` to `to` (Manila, both included): per step of the published flow, in its order, and
 * per version of the step's form (newest first; the published one always, with zeros when nobody came), the
 * borrowers who first opened it in the range, who first saved it in the range, and the five fields shown in error to
 * the most borrowers (an error counts in the range it was last shown in). Steps no longer in the flow come last.
 */
export async function funnelOf(db: Database, range: { from: string; to: string }): Promise<FunnelAnswer> {
  const start = manilaStartOfDay(range.from);
  const end = manilaStartOfDay(addDays(range.to, 1));
  const inRange = (column: typeof onboardingVisits.firstAt | typeof onboardingVisits.completedAt) =>
    and(gte(column, start), lt(column, end));
  const [counts, errors, flow, published] = await Promise.all([
    db
      .select({
        step: onboardingVisits.step,
        formVersion: onboardingVisits.formVersion,
        reached: sql<number>`count(*) filter (where ${inRange(onboardingVisits.firstAt)})`.mapWith(Number),
        completed: sql<number>`count(*) filter (where ${inRange(onboardingVisits.completedAt)})`.mapWith(Number),
      })
      .from(onboardingVisits)
      .where(or(inRange(onboardingVisits.firstAt), inRange(onboardingVisits.completedAt)))
      .groupBy(onboardingVisits.step, onboardingVisits.formVersion),
    db.execute(sql`
      select v.step, v.form_version, e.key as field, count(*)::int as borrowers
      from ${onboardingVisits} v, jsonb_each_text(v.error_fields) e
      where v.last_error_at >= ${start}
        and e.value::bigint >= ${start.getTime()} and e.value::bigint < ${end.getTime()}
      group by v.step, v.form_version, e.key`) as unknown as Promise<{ rows: ErrorCount[] }>,
    publishedFlow(db),
    db
      .select({ name: formVersions.name, version: formVersions.version })
      .from(formVersions)
      .where(and(eq(formVersions.kind, 'form'), eq(formVersions.status, 'published'))),
  ]);

  const rows = new Map<string, FunnelRow & { errors: { field: string; borrowers: number }[] }>();
  const rowOf = (step: string, formVersion: number) => {
    const key = `${step}@${formVersion}`;
    let row = rows.get(key);
    if (!row) {
      row = { step, formVersion, reached: 0, completed: 0, errors: [] };
      rows.set(key, row);
    }
    return row;
  };
  for (const entry of flow) {
    const version = published.find((p) => p.name === entry.schema)?.version;
    if (version !== undefined) rowOf(entry.step, version);
  }
  for (const c of counts) Object.assign(rowOf(c.step, c.formVersion), { reached: c.reached, completed: c.completed });
  for (const e of errors.rows)
    rowOf(e.step, Number(e.form_version)).errors.push({ field: e.field, borrowers: Number(e.borrowers) });

  const order = new Map(flow.map((s, i) => [s.step, i]));
  const position = (step: string) => order.get(step) ?? flow.length;
  const steps = [...rows.values()]
    .sort(
      (a, b) =>
        position(a.step) - position(b.step) ||
        a.step.localeCompare(b.step) ||
        (b.formVersion ?? 0) - (a.formVersion ?? 0),
    )
    .map((row) => ({
      ...row,
      errors: row.errors
        .sort((a, b) => b.borrowers - a.borrowers || a.field.localeCompare(b.field))
        .slice(0, TOP_ERROR_FIELDS),
    }));
  return { from: range.from, to: range.to, steps };
}

/** The columns of the CSV export's table `funnel`. */
export const FUNNEL_COLUMNS = ['step', 'formVersion', 'reached', 'completed', 'errorField', 'errorBorrowers'] as const;

/**
 * The funnel as the CSV export's table `funnel`: one row per step, version and field in error (a step without errors
 * has one row with empty field columns), so a spreadsheet filters it without unpacking a list.
 */
export function funnelTable(answer: FunnelAnswer): Record<(typeof FUNNEL_COLUMNS)[number], unknown>[] {
  return answer.steps.flatMap((row): Record<(typeof FUNNEL_COLUMNS)[number], unknown>[] => {
    const head = { step: row.step, formVersion: row.formVersion, reached: row.reached, completed: row.completed };
    return row.errors.length === 0
      ? [{ ...head, errorField: '', errorBorrowers: '' }]
      : row.errors.map((error) => ({ ...head, errorField: error.field, errorBorrowers: error.borrowers }));
  });
}
