/**
 * "plain" (opt-in baseline, BENCH_FORMS=ours,stock,plain): the step's text and choice fields as plain React
 * controlled inputs with RJSF's ids, no RJSF and no validation, behind the same harness. It shows what React, the
 * browser and the throttled CPU cost by themselves, so the distance to it is what a form library adds.
 */
import { useCallback } from 'react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { schema } from 'virtual:bench-step';
import type { BenchFormProps } from './harness.tsx';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

function deref(node: unknown): Node {
  let current: unknown = node;
  for (let hops = 0; isNode(current) && typeof current['$ref'] === 'string' && hops < 16; hops += 1) {
    const path = current['$ref']
      .slice(2)
      .split('/')
      .filter((s) => s !== '');
    current = path.reduce<unknown>((at, key) => (isNode(at) ? at[key] : undefined), schema);
  }
  return isNode(current) ? current : {};
}

function setIn(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const copy = (Array.isArray(data) ? [...(data as unknown[])] : { ...(isNode(data) ? data : {}) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setIn(copy[head], rest, value);
  return copy;
}

function getIn(data: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined),
    data,
  );
}

/** No notes: this form is a baseline, not a contender. */
export const notes: string[] = ['baseline: plain React inputs, no RJSF, no validation'];

export function BenchForm({ formData, onChange }: BenchFormProps) {
  const change = useCallback(
    (path: readonly (string | number)[]) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange(setIn(formData, path, event.target.value === '' ? undefined : event.target.value)),
    [formData, onChange],
  );
  const fields = (node: Node, path: readonly (string | number)[]): ReactNode[] => {
    const out: ReactNode[] = [];
    for (const [key, raw] of Object.entries(isNode(node['properties']) ? node['properties'] : {})) {
      const prop = deref(raw);
      const at = [...path, key];
      const id = ['root', ...at].join('_');
      if (prop['type'] === 'object') out.push(...fields(prop, at));
      else if (prop['type'] === 'array' && prop['items'] !== undefined) {
        const count = Math.max(1, Number(prop['minItems'] ?? 1));
        for (let i = 0; i < count; i += 1) out.push(...fields(deref(prop['items']), [...at, i]));
      } else if (Array.isArray(prop['enum'])) {
        out.push(
          <label key={id}>
            {String(prop['title'] ?? key)}
            <select id={id} value={String(getIn(formData, at) ?? '')} onChange={change(at)}>
              <option value="" />
              {prop['enum'].map((v) => (
                <option key={String(v)} value={String(v)}>
                  {String(v)}
                </option>
              ))}
            </select>
          </label>,
        );
      } else {
        out.push(
          <label key={id}>
            {String(prop['title'] ?? key)}
            <input id={id} type="text" value={String(getIn(formData, at) ?? '')} onChange={change(at)} />
          </label>,
        );
      }
    }
    return out;
  };
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <form onSubmit={submit} noValidate>
      {fields(deref(schema), [])}
      <button type="submit">Submit</button>
    </form>
  );
}
