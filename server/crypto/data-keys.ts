/**
 * The process's keyring, for the encrypted column types (server/crypto/columns.ts): Drizzle maps a column's values
 * without a context, so the keys are set once per process (server/main.ts; test databases use fixed test keys)
 * before any row is read or written.
 */
import type { Keyring } from './keyring.ts';

let installed: Keyring | undefined;

/** Sets the keyring every encrypted column uses from now on. */
export function setDataKeys(keyring: Keyring): void {
  installed = keyring;
}

/** The keyring set by setDataKeys; throws when none was set (a value must never be written in the clear). */
export function dataKeys(): Keyring {
  if (!installed)
    throw new Error('data keys are not loaded: call setDataKeys() before using the database (server/main.ts does)');
  return installed;
}
