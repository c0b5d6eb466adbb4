/**
 * Which query parameters are remembered and where (spec section 2): isBrowser=true in session storage, standalone
 * and Messenger in local storage, campaign/adgroup/creative together as one promotion record in session storage.
 */

/** Writes to perform, as key -> value per storage area. */
export interface StorageWrites {
  local: Record<string, string>;
  session: Record<string, string>;
}

/** The promotion record kept in session storage under `promotion`. */
export interface Promotion {
  campaign?: string;
  adgroup?: string;
  creative?: string;
}

const PROMOTION_FIELDS = ['campaign', 'adgroup', 'creative'] as const;

/** Computes the storage writes a query string asks for. */
export function queryStorageWrites(search: string): StorageWrites {
  const params = new URLSearchParams(search);
  const writes: StorageWrites = { local: {}, session: {} };
  if (params.get('isBrowser') === 'true') writes.session['isBrowser'] = 'true';
  for (const key of ['standalone', 'Messenger'] as const) {
    const value = params.get(key);
    if (value !== null) writes.local[key] = value;
  }
  const promotion: Promotion = {};
  for (const field of PROMOTION_FIELDS) {
    const value = params.get(field);
    if (value !== null) promotion[field] = value;
  }
  if (Object.keys(promotion).length > 0) writes.session['promotion'] = JSON.stringify(promotion);
  return writes;
}
