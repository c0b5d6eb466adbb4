/**
 * The studio's checks as the server runs them: the shape of a version's content by kind (a malformed body
 * is refused as INVALID_INPUT before anything reads it), then the product checks of engine/studio with the product's
 * context (vocabulary, widget registry, shared text catalog, routes), the breaking-change guard and the diff.
 */
import { Ajv } from 'ajv';
import { type ContentKind, type FlowContent, type FormContent, type ThemeContent } from '#domain/form-content.ts';
import {
  addedRequired,
  breakingChanges,
  checkFlow,
  checkTheme,
  diffContent,
  normalizeFlow,
  type Breaking,
  type Change,
  type Check,
} from '#engine/studio/index.ts';
import { ApiError } from '../errors.ts';
import { buildFormAssets } from './assets.ts';
import { checkFormOffThread } from './compiler.ts';
import { formNames, routePaths } from './form-context.ts';
import { promiseMemo } from './promise-memo.ts';
import { flowRules } from './product-rules.ts';
import type { PublishedForms } from './published.ts';

export type { Breaking, Change, Check } from '#engine/studio/index.ts';

const texts = {
  type: 'object',
  required: ['en', 'fil', 'zh'],
  additionalProperties: false,
  properties: { en: { type: 'object' }, fil: { type: 'object' }, zh: { type: 'object' } },
};
const SHAPES: Record<ContentKind, object> = {
  form: {
    type: 'object',
    required: ['schema', 'uiSchema', 'texts'],
    additionalProperties: false,
    properties: { schema: { type: 'object' }, uiSchema: { type: 'object' }, texts },
  },
  flow: {
    type: 'object',
    required: ['steps'],
    additionalProperties: false,
    properties: {
      steps: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: {
          type: 'object',
          required: ['step', 'schema', 'route', 'next'],
          additionalProperties: false,
          properties: {
            step: { type: 'string' },
            schema: { type: 'string' },
            route: { type: 'string' },
            next: { type: 'string' },
          },
        },
      },
    },
  },
  theme: {
    type: 'object',
    required: ['id', 'properties'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer' },
      properties: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 }, maxProperties: 100 },
    },
  },
};
const shapeAjv = new Ajv({ allErrors: false });
const shapeOf = Object.fromEntries(
  Object.entries(SHAPES).map(([kind, schema]) => [kind, shapeAjv.compile(schema)]),
) as Record<ContentKind, ReturnType<Ajv['compile']>>;

/** How deep a version's content may nest, and how many values it may hold (a form is a few hundred). */
export const CONTENT_MAX_DEPTH = 32;
export const CONTENT_MAX_NODES = 20_000;

/**
 * Whether `value` nests at most `maxDepth` levels and holds at most `maxNodes` values, walked without recursion (a
 * content 6,000 levels deep must not overflow the stack of what measures it).
 */
export function withinLimits(value: unknown, maxDepth = CONTENT_MAX_DEPTH, maxNodes = CONTENT_MAX_NODES): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (++nodes > maxNodes || depth > maxDepth) return false;
    if (node !== null && typeof node === 'object')
      for (const child of Object.values(node as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return true;
}

/** The engine's findings by form and content (pure: the same content has the same findings). */
const formChecks = promiseMemo<Check[]>(100);

export function studioChecks(forms: PublishedForms) {
  return {
    /** Refuses content too deep or too large to be a form (FORM_TOO_LARGE), or not of its kind's shape. */
    shape(kind: ContentKind, content: unknown): void {
      if (!withinLimits(content))
        throw new ApiError('FORM_TOO_LARGE', { maxDepth: CONTENT_MAX_DEPTH, maxValues: CONTENT_MAX_NODES });
      if (!shapeOf[kind](content)) throw new ApiError('INVALID_INPUT');
    },

    /**
     * The checks of a version's content (engine/studio) and, for a form, that its validator module builds; a required
     * field the published version did not ask for is a warning saying how many saved steps will be asked for it.
     */
    async check(kind: ContentKind, name: string, content: unknown, version: number): Promise<Check[]> {
      // Stored before the limits held: said, never walked (the checks recurse), so the version can still be read and
      // discarded.
      if (!withinLimits(content))
        return [
          {
            id: 'contentTooLarge:',
            severity: 'error',
            code: 'studio.checks.contentTooLarge',
            params: { maxDepth: CONTENT_MAX_DEPTH, maxValues: CONTENT_MAX_NODES },
            path: '',
          },
        ];
      if (kind === 'flow')
        return [
          ...checkFlow(content as FlowContent, { forms: [...formNames], routes: routePaths }),
          ...flowRules(content as FlowContent),
        ];
      if (kind === 'theme') return checkTheme(content as ThemeContent);
      const form = content as FormContent;
      // The engine's checks compile the schema with ajv: on the compiler's thread, not the event loop; the same
      // content is checked once (every read of a version shows its checks).
      const found = [
        ...(await formChecks(`${name}\u0000${JSON.stringify(form)}`, () => checkFormOffThread(name, form))),
      ];
      if (!found.some((c) => c.severity === 'error')) {
        try {
          // The version's own files (built once per content: the save and the publish reuse them).
          await buildFormAssets(name, version, form);
        } catch {
          // What failed is the server's to log, not staff's to read: the check says what to do in their language.
          found.push({
            id: 'schemaCompile:/schema',
            severity: 'error',
            code: 'studio.checks.schemaCompile',
            params: {},
            path: '/schema',
          });
        }
      }
      const published = await forms.published('form', name);
      if (published) {
        const added = addedRequired(published.content as FormContent, form);
        if (added.length > 0) {
          const count = await forms.sectionsOfForm(name);
          for (const field of added) {
            found.push({
              id: `requiredAdded:${field}`,
              severity: 'warning',
              code: 'studio.checks.requiredAdded',
              params: { field, count },
              path: `/schema/properties/${field}`,
              field,
            });
          }
        }
      }
      return found;
    },

    breaking(before: FormContent, after: FormContent): Breaking[] {
      return breakingChanges(before, after);
    },

    /** The fields `after` newly requires. */
    addedRequired(before: FormContent, after: FormContent): string[] {
      return addedRequired(before, after);
    },

    normalizeFlow(flow: FlowContent): FlowContent {
      return { steps: normalizeFlow(flow.steps) };
    },

    diff(a: unknown, b: unknown): Change[] {
      return diffContent(a, b);
    },
  };
}
