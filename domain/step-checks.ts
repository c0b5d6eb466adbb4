/**
 * Rules of a step that a JSON Schema cannot hold because they need context from outside the form: today's date in
 * Manila for the borrower's age, the registered phone for the emergency contacts. They run in the form after the
 * compiled validator, on the normalised data (SchemaForm `check` in the browser, the profile routes on the server), and
 * report errors the way it does, so the same key scheme translates them.
 */
import { ageOn, isCalendarDate, manilaToday } from './calendar-date.ts';

/** An error as a compiled validator reports one (ajv's shape): where, which rule, its values. */
export interface CheckError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
}

/** Rules over a step's normalised data, run after its schema: the form's and the server's. */
export type FormCheck = (data: unknown) => CheckError[];

/** What the checks need to know about the borrower and the day. */
export interface CheckContext {
  /** The registered mobile number, national form (9XXXXXXXXX), when logged in. */
  readonly registeredPhone?: string;
  /** Today in Manila, YYYY-MM-DD. */
  readonly today: string;
  /** The ages at which a borrower may apply (config/product.json borrowerAge). */
  readonly age: { readonly min: number; readonly max: number };
}

/** `data` as an object's fields, or none. */
export const record = (data: unknown): Record<string, unknown> =>
  data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};

/** The age derived from a valid birth date (the compiled validator already refused an invalid one), or null. */
export function derivedAge(birthDate: unknown, today: string): number | null {
  return typeof birthDate === 'string' ? ageOn(birthDate, today) : null;
}

/** identity: the age derived from the birth date is within the product's range. */
export function ageCheck(ctx: CheckContext): FormCheck {
  return (data) => {
    const birthDate = record(data)['birthDate'];
    // An invalid date is the schema's error; a date after today has no age and is refused here.
    if (typeof birthDate !== 'string' || !isCalendarDate(birthDate)) return [];
    const age = ageOn(birthDate, ctx.today);
    if (age !== null && age >= ctx.age.min && age <= ctx.age.max) return [];
    const error: CheckError = {
      instancePath: '/birthDate',
      schemaPath: '#/age',
      keyword: 'age',
      params: { min: ctx.age.min, max: ctx.age.max },
    };
    return [error];
  };
}

/** contact: no emergency contact has the borrower's own registered number. */
export function registeredPhoneCheck(ctx: CheckContext): FormCheck {
  return (data) => {
    const contacts = record(data)['emergencyContacts'];
    if (!ctx.registeredPhone || !Array.isArray(contacts)) return [];
    return contacts.flatMap((contact, i): CheckError[] =>
      record(contact)['phone'] === ctx.registeredPhone
        ? [
            {
              instancePath: `/emergencyContacts/${i}/phone`,
              schemaPath: '#/registeredPhone',
              keyword: 'registeredPhone',
              params: {},
            },
          ]
        : [],
    );
  };
}

/** The checks of each step schema, by schema name. */
export const STEP_CHECKS: Readonly<Record<string, (ctx: CheckContext) => FormCheck>> = {
  identity: ageCheck,
  contact: registeredPhoneCheck,
};

/** The check of a step in context, or undefined when the step has none. */
export function stepCheck(schema: string, ctx: CheckContext): FormCheck | undefined {
  return STEP_CHECKS[schema]?.(ctx);
}

/** A context for now. */
export function checkContext(
  registeredPhone: string | undefined,
  age: CheckContext['age'],
  now = new Date(),
): CheckContext {
  return { registeredPhone, today: manilaToday(now), age };
}
