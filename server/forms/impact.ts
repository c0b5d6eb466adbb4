/**
 * What a new version of a form does to the answers borrowers already saved: its validator is run over every
 * saved section of the steps that show the form, as the profile's completeness check runs it (server/services/
 * profile.ts `passes`). A section that passes the published version and fails the new one would turn a completed step
 * incomplete (applying answers PROFILE_INCOMPLETE), so each field such a failure names is a breaking change, with the
 * number of borrowers it reaches, to be acknowledged like a removed field. A field the new version newly requires is
 * not one of them: the studio already warns of it (`requiredAdded`), and asking for a new field is the point.
 *
 * Sections are read in pages by customer (decrypted as every read of them is) and each validator call is cheap, so
 * a lender's whole book is checked without holding the event loop for long.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import { upgradeSection } from '#domain/legacy-values.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import type { Breaking } from '#engine/studio/types.ts';
import type { Database } from '../db/database.ts';
import { profileSections } from '../db/tables.ts';

/** Sections read per query. */
const PAGE = 500;

/**
 * The field an error is about: the first segment of its path, or the property a `required` error misses, a property
 * name refuses or an `additionalProperties: false` does not allow.
 */
function fieldOf(error: {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  propertyName?: string;
}): string {
  const first = error.instancePath.split('/')[1];
  if (first) return first.replaceAll('~1', '/').replaceAll('~0', '~');
  // ajv names the property a `propertyNames` rule refused on the error itself.
  if (typeof error.propertyName === 'string') return error.propertyName;
  for (const param of ['missingProperty', 'propertyName', 'additionalProperty']) {
    const named = error.params[param];
    if (typeof named === 'string') return named;
  }
  return '';
}

/**
 * The fields whose saved answers the new validator refuses while the published one accepts them, each with how many
 * sections (one per borrower and step) it turns incomplete.
 */
export async function invalidatedFields(
  db: Database,
  steps: readonly string[],
  published: { validate: CompiledValidator; validatorHash: string },
  next: CompiledValidator,
  newlyRequired: readonly string[],
): Promise<Breaking[]> {
  if (steps.length === 0) return [];
  const reached = new Map<string, number>();
  let after: { customerId: string; step: string } | undefined;
  for (;;) {
    const page = await db
      .select({
        customerId: profileSections.customerId,
        step: profileSections.step,
        data: profileSections.data,
        schemaVersion: profileSections.schemaVersion,
      })
      .from(profileSections)
      .where(
        and(
          inArray(profileSections.step, [...steps]),
          after === undefined
            ? undefined
            : sql`(${profileSections.customerId}, ${profileSections.step}) > (${after.customerId}::uuid, ${after.step})`,
        ),
      )
      .orderBy(asc(profileSections.customerId), asc(profileSections.step))
      .limit(PAGE);
    for (const row of page) {
      const data = upgradeSection(row.step, row.data);
      const passedBefore = row.schemaVersion === published.validatorHash || published.validate(structuredClone(data));
      if (!passedBefore || next(structuredClone(data))) continue;
      const fields = new Set(
        (next.errors ?? [])
          .filter((e) => e.keyword !== 'if')
          .filter((e) => !(e.keyword === 'required' && newlyRequired.includes(fieldOf(e))))
          .map(fieldOf),
      );
      for (const field of fields) reached.set(field, (reached.get(field) ?? 0) + 1);
    }
    if (page.length < PAGE) break;
    const last = page.at(-1)!;
    after = { customerId: last.customerId, step: last.step };
  }
  return [...reached.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, affected]) => ({ id: `invalid:${field || '*'}`, kind: 'invalid', field: field || '*', affected }));
}
