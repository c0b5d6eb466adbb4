/**
 * Bringing stored personal data under the data keys, idempotently:
 * - at start (`encryptClearRows`, server/main.ts): rows written in the clear before encryption (installs from before
 *   migration 0004) are encrypted under the current key, their keyed hashes filled, and every key id found in the
 *   encrypted columns must be in the keyring (else the server stops: a key was dropped from DATA_KEYS too early);
 * - on demand (`rotateDataKeys`, `npx tsx server/crypto/rotate-keys.ts`): every value, keyed hash and uploaded file
 *   not under the current key is rewritten under it, after which older keys can leave DATA_KEYS.
 * Rows are read and rewritten in batches by primary key; an update only applies when the row still holds what was
 * read, so a concurrent write by the app (already encrypted under the current key) wins.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { EncryptedFileStorage } from '../providers/storage/encrypted.ts';
import { isTextEnvelope, keyIdOfText, openText, sealText } from './envelope.ts';
import type { Keyring } from './keyring.ts';
import { UnknownDataKeyError } from './keyring.ts';
import { facebookUserHash, idNumberHash, nameHash, phoneHash } from './lookup-hashes.ts';

interface EncryptedColumn {
  readonly table: string;
  readonly column: string;
  /** The place the column type binds its values to (server/db/tables.ts). */
  readonly place: string;
  readonly json: boolean;
  readonly keys: readonly string[];
  /** Keyed hashes kept beside the value (a column may have several: profile_sections has the ID number's and the name's). */
  readonly hashes?: readonly {
    readonly column: string;
    readonly of: (keyring: Keyring, value: unknown) => string | null;
    readonly rows?: SQL;
  }[];
}

/** Every encrypted column of server/db/tables.ts. */
export const ENCRYPTED_COLUMNS: readonly EncryptedColumn[] = [
  {
    table: 'profile_sections',
    column: 'data',
    place: 'profile_sections.data',
    json: true,
    keys: ['customer_id', 'step'],
    hashes: [
      { column: 'id_number_hash', of: idNumberHash, rows: sql`step = 'identityInfo'` },
      { column: 'name_hash', of: nameHash, rows: sql`step = 'identityInfo'` },
    ],
  },
  { table: 'payouts', column: 'account', place: 'payouts.account', json: true, keys: ['id'] },
  { table: 'loan_orders', column: 'payout_account', place: 'loan_orders.payout_account', json: true, keys: ['id'] },
  {
    table: 'audit_log',
    column: 'phone',
    place: 'audit_log.phone',
    json: false,
    keys: ['id'],
    hashes: [
      { column: 'phone_hash', of: (keyring, value) => (typeof value === 'string' ? phoneHash(keyring, value) : null) },
    ],
  },
  { table: 'feedback', column: 'text', place: 'feedback.text', json: false, keys: ['id'] },
  { table: 'feedback', column: 'reply', place: 'feedback.reply', json: false, keys: ['id'] },
  { table: 'staff_accounts', column: 'totp_secret', place: 'staff_accounts.totp_secret', json: false, keys: ['id'] },
  {
    table: 'staff_accounts',
    column: 'totp_pending_secret',
    place: 'staff_accounts.totp_pending_secret',
    json: false,
    keys: ['id'],
  },
  { table: 'staff_notes', column: 'text', place: 'staff_notes.text', json: false, keys: ['id'] },
  { table: 'deletion_requests', column: 'note', place: 'deletion_requests.note', json: false, keys: ['id'] },
  { table: 'coupon_grants', column: 'reason', place: 'coupon_grants.reason', json: false, keys: ['id'] },
  { table: 'collection_contacts', column: 'note', place: 'collection_contacts.note', json: false, keys: ['id'] },
  { table: 'collection_disputes', column: 'note', place: 'collection_disputes.note', json: false, keys: ['id'] },
  {
    table: 'collection_disputes',
    column: 'resolution_note',
    place: 'collection_disputes.resolution_note',
    json: false,
    keys: ['id'],
  },
  {
    table: 'facebook_bindings',
    column: 'fb_user_id',
    place: 'facebook_bindings.fb_user_id',
    json: false,
    keys: ['id'],
    hashes: [
      {
        column: 'fb_user_hash',
        of: (keyring, value) => (typeof value === 'string' ? facebookUserHash(keyring, value) : null),
      },
    ],
  },
  { table: 'facebook_bindings', column: 'name', place: 'facebook_bindings.name', json: false, keys: ['id'] },
];

const BATCH = 500;

type Row = Record<string, string | null>;

