/**
 * The key rotation command (README, "Data keys"): `npx tsx server/crypto/rotate-keys.ts` with the server's own
 * environment (DATA_KEYS with the new key first, DATABASE_URL or DATA_DIR, STORAGE_PROVIDER and S3_*). Rewrites every
 * encrypted value, keyed hash and uploaded file that is not under the current key, then prints the counts. Safe to run
 * while the servers run (each row is rewritten only if unchanged since read) and to run again.
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '../db/database.ts';
import { createEncryptedStorage } from '../providers/storage/encrypted.ts';
import { createFileStorage, readStorageSettings } from '../providers/storage/index.ts';
import { loadOrCreateDataKeys } from '../secret.ts';
import { setDataKeys } from './data-keys.ts';
import { parseDataKeys } from './keyring.ts';
import { rotateDataKeys } from './reencrypt.ts';

const env = process.env;
const dataDir = resolve(env['DATA_DIR'] ?? 'data');
const keysText = env['DATA_KEYS']?.trim();
const parsed = keysText ? parseDataKeys(keysText) : {};
const storage = readStorageSettings({ UPLOAD_DIR: join(dataDir, 'uploads'), ...env });
const problems = [...(parsed.problem ? [`DATA_KEYS: ${parsed.problem}`] : []), ...storage.problems];
if (problems.length > 0 || !storage.settings) {
  for (const problem of problems) console.error(`Configuration error: ${problem}`);
  process.exit(1);
}
const keyring = loadOrCreateDataKeys(dataDir, parsed.keys);
setDataKeys(keyring);
const databaseUrl = env['DATABASE_URL']?.trim() || undefined;
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pglite') });
try {
  const report = await rotateDataKeys(
    database.db,
    keyring,
    createEncryptedStorage(createFileStorage(storage.settings), keyring),
  );
  console.log(`Current data key: ${keyring.currentId}`);
  for (const [column, count] of Object.entries(report.rows)) console.log(`  ${column}: ${count} rows rewritten`);
  console.log(
    `  files: ${report.files.resealed} rewritten, ${report.files.current} already current, ${report.files.missing} missing`,
  );
  console.log(`Every value is now under "${keyring.currentId}": older keys can be removed from DATA_KEYS.`);
} catch (error) {
  console.error(`Rotation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
