/**
 * Facebook username rules. Facebook's Help Center ("What are the guidelines around creating a custom username?")
 * says: only letters a-z, digits 0-9 and periods; at least 5 characters; capitalisation and periods "don't count"
 * (so usernames are compared in lower case); no domain extensions such as .com or .net. The rest is not in the Help
 * Center and comes from how Facebook's username form behaves as commonly reported: at most 50 characters, not only
 * digits (we also refuse digits-and-periods only), no period first or last, no two periods in a row. The 5 and 50
 * are counted on the whole username including periods. Unconfirmed against a primary source; a wrong rule here only
 * rejects a typed handle, it never blocks a loan.
 */

/** A normalised (lower-case, no "@") Facebook username. */
export const FACEBOOK_USERNAME_PATTERN =
  '^(?=.{5,50}$)(?![0-9.]*$)(?!.*\\.\\.)(?!.*\\.(?:com|net)(?:\\.|$))[a-z0-9](?:[a-z0-9.]*[a-z0-9])?$';

const USERNAME = new RegExp(FACEBOOK_USERNAME_PATTERN, 'u');

/** The username in lower case, without surrounding spaces or a leading "@", when it follows Facebook's rules; else null. */
export function normalizeFacebookUsername(input: string): string | null {
  const candidate = input.trim().replace(/^@/u, '').toLowerCase();
  return USERNAME.test(candidate) ? candidate : null;
}

/** True when `input` is a Facebook username by Facebook's rules (any capitalisation, optional leading "@"). */
export function isFacebookUsername(input: string): boolean {
  return normalizeFacebookUsername(input) !== null;
}
