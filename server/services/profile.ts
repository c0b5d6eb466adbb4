/**
 * The borrower's profile, one section per information step of the published flow, validated by the same validator
 * module as the browser (the published form version's `/forms/<hash>.js`, server/forms: one ajv setup,
 * engine/validation) plus the same step checks (domain/step-checks.ts), stored as JSONB with the form version and the
 * hash of the rules it passed. A step is validated with the version the browser used while that is published or
 * within the grace period after it (server/forms/published.ts), so a borrower typing while staff publish loses nothing. Fields of a form branch
 * that does not apply (a student's school for an employed borrower, a wallet number on a bank payout) are dropped
 * before validation (engine/validation/prune-branches.ts): the browser's form never sends them, and what no branch
 * asks for is neither checked nor stored. Only what the version declares is stored, and only what the published version
 * declares is shown back (engine/validation/keep-declared.ts): a form without `additionalProperties: false` lets other
 * names pass its validator, and they would outlive the version. Images are uploaded as documents first (a
 * step holds `doc:<id>`); the one inline data a step keeps is a file its form asks for as a data URL (`format:
 * data-url`, engine/validation/keep-declared.ts `declaredFiles`). The server decides what is complete and where the
 * borrower resumes, so any device continues where another left off.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import flowJson from '#config/flow.json' with { type: 'json' };
import productJson from '#config/product.json' with { type: 'json' };
import type { FlowConfig } from '#config/types/flow.ts';
import type { ProductConfig } from '#config/types/product.ts';
import { upgradeSection } from '#domain/legacy-values.ts';
import { checkContext, stepCheck, type CheckError } from '#domain/step-checks.ts';
import { fieldErrors, type CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { createAjv } from '#engine/validation/create-ajv.ts';
import { declaredFiles, keepDeclared } from '#engine/validation/keep-declared.ts';
import {
  branchTester,
  compiledBranchTest,
  pruneToBranches,
  type BranchTest,
  type JsonSchema,
} from '#engine/validation/prune-branches.ts';
import { vocabulary } from '#forms/vocabulary.ts';
import { firstIncomplete, flowEnd, type FlowStepEntry } from '#engine/flow/flow.ts';
import type { Database } from '../db/database.ts';
import { createPublishedForms, type FormRules, type PublishedForms } from '../forms/published.ts';
import { documents, profileSections } from '../db/tables.ts';
import { dataKeys } from '../crypto/data-keys.ts';
import { idNumberHash as idNumberHashOf, nameHash as nameHashOf } from '../crypto/lookup-hashes.ts';
import { ApiError } from '../errors.ts';
import { recordCompletion } from './onboarding-funnel.ts';
import { TtlCache } from './ttl-cache.ts';
import type { Tx } from './idempotency.ts';
import { documentIdOf } from '#domain/document-ref.ts';

/** How long this instance reuses a profile overview it read (a save through another instance takes this long here). */
export const PROFILE_CACHE_MS = 5000;

const flow = flowJson as FlowConfig;
const product = productJson as ProductConfig;

/**
 * A step's rules: the form version's validator (the module browsers import), its hash (recorded on a stored section
 * as the rules it passed), the version number, and its schema with the test of its branch conditions.
 */
interface StepRules {
  readonly step: FlowStepEntry;
  /** The document kind each photo field asks for (its uiSchema's `ui:options.documentKind`). */
  readonly documentKinds: Readonly<Record<string, string>>;
  readonly validate: CompiledValidator;
  readonly version: string;
  readonly formVersion: number;
  readonly schema: JsonSchema;
  readonly branch: BranchTest;
}

/** The document kind of each photo field of a uiSchema. */
function documentKindsOf(ui: Record<string, unknown>): Record<string, string> {
  const kinds: Record<string, string> = {};
  for (const [field, node] of Object.entries(ui)) {
    const kind = (node as { 'ui:options'?: { documentKind?: unknown } } | null)?.['ui:options']?.documentKind;
    if (typeof kind === 'string') kinds[field] = kind;
  }
  return kinds;
}

/**
 * The branch test and document kinds of a form version, by its validator hash. Branch conditions (if, oneOf ...) are
 * checked with the same ajv setup and vocabulary as the validator, one ajv per version (ajv keeps schemas by `$id`,
 * and every version of a form has the same one).
 */
const versionParts = new Map<
  string,
  { branch: BranchTest; schema: JsonSchema; documentKinds: Record<string, string> }
>();

