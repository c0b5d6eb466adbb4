/**
 * What the form studio may not change (docs/product-rules.md): the identity step, its fields and their checks,
 * its photo fields with their document checks, and the privacy notices are rules of the product, not content. A
 * version that drops or weakens one is refused with a check naming the rule; the repository's own files (the seed) are
 * the reference, so a developer who changes a rule changes it in one place, reviewed as code.
 *
 * - The step order keeps the identity step, showing the identity form.
 * - The identity form keeps every field the seed requires, required, with the seed's type, format, pattern and
 *   normalisation (what the underwriting rules and the duplicate checks read), no choice the seed does not offer, and
 *   every rule of the seed's `allOf` (the ID number rule of each document).
 * - Each photo field of the seed stays a photo (`ui:widget` photo) asking for the same document kind (which is what
 *   sends it through the photo and face checks), with its notice.
 * - In every form, a field that shows a just-in-time privacy notice in the seed keeps one while it exists (NPC
 *   Circular 2022-02).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FlowContent, FormContent } from '#domain/form-content.ts';
import { IDENTITY_STEP } from '#domain/identity-facts.ts';
import type { Check } from '#engine/studio/types.ts';
import { seedForm } from './assets.ts';

/** The identity form (the identity step, domain/identity-facts.ts, shows it). */
export const IDENTITY_FORM = 'identity';

/** The field keywords that make an identity answer what the product reads: kept as the seed has them. */
const KEPT = ['type', 'format', 'pattern', 'normalize', 'contentMediaType'] as const;

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

const rule = (name: string, path: string, params: Record<string, string>, field?: string): Check => ({
  id: `${name}:${path}`,
  severity: 'error',
  code: `studio.checks.${name}`,
  params,
  path,
  ...(field !== undefined && { field }),
});

/** The seed of each form, read once (the repository's files do not change while the server runs). */
const seeds = new Map<string, FormContent | null>();
function seedOf(name: string): FormContent | null {
  if (!seeds.has(name)) {
    try {
      seeds.set(name, seedForm(name));
    } catch {
      seeds.set(name, null);
    }
  }
  return seeds.get(name)!;
}

/** The step order keeps the identity step, showing the identity form. */
export function flowRules(flow: FlowContent): Check[] {
  const identity = flow.steps.findIndex((s) => s.step === IDENTITY_STEP);
  if (identity === -1) return [rule('ruleIdentityStep', '/steps', { step: IDENTITY_STEP })];
  if (flow.steps[identity]!.schema !== IDENTITY_FORM)
    return [rule('ruleIdentityStep', `/steps/${identity}/schema`, { step: IDENTITY_STEP })];
  return [];
}

/** A `ruleIdentityCheck` for each of the KEPT keywords the seed's `before` has that field `node` does not keep. */
function keptAsSeeded(field: string, node: Json, before: Json): Check[] {
  return KEPT.filter((keyword) => keyword in before && !isDeepStrictEqual(node[keyword], before[keyword])).map(
    (keyword) => rule('ruleIdentityCheck', `/schema/properties/${escape(field)}/${keyword}`, { field, keyword }, field),
  );
}

/** The product's rules of form `name`'s draft `content` against its seed. */
export function formRules(name: string, content: FormContent): Check[] {
  const seed = seedOf(name);
  if (!seed) return [];
  const out: Check[] = [];
  const schema = objectAt(content.schema);
  const properties = objectAt(schema['properties']);
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []);
  const seedSchema = objectAt(seed.schema);
  const seedProperties = objectAt(seedSchema['properties']);
  const ui = objectAt(content.uiSchema);
  const seedUi = objectAt(seed.uiSchema);

  // Privacy notices, every form: a field the seed shows with a notice keeps one while it exists.
  for (const [field, node] of Object.entries(seedUi)) {
    if (!objectAt(objectAt(node)['ui:options'])['notice'] || !(field in properties)) continue;
    const options = objectAt(objectAt(ui[field])['ui:options']);
    if (typeof options['notice'] !== 'string' || options['notice'] === '')
      out.push(rule('ruleNotice', `/uiSchema/${escape(field)}/ui:options/notice`, { field }, field));
  }
  if (name !== IDENTITY_FORM) return out;

  const seedRequired = Array.isArray(seedSchema['required']) ? (seedSchema['required'] as string[]) : [];
  for (const field of seedRequired) {
    const at = `/schema/properties/${escape(field)}`;
    const node = objectAt(properties[field]);
    if (!(field in properties) || !required.has(field)) {
      out.push(rule('ruleIdentityField', at, { field }, field));
      continue;
    }
    const before = objectAt(seedProperties[field]);
    out.push(...keptAsSeeded(field, node, before));
    const seedEnum = before['enum'];
    if (Array.isArray(seedEnum)) {
      const now = node['enum'];
      if (!Array.isArray(now) || now.some((v) => !seedEnum.some((s) => isDeepStrictEqual(s, v))))
        out.push(rule('ruleIdentityCheck', `${at}/enum`, { field, keyword: 'enum' }, field));
    }
  }
  // Photo fields: still photos, asking for the same document kind (the photo and face checks follow the kind).
  for (const [field, node] of Object.entries(seedUi)) {
    const kind = objectAt(objectAt(node)['ui:options'])['documentKind'];
    if (typeof kind !== 'string' || !(field in properties)) continue;
    const now = objectAt(ui[field]);
    if (now['ui:widget'] !== 'photo' || objectAt(now['ui:options'])['documentKind'] !== kind)
      out.push(rule('rulePhoto', `/uiSchema/${escape(field)}`, { field, kind }, field));
    if (!seedRequired.includes(field))
      out.push(...keptAsSeeded(field, objectAt(properties[field]), objectAt(seedProperties[field])));
  }
  // The ID number rule of each document.
  const seedAllOf = Array.isArray(seedSchema['allOf']) ? (seedSchema['allOf'] as unknown[]) : [];
  const allOf = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]) : [];
  if (seedAllOf.some((kept) => !allOf.some((now) => isDeepStrictEqual(now, kept))))
    out.push(rule('ruleIdentityNumbers', '/schema/allOf', {}));
  return out;
}