async function rows(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const id = (name: string) => sql.identifier(name);

/** The envelope text of a column (jsonb: the JSON string's content). */
const envelopeText = (c: EncryptedColumn) => (c.json ? sql`(${id(c.column)} #>> '{}')` : id(c.column));
const isEnvelope = (c: EncryptedColumn) =>
  c.json
    ? sql`(jsonb_typeof(${id(c.column)}) = 'string' and left(${envelopeText(c)}, 3) = 'v1.')`
    : sql`left(${id(c.column)}, 3) = 'v1.'`;
const underKey = (c: EncryptedColumn, keyId: string) =>
  sql`left(${envelopeText(c)}, ${`v1.${keyId}.`.length}) = ${`v1.${keyId}.`}`;

/** The rows of a column to rewrite: clear ones (or, rotating, any not under the current key), and missing or stale hashes. */
function pending(c: EncryptedColumn, keyring: Keyring, rotate: boolean): SQL {
  const value = rotate
    ? sql`(not ${isEnvelope(c)} or not ${underKey(c, keyring.currentId)})`
    : sql`not ${isEnvelope(c)}`;
  if (!c.hashes?.length) return sql`${id(c.column)} is not null and ${value}`;
  const prefix = `h1.${keyring.currentId}.`;
  const stale = c.hashes.map((h) => {
    const staleHash = rotate
      ? sql`(${id(h.column)} is null or left(${id(h.column)}, ${prefix.length}) <> ${prefix})`
      : sql`${id(h.column)} is null`;
    return h.rows ? sql`(${h.rows} and ${staleHash})` : staleHash;
  });
  return sql`${id(c.column)} is not null and (${value} or ${sql.join(stale, sql` or `)})`;
}

/** Rewrites the pending rows of one column; answers how many rows changed. */
async function rewriteColumn(db: Database, keyring: Keyring, c: EncryptedColumn, rotate: boolean): Promise<number> {
  let changed = 0;
  for (;;) {
    const keyList = sql.join(
      c.keys.map((key, i) => sql`${id(key)}::text as ${id(`k${i}`)}`),
      sql`, `,
    );
    const batch = await rows(
      db,
      sql`select ${keyList}, ${id(c.column)}::text as raw from ${id(c.table)} where ${pending(c, keyring, rotate)} limit ${BATCH}`,
    );
    let progress = 0;
    for (const row of batch) {
      const raw = row['raw']!;
      const stored = c.json ? (JSON.parse(raw) as unknown) : raw;
      const wasEnvelope = typeof stored === 'string' && isTextEnvelope(stored);
      const plainText = wasEnvelope ? openText(keyring, stored, c.place) : c.json ? raw : (stored as string);
      const plain = c.json ? (JSON.parse(plainText) as unknown) : plainText;
      const keep = wasEnvelope && (!rotate || keyIdOfText(stored) === keyring.currentId);
      const envelope = keep ? (stored as string) : sealText(keyring, plainText, c.place);
      const next = c.json ? sql`${JSON.stringify(envelope)}::jsonb` : sql`${envelope}`;
      const sets = [sql`${id(c.column)} = ${next}`];
      for (const h of c.hashes ?? []) sets.push(sql`${id(h.column)} = ${h.of(keyring, plain)}`);
      const where = sql.join(
        [...c.keys.map((key, i) => sql`${id(key)} = ${row[`k${i}`]}`), sql`${id(c.column)}::text = ${raw}`],
        sql` and `,
      );
      const updated = await rows(
        db,
        sql`update ${id(c.table)} set ${sql.join(sets, sql`, `)} where ${where} returning 1 as one`,
      );
      progress += updated.length;
    }
    changed += progress;
    // A row a concurrent write changed is picked up by the next batch; stop when nothing moves.
    if (batch.length < BATCH || progress === 0) return changed;
  }
}

/** The key ids the encrypted columns hold that the keyring lacks (empty when every value can be read). */
export async function unknownKeyIds(db: Database, keyring: Keyring): Promise<string[]> {
  const unknown = new Set<string>();
  for (const c of ENCRYPTED_COLUMNS) {
    const found = await rows(
      db,
      sql`select distinct split_part(${envelopeText(c)}, '.', 2) as kid from ${id(c.table)} where ${id(c.column)} is not null and ${isEnvelope(c)}`,
    );
    for (const { kid } of found) if (kid && !keyring.ids.includes(kid)) unknown.add(kid);
  }
  return [...unknown].sort();
}

/**
 * The start-up step: refuses to start when a value is under a key the keyring lacks, then encrypts rows still in the
 * clear (and fills their keyed hashes). Answers the number of rows changed per table; nothing to do is one scan each.
 */
export async function encryptClearRows(db: Database, keyring: Keyring): Promise<Record<string, number>> {
  const unknown = await unknownKeyIds(db, keyring);
  if (unknown.length > 0) throw new UnknownDataKeyError(unknown.join(', '));
  const changed: Record<string, number> = {};
  for (const c of ENCRYPTED_COLUMNS) changed[`${c.table}.${c.column}`] = await rewriteColumn(db, keyring, c, false);
  return changed;
}

/** Counts of a rotation: rows per column, and files resealed / already current / missing. */
export interface RotationReport {
  readonly rows: Record<string, number>;
  readonly files: { resealed: number; current: number; missing: number };
}

/** Rewrites every value, keyed hash and uploaded file that is not under the keyring's current key. */
export async function rotateDataKeys(
  db: Database,
  keyring: Keyring,
  storage: EncryptedFileStorage,
): Promise<RotationReport> {
  const unknown = await unknownKeyIds(db, keyring);
  if (unknown.length > 0) throw new UnknownDataKeyError(unknown.join(', '));
  const changed: Record<string, number> = {};
  for (const c of ENCRYPTED_COLUMNS) changed[`${c.table}.${c.column}`] = await rewriteColumn(db, keyring, c, true);
  const files = { resealed: 0, current: 0, missing: 0 };
  let after = '';
  for (;;) {
    const batch = await rows(
      db,
      sql`select id::text as id, storage_key from documents where id::text > ${after} order by id::text limit ${BATCH}`,
    );
    for (const row of batch) files[await storage.reseal(row['storage_key']!)] += 1;
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!['id']!;
  }
  return { rows: changed, files };
}