function partsOf(rules: FormRules) {
  let parts = versionParts.get(rules.validatorHash);
  if (!parts) {
    const schema = rules.content.schema as { $id: string } & Exclude<JsonSchema, boolean>;
    parts = {
      schema,
      // The module's compiled branch tests (the browser's); a module built before they existed: a live ajv.
      branch: rules.validate.branches
        ? compiledBranchTest(rules.validate.branches)
        : branchTester(createAjv(vocabulary, { fragments: true }), schema),
      documentKinds: documentKindsOf(rules.content.uiSchema),
    };
    if (versionParts.size > 200) versionParts.clear();
    versionParts.set(rules.validatorHash, parts);
  }
  return parts;
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
  if (data !== null && typeof data === 'object')
    return Object.entries(data).flatMap(([k, v]) => stringsIn(v, `${path}/${k}`));
  return [];
}

/** The pointers of the inline images (`data:` URLs) in `data`. */
const inlineImages = (data: unknown): string[] =>
  stringsIn(data)
    .filter((s) => s.value.startsWith('data:'))
    .map((s) => s.path);

/** Every `doc:<id>` reference in `data`, with its JSON pointer. */
const documentRefs = (data: unknown): { path: string; id: string }[] =>
  stringsIn(data).flatMap(({ path, value }) => {
    const id = documentIdOf(value);
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
export type VerifyStepDocuments = (
  customerId: string,
  refs: readonly { path: string; id: string; kind: string }[],
) => Promise<void>;

export async function createProfileService(
  db: Database,
  now: () => Date = () => new Date(),
  verifyDocuments?: VerifyStepDocuments,
  forms?: PublishedForms,
) {
  const published = forms ?? (await createPublishedForms(db, { now }));
  /** The steps a borrower may save: those of the seed's flow (staff reorder steps; a step needs its screen and route). */
  const knownSteps = flow.steps;

  /** A step's rules: its form's published version, or `formVersion` while that is still accepted. */
  async function rulesOf(step: string, formVersion?: number): Promise<StepRules> {
    const entry = (await published.flow()).steps.find((s) => s.step === step);
    if (!entry) throw new ApiError('STEP_UNKNOWN');
    const rules = await published.rules(entry.schema, formVersion);
    const parts = partsOf(rules);
    return {
      step: entry,
      documentKinds: parts.documentKinds,
      validate: rules.validate,
      version: rules.validatorHash,
      formVersion: rules.version,
      schema: parts.schema,
      branch: parts.branch,
    };
  }

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

  /** Completeness under the published flow and forms: a section counts when it passes its form's published version. */
  async function summaryOf(rows: readonly SectionRow[]) {
    const steps = (await published.flow()).steps;
    const completed: string[] = [];
    for (const step of steps) {
      const row = rows.find((r) => r.step === step.step);
      if (row !== undefined && passes(await rulesOf(step.step), row)) completed.push(step.step);
    }
    const resume = firstIncomplete(steps, completed);
    return {
      completed,
      complete: resume === undefined,
      next: resume?.route ?? flowEnd(steps) ?? null,
      total: steps.length,
    };
  }

  /**
   * A stored section as the borrower's form gets it back: only what the step's published version declares (an older
   * row may hold fields of earlier versions). A step the published flow no longer has is left as it is.
   */
  async function shownData(step: string, stored: unknown): Promise<unknown> {
    const data = upgradeSection(step, stored);
    let rules: StepRules;
    try {
      rules = await rulesOf(step);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'STEP_UNKNOWN') return data;
      throw error;
    }
    return keepDeclared(rules.schema, data, rules.branch);
  }

  const sectionsMap = async (rows: readonly SectionRow[]) =>
    Object.fromEntries(
      await Promise.all(
        rows.map(async (row) => [
          row.step,
          { data: await shownData(row.step, row.data), updatedAt: row.updatedAt.toISOString() },
        ]),
      ),
    );

  async function summary(customerId: string) {
    return summaryOf(await sectionsOf.execute({ customerId }));
  }

  // Overviews read lately, by customer: saving a step here replaces it at once; a save through another instance is
  // seen here within PROFILE_CACHE_MS. Held as JSON text, so a cached answer is sent as it is.
  const recentOverviews = new TtlCache<string>(PROFILE_CACHE_MS);

  return {
    steps: knownSteps,
    /** The published step order. */
    flow: async () => (await published.flow()).steps,
    summary,

    /** Completeness and every saved section (for the web app to fill its forms on any device), from one read. */
    async overview(customerId: string) {
      const rows = await sectionsOf.execute({ customerId });
      return { summary: await summaryOf(rows), sections: await sectionsMap(rows) };
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
      await rulesOf(step);
      const [row] = await db
        .select()
        .from(profileSections)
        .where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, step)));
      if (!row) throw new ApiError('SECTION_EMPTY');
      return {
        step,
        data: await shownData(step, row.data),
        schemaVersion: row.schemaVersion,
        formVersion: row.formVersion,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /**
     * Validates one step's data as PUT /profile/<step> does (schema, step checks, owned documents); answers the data
     * normalised as it would be stored, or throws VALIDATION_FAILED. PUT /payout-account uses it for bankInfo.
     */
    async check(
      caller: { customerId: string; phone: string },
      step: string,
      input: unknown,
      formVersion?: number,
    ): Promise<unknown> {
      return (await this.checked(caller, step, input, formVersion)).data;
    },

    /** `check`, answering also the rules the data passed (the form version to record). */
    async checked(
      caller: { customerId: string; phone: string },
      step: string,
      input: unknown,
      formVersion?: number,
    ): Promise<{ data: unknown; rules: StepRules }> {
      const stepRules = await rulesOf(step, formVersion);
      if (deeperThan(input, MAX_DEPTH)) throw new ApiError('INVALID_INPUT');
      // An app of the previous version may still send old values (marital status): read as today's.
      const data = pruneToBranches(stepRules.schema, upgradeSection(step, structuredClone(input)), stepRules.branch);
      // A file the form asks for as a data URL (`format: data-url`, RJSF's file widget) is the one inline data kept.
      const files = new Set(declaredFiles(stepRules.schema, data, stepRules.branch));
      const images = inlineImages(data).filter((path) => !files.has(path));
      if (images.length > 0) {
        // Photos are uploaded as documents first; a section holds their ids, never the images.
        throw new ApiError('VALIDATION_FAILED', {
          errors: images.map((path) => ({ instancePath: path, keyword: 'upload', params: {} })),
        });
      }
      const schemaErrors = fieldErrors(stepRules.validate, data);
      const check = stepCheck(stepRules.step.schema, checkContext(caller.phone, product.borrowerAge, now()));
      const errors: CheckError[] = [
        ...schemaErrors.map((e) => ({
          instancePath: e.instancePath,
          schemaPath: e.schemaPath,
          keyword: e.keyword,
          params: e.params as Record<string, unknown>,
        })),
        ...(check?.(data) ?? []),
      ];
      const refs = documentRefs(data);
      if (refs.length > 0) {
        const owned = await db
          .select({ id: documents.id })
          .from(documents)
          .where(
            and(
              eq(documents.customerId, caller.customerId),
              inArray(
                documents.id,
                refs.map((r) => r.id),
              ),
            ),
          );
        const ownedIds = new Set(owned.map((d) => d.id));
        for (const ref of refs)
          if (!ownedIds.has(ref.id))
            errors.push({ instancePath: ref.path, schemaPath: '#/document', keyword: 'document', params: {} });
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
      // Stored: only what this version declares (in the branches that apply), whatever else passed its validator.
      return { data: keepDeclared(stepRules.schema, data, stepRules.branch), rules: stepRules };
    },

    /**
     * Validates and stores one step; answers the new summary. `guard` runs in the transaction that stores it, before
     * the write, with the validated data: it may take locks and refuse (the loans lock the payout step while a loan
     * is open), so its check and the write are one.
     */
    async put(
      caller: { customerId: string; phone: string },
      step: string,
      input: unknown,
      guard?: (tx: Tx, data: unknown) => Promise<void>,
      formVersion?: number,
    ) {
      const { data, rules: stepRules } = await this.checked(caller, step, input, formVersion);
      const at = now();
      recentOverviews.delete(caller.customerId);
      const idNumberHash = idNumberHashOf(dataKeys(), data); // keyed hash for ID lookups; the data itself is encrypted by its column
      const nameHash = step === 'identityInfo' ? nameHashOf(dataKeys(), data) : null; // staff search by name
      await db.transaction(async (tx) => {
        await guard?.(tx, data);
        await tx
          .insert(profileSections)
          .values({
            customerId: caller.customerId,
            step,
            data,
            schemaVersion: stepRules.version,
            formVersion: stepRules.formVersion,
            idNumberHash,
            nameHash,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [profileSections.customerId, profileSections.step],
            set: {
              data,
              schemaVersion: stepRules.version,
              formVersion: stepRules.formVersion,
              idNumberHash,
              nameHash,
              updatedAt: at,
            },
          });
        // The onboarding funnel's completion: the first save with this version (profile_sections keeps the last).
        await recordCompletion(tx, caller.customerId, step, stepRules.formVersion, at);
      });
      recentOverviews.delete(caller.customerId);
      return summary(caller.customerId);
    },
  };
}

export type ProfileService = Awaited<ReturnType<typeof createProfileService>>;
