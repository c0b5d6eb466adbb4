/**
 * Column types that encrypt transparently: the code reading and writing rows sees the plain value; the database holds
 * a text envelope (server/crypto/envelope.ts) bound to the column's place. `encryptedJson` keeps the column jsonb (the
 * envelope is a JSON string), `encryptedText` keeps it text, so no column changes type. Rows written before
 * encryption (clear JSON, clear text) still read; the start-up step (server/crypto/reencrypt.ts) encrypts them.
 * No SQL may look inside these columns: select the row and read the value in code.
 */
import { customType } from 'drizzle-orm/pg-core';
import { dataKeys } from './data-keys.ts';
import { isTextEnvelope, openText, sealText } from './envelope.ts';

/** A jsonb column whose value is kept as an envelope; `place` is `<table>.<column>`. */
export function encryptedJson<TData = unknown>(name: string, place: string) {
  return customType<{ data: TData; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(sealText(dataKeys(), JSON.stringify(value), place)),
    fromDriver: (stored) => {
      // The drivers hand jsonb over parsed; accept its text too (a driver without the jsonb parser).
      let value = stored;
      if (typeof value === 'string' && !isTextEnvelope(value)) value = JSON.parse(value) as unknown;
      if (typeof value === 'string' && isTextEnvelope(value))
        return JSON.parse(openText(dataKeys(), value, place)) as TData;
      return value as TData; // a row from before encryption
    },
  })(name);
}

/** A text column whose value is kept as an envelope; `place` is `<table>.<column>`. */
export function encryptedText(name: string, place: string) {
  return customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealText(dataKeys(), value, place),
    fromDriver: (stored) => (isTextEnvelope(stored) ? openText(dataKeys(), stored, place) : stored),
  })(name);
}
