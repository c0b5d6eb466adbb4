/**
 * The shapes the form studio's checks answer with (the studio API's contract, api-contract/staff-forms.ts): the server returns them with a version and
 * refuses to submit while an error stands; the staff console shows them with the texts of their `code`. Pure types.
 */

/** One finding on a draft: `code` is a staff i18n key (`studio.checks.<name>`), `params` its interpolation values. */
export interface Check {
  /** Stable across saves of the same problem (`<code>:<path>`), so the console can keep its place. */
  readonly id: string;
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;
  /** A JSON pointer into the content: `/schema/properties/companyName`, `/texts/fil/companyName`. */
  readonly path: string;
  /** The property the finding is about, when there is one. */
  readonly field?: string;
}

/** A change that saved profiles would no longer pass: acknowledged by id before a submit. */
export interface Breaking {
  /** Stable: `removed:companyName`, `retyped:yearsWorked`, `invalid:lastName`. */
  readonly id: string;
  /** Removed or retyped (found in the schemas); invalid: saved answers the new rules refuse (found in the data). */
  readonly kind: 'removed' | 'retyped' | 'invalid';
  readonly field: string;
  /** What the field accepted and accepts (`type string; enum a, b`), for a retyped field. */
  readonly before?: string;
  readonly after?: string;
  /** How many completed profiles hold a value of the field: the server fills it. */
  readonly affected?: number;
}

/** One difference between two contents, at a JSON pointer. */
export interface Change {
  readonly path: string;
  readonly kind: 'added' | 'removed' | 'changed';
  readonly before?: unknown;
  readonly after?: unknown;
}

/** One step form as versioned content (structurally domain/form-content.ts `FormContent`; the engine knows no product). */
export interface FormContentLike {
  readonly schema: Record<string, unknown>;
  readonly uiSchema: Record<string, unknown>;
  /** The form's own texts per language: the key `<form>.a.b` reads `texts[lng].a.b`. */
  readonly texts: Readonly<Record<string, Record<string, unknown>>>;
}

/** The step order (structurally `FlowContent`). */
export interface FlowStepLike {
  readonly step: string;
  readonly schema: string;
  readonly route: string;
  readonly next: string;
}
export interface FlowContentLike {
  readonly steps: readonly FlowStepLike[];
}

/** A sub-product theme (structurally `ThemeContent`). */
export interface ThemeContentLike {
  readonly id: number;
  readonly properties: Readonly<Record<string, string>>;
}

/** `${code}:${path}` checks, built the same way everywhere. */
export function check(
  severity: Check['severity'],
  name: string,
  path: string,
  params: Record<string, string | number> = {},
  field?: string,
): Check {
  const code = `studio.checks.${name}`;
  return { id: `${name}:${path}`, severity, code, params, path, ...(field !== undefined && { field }) };
}

/** RFC 6901 pointer of path segments. */
export function pointer(...segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
