/**
 * The studio's checks as the server runs them (issue 15): the shape of a version's content by kind (a malformed body
 * is refused as INVALID_INPUT before anything reads it), then the product checks of engine/studio with the product's
 * context (vocabulary, widget registry, shared text catalog, routes), the breaking-change guard and the diff.
 */
import { Ajv } from 'ajv';
import type { ContentKind, FlowContent } from '../../domain/form-content.ts';
import { ApiError } from '../errors.ts';
import { buildFormAssets } from './assets.ts';
import type { PublishedForms } from './published.ts';

/** A finding of the checks, pointing into the content (JSON pointer) and, when there is one, at a field. */
export interface Check {
  readonly id: string;
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly params: Record<string, string | number>;
  readonly path: string;
  readonly field?: string;
}

/** A change that would make saved profiles fail: a required field removed or retyped. */
export interface Breaking {
  readonly id: string;
  readonly kind: 'removed' | 'retyped';
  readonly field: string;
  readonly before?: string;
  readonly after?: string;
  /** The borrowers whose saved step it reaches (filled by the server). */
  readonly affected?: number;
}

/** One difference between two versions' content. */
export interface Change {
  readonly path: string;
  readonly kind: 'added' | 'removed' | 'changed';
  readonly before?: unknown;
  readonly after?: unknown;
}

const texts = { type: 'object', required: ['en', 'fil', 'zh'], additionalProperties: false, properties: { en: { type: 'object' }, fil: { type: 'object' }, zh: { type: 'object' } } };
const SHAPES: Record<ContentKind, object> = {
  form: { type: 'object', required: ['schema', 'uiSchema', 'texts'], additionalProperties: false, properties: { schema: { type: 'object' }, uiSchema: { type: 'object' }, texts } },
  flow: {
    type: 'object',
    required: ['steps'],
    additionalProperties: false,
    properties: {
      steps: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: { type: 'object', required: ['step', 'schema', 'route', 'next'], additionalProperties: false, properties: { step: { type: 'string' }, schema: { type: 'string' }, route: { type: 'string' }, next: { type: 'string' } } },
      },
    },
  },
  theme: {
    type: 'object',
    required: ['id', 'properties'],
    additionalProperties: false,
    properties: { id: { type: 'integer' }, properties: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 }, maxProperties: 100 } },
  },
};
const shapeAjv = new Ajv({ allErrors: false });
const shapeOf = Object.fromEntries(Object.entries(SHAPES).map(([kind, schema]) => [kind, shapeAjv.compile(schema)])) as Record<ContentKind, ReturnType<Ajv['compile']>>;

/** Every difference between `a` and `b`, by JSON pointer, in a stable order. */
function diffValues(a: unknown, b: unknown, path = ''): Change[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const objects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!objects) return [{ path, kind: 'changed', before: a, after: b }];
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.flatMap((key) => {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!(key in right)) return [{ path: at, kind: 'removed' as const, before: left[key] }];
    if (!(key in left)) return [{ path: at, kind: 'added' as const, after: right[key] }];
    return diffValues(left[key], right[key], at);
  });
}

type Schema = { properties?: Record<string, { type?: unknown; format?: unknown; enum?: unknown }>; required?: string[] };

export function studioChecks(_forms: PublishedForms) {
  return {
    /** Refuses content that is not of its kind's shape. */
    shape(kind: ContentKind, content: unknown): void {
      if (!shapeOf[kind](content)) throw new ApiError('INVALID_INPUT');
    },

    async check(kind: ContentKind, name: string, content: unknown): Promise<Check[]> {
      if (kind !== 'form') return [];
      try {
        await buildFormAssets(name, 0, content as never);
        return [];
      } catch (error) {
        return [{ id: 'schemaInvalid', severity: 'error', code: 'studio.checks.schemaInvalid', params: { message: String((error as Error).message).slice(0, 200) }, path: '/schema' }];
      }
    },

    breaking(before: { schema: unknown }, after: { schema: unknown }): Breaking[] {
      const a = before.schema as Schema;
      const b = after.schema as Schema;
      const found: Breaking[] = [];
      for (const field of a.required ?? []) {
        const now = b.properties?.[field];
        if (!now) found.push({ id: `removed:${field}`, kind: 'removed', field });
        else if (JSON.stringify(now.type) !== JSON.stringify(a.properties?.[field]?.type)) found.push({ id: `retyped:${field}`, kind: 'retyped', field, before: String(a.properties?.[field]?.type), after: String(now.type) });
      }
      return found;
    },

    normalizeFlow(flow: FlowContent): FlowContent {
      const end = flow.steps.at(-1)?.next ?? '/homeIndex';
      const lastNext = flow.steps.find((s) => !flow.steps.some((t) => t.route === s.next))?.next ?? end;
      return { steps: flow.steps.map((s, i) => ({ ...s, next: flow.steps[i + 1]?.route ?? lastNext })) };
    },

    diff(a: unknown, b: unknown): Change[] {
      return diffValues(a, b);
    },
  };
}
