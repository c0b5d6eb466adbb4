/**
 * The borrower's profile, one section per information step (config/flow.json), validated by the same compiled
 * validators as the browser (schemas/compiled/<schema>.js: one ajv setup, engine/validation) plus the same step
 * checks (domain/step-checks.ts), stored as JSONB with the version of the rules it passed. Fields of a form branch
 * that does not apply (a student's school for an employed borrower, a wallet number on a bank payout) are dropped
 * before validation (engine/validation/prune-branches.ts): the browser's form never sends them, and what no branch
 * asks for is neither checked nor stored. The server decides what is
 * complete and where the borrower resumes, so any device continues where another left off.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import flowJson from '../../config/flow.json' with { type: 'json' };
import productJson from '../../config/product.json' with { type: 'json' };
import type { FlowConfig } from '../../config/types/flow.ts';
import type { ProductConfig } from '../../config/types/product.ts';
import { upgradeSection } from '../../domain/legacy-values.ts';
import { checkContext, stepCheck, type CheckError } from '../../domain/step-checks.ts';
import { fieldErrors, type CompiledValidator } from '../../engine/validation/compiled-validator.ts';
import { createAjv } from '../../engine/validation/create-ajv.ts';
import { branchTester, pruneToBranches, type BranchTest, type JsonSchema } from '../../engine/validation/prune-branches.ts';
import { vocabulary } from '../../schemas/vocabulary.ts';
import { firstIncomplete, flowEnd, type FlowStepEntry } from '../../engine/flow/flow.ts';
import type { Database } from '../db/database.ts';
import { documents, profileSections } from '../db/schema.ts';
import { dataKeys } from '../crypto/data-keys.ts';
import { idNumberHash as idNumberHashOf, nameHash as nameHashOf } from '../crypto/lookup-hashes.ts';
import { ApiError } from '../errors.ts';
import { TtlCache } from './ttl-cache.ts';
import type { Tx } from './idempotency.ts';

/** How long this instance reuses a profile overview it read (a save through another instance takes this long here). */
export const PROFILE_CACHE_MS = 5000;

const flow = flowJson as FlowConfig;
const product = productJson as ProductConfig;

/**
 * A step's rules: its compiled validator, the version (hash of schema and vocabulary) in the file's banner, and its
 * schema with the test of its branch conditions (which fields apply).
 */
interface StepRules {
  readonly step: FlowStepEntry;
  /** The document kind each photo field asks for (its uiSchema's `ui:options.documentKind`). */
  readonly documentKinds: Readonly<Record<string, string>>;
  readonly validate: CompiledValidator;
  readonly version: string;
  readonly schema: JsonSchema;
  readonly branch: BranchTest;
}

// Branch conditions (if, oneOf ...) are checked with the same ajv setup and vocabulary the validators were compiled with.
const branchAjv = createAjv(vocabulary, { fragments: true });

const DOC_REF = /^doc:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/u;

async function loadRules(step: FlowStepEntry): Promise<StepRules> {
  const url = new URL(`../../schemas/compiled/${step.schema}.js`, import.meta.url);
  const module = (await import(url.href)) as { default: CompiledValidator };
  const banner = readFileSync(fileURLToPath(url), 'utf8').slice(0, 400);
  const version = /rules ([0-9a-f]{16})/u.exec(banner)?.[1];
  if (!version) throw new Error(`schemas/compiled/${step.schema}.js has no rules hash: run npm run compile:validators`);
  const schema = JSON.parse(readFileSync(fileURLToPath(new URL(`../../schemas/${step.schema}.schema.json`, import.meta.url)), 'utf8')) as { $id: string };
  const ui = JSON.parse(readFileSync(fileURLToPath(new URL(`../../schemas/${step.schema}.ui.json`, import.meta.url)), 'utf8')) as Record<string, unknown>;
  const documentKinds: Record<string, string> = {};
  for (const [field, node] of Object.entries(ui)) {
    const kind = (node as { 'ui:options'?: { documentKind?: unknown } } | null)?.['ui:options']?.documentKind;
    if (typeof kind === 'string') documentKinds[field] = kind;
  }
  return { step, documentKinds, validate: module.default, version, schema, branch: branchTester(branchAjv, schema) };
}

/**
 * Nesting deeper than any step's data has (an address in a section, a contact in a list): such a body is refused
 * before anything walks it, since the copy and the walks below recurse and a few thousand levels overflow the stack.
 */
