/**
 * What a step's uiSchema shows that depends on what the borrower typed: the age derived from the birth date under
 * it, and the ID number's placeholder written like the chosen document. Pure: the screen calls it on every change.
 */
import type { UiSchema } from '@rjsf/utils';
import { idExample } from '#domain/ph-id-examples.ts';
import { derivedAge, record } from '#domain/step-checks.ts';
import { keyWithValues } from '#forms/form-text.ts';

/** The uiSchema of step form `schema` for `data` on `today` (YYYY-MM-DD, Manila). */
export function stepUi(schema: string, ui: UiSchema, data: unknown, today: string): UiSchema {
  if (schema !== 'identity') return ui;
  const values = record(data);
  const out: UiSchema = { ...ui };
  const age = derivedAge(values['birthDate'], today);
  if (age !== null && ui['birthDate'] !== undefined)
    out['birthDate'] = { ...ui['birthDate'], 'ui:help': keyWithValues('identity.ageIs', { age }) };
  const example = idExample(values['idType']);
  const idNumber = ui['idNumber'] as UiSchema | undefined;
  if (idNumber !== undefined) {
    const { 'ui:placeholder': placeholder, ...rest } = idNumber;
    out['idNumber'] =
      example !== undefined && typeof placeholder === 'string'
        ? { ...idNumber, 'ui:placeholder': keyWithValues(placeholder, { example }) }
        : rest;
  }
  return out;
}
