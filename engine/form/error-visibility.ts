import { createContext, useContext } from 'react';
import { toPath } from '@rjsf/utils';
import type { RJSFValidationError } from '@rjsf/utils';

/** The id RJSF gives the field at an error's `property` (`.contacts.1.phone` -> `root_contacts_1_phone`). */
export function fieldIdOf(property: string | undefined, idPrefix = 'root', separator = '_'): string {
  return [idPrefix, ...toPath(property ?? '').filter((s) => s !== '')].join(separator);
}

/**
 * Whether the borrower should see the errors of the field with id `id` now: always once the form was submitted;
 * before that once they left (blurred) the field itself or, for a group (an object, a list item), a field inside it.
 */
export function showsErrorsOf(id: string, touched: ReadonlySet<string>, all: boolean): boolean {
  if (all) return true;
  for (const blurred of touched)
    if (blurred === id || blurred.startsWith(`${id}_`) || blurred.startsWith(`${id}-`)) return true;
  return false;
}

/** The errors a borrower should see now (`showsErrorsOf` their field). */
export function visibleErrors(
  errors: readonly RJSFValidationError[],
  touched: ReadonlySet<string>,
  all: boolean,
): RJSFValidationError[] {
  return errors.filter((error) => showsErrorsOf(fieldIdOf(error.property), touched, all));
}

/** Which fields show their errors; provided by SchemaForm to the error template and the inputs (`aria-invalid`). */
export interface ErrorReveal {
  readonly shows: (fieldId: string) => boolean;
}

/** Without a SchemaForm around (a template rendered alone), every error shows. */
export const ErrorRevealContext = createContext<ErrorReveal>({ shows: () => true });

/** Whether the field `fieldId` shows its errors now. */
export function useShowsErrors(fieldId: string): boolean {
  return useContext(ErrorRevealContext).shows(fieldId);
}

/**
 * Errors in the order their fields appear on screen (`order`: field ids top to bottom; an error's field or its
 * nearest enclosing group counts), unknown ones last. RJSF focuses the first error, so this picks the field focused.
 */
export function inFieldOrder(
  errors: readonly RJSFValidationError[],
  order: readonly string[],
  idPrefix = 'root',
): RJSFValidationError[] {
  const rank = (error: RJSFValidationError): number => {
    let id = fieldIdOf(error.property, idPrefix);
    for (;;) {
      const at = order.indexOf(id);
      if (at >= 0) return at;
      const cut = id.lastIndexOf('_');
      if (cut < 0) return Number.MAX_SAFE_INTEGER;
      id = id.slice(0, cut);
    }
  };
  return errors
    .map((error, index) => ({ error, index, rank: rank(error) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.error);
}