const MAX_DEPTH = 32;

/** Whether `data` nests objects or arrays deeper than `limit` (walked without recursion). */
function deeperThan(data: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[data, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Every string value in `data`, with its JSON pointer. */
function stringsIn(data: unknown, path = ''): { path: string; value: string }[] {
  if (typeof data === 'string') return [{ path, value: data }];
  if (Array.isArray(data)) return data.flatMap((item, i) => stringsIn(item, `${path}/${i}`));
  if (data !== null && typeof data === 'object') return Object.entries(data).flatMap(([k, v]) => stringsIn(v, `${path}/${k}`));
  return [];
}

/** The pointers of the inline images (`data:` URLs) in `data`. */
const inlineImages = (data: unknown): string[] => stringsIn(data).filter((s) => s.value.startsWith('data:')).map((s) => s.path);

/** Every `doc:<id>` reference in `data`, with its JSON pointer. */
const documentRefs = (data: unknown): { path: string; id: string }[] =>
  stringsIn(data).flatMap(({ path, value }) => {
    const id = DOC_REF.exec(value)?.[1];
    return id ? [{ path, id }] : [];
  });

/** The answer's form of validation errors: where, which rule, its values (the web app translates by keyword). */
function answerErrors(errors: readonly CheckError[]) {
  return errors.map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, params: e.params }));
}

/**
 * The identity check of a step's documents once the step is otherwise valid (DocumentService.verifyStep): throws
 * ID_PHOTO_UNCLEAR, FACE_CHECK_FAILED or AUTH_INFO_PROBLEM naming the photo to retake.
 */
export type VerifyStepDocuments = (customerId: string, refs: readonly { path: string; id: string; kind: string }[]) => Promise<void>;

