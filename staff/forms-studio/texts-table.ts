/**
 * A form's texts as a table (one row a key, one column a language) and its CSV form (`key,en,fil,zh`, the key in full:
 * `workInfo.companyName`) for translators. An import is all or nothing: unknown keys, rows that do not parse or lack
 * a key are reported, and the texts change only when there are none.
 */
import Papa from 'papaparse';
import { FORM_LANGUAGES, type FormContent, type FormLanguage } from '#domain/form-content.ts';
import { prefixOf, setText, textAt } from './outline.ts';

export interface TextRow {
  readonly key: string;
  readonly texts: Readonly<Record<FormLanguage, string>>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function flatten(tree: unknown, prefix: string, out: Set<string>): void {
  if (!isObject(tree)) return;
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.add(`${prefix}${key}`);
    else flatten(value, `${prefix}${key}.`, out);
  }
}

/** Every string of a JSON tree that is one of the form's own keys (`<form>.…`, no spaces). */
function keysIn(node: unknown, prefix: string, out: Set<string>): void {
  if (typeof node === 'string') {
    const key = node.split('?')[0]!;
    if (key.startsWith(prefix) && key.length > prefix.length && !/\s/u.test(key)) out.add(key);
  } else if (Array.isArray(node)) node.forEach((item) => keysIn(item, prefix, out));
  else if (isObject(node)) Object.values(node).forEach((item) => keysIn(item, prefix, out));
}

/** The form's text keys (what any language has, and what the schema and uiSchema name), sorted. */
export function textKeys(content: FormContent, form: string): string[] {
  const prefix = prefixOf(form);
  const keys = new Set<string>();
  for (const lng of FORM_LANGUAGES) flatten(content.texts[lng], prefix, keys);
  keysIn(content.schema, prefix, keys);
  keysIn(content.uiSchema, prefix, keys);
  // A key with texts below it (`workInfo.options`) is a group, not a text.
  return [...keys].filter((key) => ![...keys].some((other) => other.startsWith(`${key}.`))).sort();
}

export function textRows(content: FormContent, form: string): TextRow[] {
  const prefix = prefixOf(form);
  return textKeys(content, form).map((key) => ({
    key,
    texts: Object.fromEntries(
      FORM_LANGUAGES.map((lng) => [lng, textAt(content.texts[lng], key.slice(prefix.length)) ?? '']),
    ) as Record<FormLanguage, string>,
  }));
}

export const CSV_COLUMNS = ['key', ...FORM_LANGUAGES] as const;

export function textsCsv(content: FormContent, form: string): string {
  const rows = textRows(content, form).map((row) => [row.key, ...FORM_LANGUAGES.map((lng) => row.texts[lng])]);
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}

/** Why an import was refused: the row number (1 = the first after the header) and the problem's i18n key suffix. */
export interface ImportProblem {
  readonly row: number;
  readonly problem: 'columns' | 'malformed' | 'noKey' | 'unknownKey' | 'duplicateKey';
  readonly key?: string;
}

export type ImportResult =
  | { readonly ok: true; readonly content: FormContent; readonly changed: number }
  | { readonly ok: false; readonly problems: readonly ImportProblem[] };

/** Reads a CSV of texts into the content, all of it or nothing. */
export function importTextsCsv(content: FormContent, form: string, csv: string): ImportResult {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/u, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const problems: ImportProblem[] = [];
  const fields = parsed.meta.fields ?? [];
  if (CSV_COLUMNS.some((column) => !fields.includes(column)))
    return { ok: false, problems: [{ row: 0, problem: 'columns' }] };
  for (const error of parsed.errors) problems.push({ row: (error.row ?? 0) + 1, problem: 'malformed' });
  const known = new Set(textKeys(content, form));
  const seen = new Set<string>();
  let out = content;
  let changed = 0;
  parsed.data.forEach((record, index) => {
    const row = index + 1;
    if (problems.some((p) => p.row === row)) return;
    const key = (record['key'] ?? '').trim();
    if (key === '') return void problems.push({ row, problem: 'noKey' });
    if (!known.has(key)) return void problems.push({ row, problem: 'unknownKey', key });
    if (seen.has(key)) return void problems.push({ row, problem: 'duplicateKey', key });
    seen.add(key);
    for (const lng of FORM_LANGUAGES) {
      const value = record[lng] ?? '';
      const before = textAt(out.texts[lng], key.slice(prefixOf(form).length)) ?? '';
      if (value !== before) {
        out = setText(out, form, key, lng, value);
        changed += 1;
      }
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, content: out, changed };
}
