/**
 * Keyed hashes of the encrypted values that lookups compare for equality: a phone (audit_log.phone_hash) and an
 * identity document number (profile_sections.id_number_hash of identityInfo), a full name (profile_sections.name_hash),
 * what a staff member searched customers for (audit_log.detail.queryHash). Values are normalised first so the same
 * number typed another way hashes the same. Look up with every key's hash (`keyedHashes`): rows written before a key
 * rotation keep their old key's hash until the rotation rewrites them.
 */
import { keyedHash, keyedHashes } from './envelope.ts';
import type { Keyring } from './keyring.ts';

const PHONE = 'phone';
const ID_NUMBER = 'id-number';
const NAME = 'name';
const FACEBOOK_USER = 'facebook-user';

/** A phone in national form (9XXXXXXXXX); +63 and 0 prefixes, spaces and dashes are dropped. */
const normalPhone = (phone: string) => phone.replace(/[\s-]/gu, '').replace(/^(?:\+?63|0)(?=9\d{9}$)/u, '');
/** An ID as `<idType>:<number>`, the number upper-case without spaces or dashes. */
const normalId = (idType: string, idNumber: string) => `${idType}:${idNumber.replace(/[\s-]/gu, '').toUpperCase()}`;

/** The keyed hash of a phone under the current key. */
export function phoneHash(keyring: Keyring, phone: string): string {
  return keyedHash(keyring, PHONE, normalPhone(phone));
}

/** The hashes of a phone under every key: `inArray(auditLog.phoneHash, phoneHashes(...))`. */
export function phoneHashes(keyring: Keyring, phone: string): string[] {
  return keyedHashes(keyring, PHONE, normalPhone(phone));
}

/**
 * What an erased customer's `phone` becomes (server/services/staff/deletion.ts): `erased:<keyed hash>`, unique like the number
 * was, and what the number's SMS codes of the day are re-keyed to, so the daily SMS limit still counts them.
 */
export function erasedPhone(keyring: Keyring, phone: string): string {
  return `erased:${phoneHash(keyring, phone)}`;
}

/** `erasedPhone` under every key: the daily SMS limit looks for all of them. */
export function erasedPhones(keyring: Keyring, phone: string): string[] {
  return phoneHashes(keyring, phone).map((hash) => `erased:${hash}`);
}

/** The keyed hash of an identityInfo section's document (idType + idNumber), or null for other data. */
export function idNumberHash(keyring: Keyring, data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { idType, idNumber } = data as Record<string, unknown>;
  return typeof idType === 'string' && typeof idNumber === 'string' && idNumber
    ? keyedHash(keyring, ID_NUMBER, normalId(idType, idNumber))
    : null;
}

/** The hashes of a document number under every key, for a duplicate check. */
export function idNumberHashes(keyring: Keyring, idType: string, idNumber: string): string[] {
  return keyedHashes(keyring, ID_NUMBER, normalId(idType, idNumber));
}

/** A full name lower-case, accents stripped, single spaces: 'Juan  DELA Crúz' and 'juan dela cruz' hash the same. */
export const normalName = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();

/**
 * The keyed hash of an identityInfo section's full name (its one `name` field), or null for other data: staff find a
 * customer by name with it (profile_sections.name_hash); a null hash on other steps, or a row with no name, is not found.
 */
export function nameHash(keyring: Keyring, data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { name } = data as Record<string, unknown>;
  return typeof name === 'string' && normalName(name) ? keyedHash(keyring, NAME, normalName(name)) : null;
}

/** The hashes of a full name under every key, for a search. */
export function nameHashes(keyring: Keyring, name: string): string[] {
  return keyedHashes(keyring, NAME, normalName(name));
}

/** The keyed hash of a Facebook user id (facebook_bindings.fb_user_hash): one Facebook account binds to one customer. */
export function facebookUserHash(keyring: Keyring, fbUserId: string): string {
  return keyedHash(keyring, FACEBOOK_USER, fbUserId);
}

/** `facebookUserHash` under every key. */
export function facebookUserHashes(keyring: Keyring, fbUserId: string): string[] {
  return keyedHashes(keyring, FACEBOOK_USER, fbUserId);
}

/** What staff search customers by (server/services/staff/customers.ts SEARCH_KEYS). */
export type SearchedBy = 'phone' | 'name' | 'order' | 'idNumber';

const SEARCH = 'staff-search';

/**
 * A staff search's query as the search compares it: a phone in national form, a name as `normalName`, an ID number
 * upper-case without spaces or dashes (whatever its type), an order number trimmed and upper-case; prefixed by what was
 * searched by, so a phone and an ID number with the same digits hash apart.
 */
const normalSearch = (by: SearchedBy, q: string): string => {
  const normal =
    by === 'phone'
      ? normalPhone(q)
      : by === 'name'
        ? normalName(q)
        : by === 'idNumber'
          ? q.replace(/[\s-]/gu, '').toUpperCase()
          : q.trim().toUpperCase();
  return `${by}:${normal}`;
};

/**
 * The keyed hash of what a staff member searched for, kept in the search's audit row (`detail.queryHash`) instead of
 * the query: who looked for whom can be reconstructed by someone holding a candidate value (`searchHashes`), and by
 * no one from the log alone.
 */
export function searchHash(keyring: Keyring, by: SearchedBy, q: string): string {
  return keyedHash(keyring, SEARCH, normalSearch(by, q));
}

/** `searchHash` under every key: an auditor's candidate value against searches recorded before a rotation. */
export function searchHashes(keyring: Keyring, by: SearchedBy, q: string): string[] {
  return keyedHashes(keyring, SEARCH, normalSearch(by, q));
}