export async function createProfileService(db: Database, now: () => Date = () => new Date(), verifyDocuments?: VerifyStepDocuments) {
  const rules = new Map<string, StepRules>();
  for (const step of flow.steps) rules.set(step.step, await loadRules(step));

  const rulesOf = (step: string): StepRules => {
    const found = rules.get(step);
    if (!found) throw new ApiError('STEP_UNKNOWN');
    return found;
  };

  // A customer's sections, the read of every GET /profile: prepared once (no SQL built per call; PostgreSQL parses
  // and plans it once per connection).
  const sectionsOf = db
    .select()
    .from(profileSections)
    .where(eq(profileSections.customerId, sql.placeholder('customerId')))
    .prepare('profile_sections_of_customer');

  /** Whether a stored section still passes its step's rules (rules may have changed since it was saved). */
  const passes = (stepRules: StepRules, row: { step: string; data: unknown; schemaVersion: string }): boolean =>
    row.schemaVersion === stepRules.version || stepRules.validate(structuredClone(upgradeSection(row.step, row.data)));

  type SectionRow = Awaited<ReturnType<typeof sectionsOf.execute>>[number];

  function summaryOf(rows: readonly SectionRow[]) {
    const completed = flow.steps
      .filter((step) => {
        const row = rows.find((r) => r.step === step.step);
        return row !== undefined && passes(rulesOf(step.step), row);
      })
      .map((step) => step.step);
    const resume = firstIncomplete(flow.steps, completed);
    return { completed, complete: resume === undefined, next: resume?.route ?? flowEnd(flow.steps) ?? null, total: flow.steps.length };
  }

  const sectionsMap = (rows: readonly SectionRow[]) =>
    Object.fromEntries(rows.map((row) => [row.step, { data: upgradeSection(row.step, row.data), updatedAt: row.updatedAt.toISOString() }]));

  async function summary(customerId: string) {
    return summaryOf(await sectionsOf.execute({ customerId }));
  }

  // Overviews read lately, by customer: saving a step here replaces it at once; a save through another instance is
  // seen here within PROFILE_CACHE_MS. Held as JSON text, so a cached answer is sent as it is.
  const recentOverviews = new TtlCache<string>(PROFILE_CACHE_MS);

  return {
    steps: flow.steps,
    summary,

    /** Completeness and every saved section (for the web app to fill its forms on any device), from one read. */
    async overview(customerId: string) {
      const rows = await sectionsOf.execute({ customerId });
      return { summary: summaryOf(rows), sections: sectionsMap(rows) };
    },

    /** The overview as JSON text, from this instance's recent reads when it has one. */
    async overviewJson(customerId: string): Promise<string> {
      const cached = recentOverviews.get(customerId);
      if (cached !== undefined) return cached;
      const json = JSON.stringify(await this.overview(customerId));
      recentOverviews.set(customerId, json);
      return json;
    },

    async get(customerId: string, step: string) {
      rulesOf(step);
      const [row] = await db.select().from(profileSections).where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, step)));
      if (!row) throw new ApiError('SECTION_EMPTY');
      return { step, data: upgradeSection(step, row.data), schemaVersion: row.schemaVersion, updatedAt: row.updatedAt.toISOString() };
    },

    /**
     * Validates one step's data as PUT /profile/<step> does (schema, step checks, owned documents); answers the data
     * normalised as it would be stored, or throws VALIDATION_FAILED. PUT /payout-account uses it for bankInfo.
     */
    async check(caller: { customerId: string; phone: string }, step: string, input: unknown): Promise<unknown> {
      const stepRules = rulesOf(step);
      if (deeperThan(input, MAX_DEPTH)) throw new ApiError('INVALID_INPUT');
      // An app of the previous version may still send old values (marital status): read as today's.
      const data = pruneToBranches(stepRules.schema, upgradeSection(step, structuredClone(input)), stepRules.branch);
      const images = inlineImages(data);
      if (images.length > 0) {
        // Photos are uploaded as documents first; a section holds their ids, never the images.
        throw new ApiError('VALIDATION_FAILED', { errors: images.map((path) => ({ instancePath: path, keyword: 'upload', params: {} })) });
      }
      const schemaErrors = fieldErrors(stepRules.validate, data);
      const check = stepCheck(stepRules.step.schema, checkContext(caller.phone, product.borrowerAge, now()));
      const errors: CheckError[] = [...schemaErrors.map((e) => ({ instancePath: e.instancePath, schemaPath: e.schemaPath, keyword: e.keyword, params: e.params as Record<string, unknown> })), ...(check?.(data) ?? [])];
      const refs = documentRefs(data);
      if (refs.length > 0) {
        const owned = await db
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.customerId, caller.customerId), inArray(documents.id, refs.map((r) => r.id))));
        const ownedIds = new Set(owned.map((d) => d.id));
        for (const ref of refs) if (!ownedIds.has(ref.id)) errors.push({ instancePath: ref.path, schemaPath: '#/document', keyword: 'document', params: {} });
      }
      if (errors.length > 0) throw new ApiError('VALIDATION_FAILED', { errors: answerErrors(errors) });
      if (verifyDocuments) {
        const kinds = stepRules.documentKinds;
        const photos = refs.flatMap((ref) => {
          const kind = kinds[ref.path.slice(1)];
          return kind === undefined ? [] : [{ ...ref, kind }];
        });
        if (photos.length > 0) await verifyDocuments(caller.customerId, photos);
      }
      return data;
    },

    /**
     * Validates and stores one step; answers the new summary. `guard` runs in the transaction that stores it, before
     * the write, with the validated data: it may take locks and refuse (the loans lock the payout step while a loan
     * is open), so its check and the write are one.
     */
    async put(caller: { customerId: string; phone: string }, step: string, input: unknown, guard?: (tx: Tx, data: unknown) => Promise<void>) {
      const data = await this.check(caller, step, input);
      const stepRules = rulesOf(step);
      const at = now();
      recentOverviews.delete(caller.customerId);
      const idNumberHash = idNumberHashOf(dataKeys(), data); // keyed hash for ID lookups; the data itself is encrypted by its column
      const nameHash = step === 'identityInfo' ? nameHashOf(dataKeys(), data) : null; // staff search by name
      await db.transaction(async (tx) => {
        await guard?.(tx, data);
        await tx
          .insert(profileSections)
          .values({ customerId: caller.customerId, step, data, schemaVersion: stepRules.version, idNumberHash, nameHash, updatedAt: at })
          .onConflictDoUpdate({ target: [profileSections.customerId, profileSections.step], set: { data, schemaVersion: stepRules.version, idNumberHash, nameHash, updatedAt: at } });
      });
      recentOverviews.delete(caller.customerId);
      return summary(caller.customerId);
    },
  };
}

export type ProfileService = Awaited<ReturnType<typeof createProfileService>>;
