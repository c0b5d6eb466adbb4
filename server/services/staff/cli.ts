/**
 * `npm run staff -- <command>` (scripts/staff.ts): the first administrator and what an administrator cannot do for
 * themselves without the console. Opens the database as the server does (DATABASE_URL, else the embedded PGlite of
 * DATA_DIR, migrations applied) with the same data keys (DATA_KEYS, else DATA_DIR/data-key), since the TOTP secret is
 * stored encrypted.
 *
 *   create-admin --email <e-mail> --name <name>   password from STAFF_PASSWORD, else asked twice on the terminal;
 *                                                 the TOTP secret is printed (the owner is at the terminal)
 *   reset-password --email <e-mail>               a temporary password (STAFF_PASSWORD, else made and printed); the
 *                                                 sessions end and the owner sets a new one at the next sign-in
 *   reset-second-factor --email <e-mail>          the authenticator secret removed; the sessions end and the owner
 *                                                 enrols a new one at the next sign-in
 *   list                                          the staff accounts
 * The passwords given must pass the password policy (server/services/staff/password-policy.ts).
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import productJson from '#config/product.json' with { type: 'json' };
import type { ProductConfig } from '#config/types/product.ts';
import { setDataKeys } from '#server/crypto/data-keys.ts';
import { parseDataKeys } from '#server/crypto/keyring.ts';
import { openDatabase, type OpenDatabase } from '#server/db/database.ts';
import { ApiError } from '#server/errors.ts';
import { loadOrCreateDataKeys } from '#server/secret.ts';
import {
  createAdministratorOnServer,
  listStaffAccounts,
  resetStaffPassword,
  resetStaffSecondFactor,
  staffAccountByEmail,
} from './accounts.ts';
import { passwordRefusal } from './password-policy.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';

const product = productJson as ProductConfig;

export interface StaffCliDeps {
  readonly env: NodeJS.ProcessEnv;
  /** One line of output. */
  readonly print: (line: string) => void;
  /** Asks for the password when STAFF_PASSWORD is unset (hidden input on a terminal); undefined: none can be asked. */
  readonly askPassword?: () => Promise<string>;
  /** The database (tests); default: as the server opens it from `env`. */
  readonly open?: () => Promise<OpenDatabase>;
  readonly now?: () => Date;
}

export const STAFF_CLI_USAGE = [
  'Usage: npm run staff -- <command>',
  '  create-admin --email <e-mail> --name <name>   (password: STAFF_PASSWORD, or asked)',
  '  reset-password --email <e-mail>              (temporary password: STAFF_PASSWORD, or made and printed)',
  '  reset-second-factor --email <e-mail>',
  '  list',
].join('\n');

/** The server's database and data keys from the environment, as server/main.ts opens them. */
export async function openServerDatabase(env: NodeJS.ProcessEnv): Promise<OpenDatabase> {
  const dataDir = resolve(env['DATA_DIR'] ?? 'data');
  const keysText = env['DATA_KEYS']?.trim();
  let keys;
  if (keysText) {
    const parsed = parseDataKeys(keysText);
    if (!parsed.keys) throw new Error(`DATA_KEYS: ${parsed.problem}`);
    keys = parsed.keys;
  }
  setDataKeys(loadOrCreateDataKeys(dataDir, keys));
  const url = env['DATABASE_URL']?.trim();
  return openDatabase(url ? { url } : { dataDir: join(dataDir, 'pglite') });
}

/** Runs one command; answers the exit code. */
export async function runStaffCli(args: readonly string[], deps: StaffCliDeps): Promise<number> {
  const { print } = deps;
  const now = deps.now ?? (() => new Date());
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' } },
    });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${STAFF_CLI_USAGE}`);
    return 2;
  }
  const [command] = parsed.positionals;
  const { email, name } = parsed.values;
  if (
    command !== 'list' &&
    command !== 'create-admin' &&
    command !== 'reset-second-factor' &&
    command !== 'reset-password'
  ) {
    print(STAFF_CLI_USAGE);
    return 2;
  }
  if ((command === 'create-admin' && (!email || !name)) || (command !== 'list' && !email)) {
    print(STAFF_CLI_USAGE);
    return 2;
  }
  let password = '';
  if (command === 'create-admin') {
    password = deps.env['STAFF_PASSWORD'] ?? (deps.askPassword ? await deps.askPassword() : '');
    if (password.length < MIN_PASSWORD_LENGTH) {
      print(
        `The password must be at least ${MIN_PASSWORD_LENGTH} characters (set STAFF_PASSWORD, or run on a terminal to be asked).`,
      );
      return 1;
    }
    const refusal = passwordRefusal(password, { email: email!, name: name! });
    if (refusal) {
      print(`That password is refused (${refusal}): ${PASSWORD_ADVICE}`);
      return 1;
    }
  }
  const database = await (deps.open ?? (() => openServerDatabase(deps.env)))();
  try {
    const { db } = database;
    if (command === 'list') {
      const { items, total } = await listStaffAccounts(db, { perPage: 100 }, now());
      for (const a of items)
        print(
          `${a.email}\t${a.role}\t${a.name}${a.disabled ? '\t(disabled)' : ''}${a.lockedUntil ? `\t(locked until ${a.lockedUntil})` : ''}`,
        );
      print(`${total} staff account(s)`);
      return 0;
    }
    if (command === 'create-admin') {
      const { account, totp } = await createAdministratorOnServer(
        db,
        { email: email!, name: name!, password },
        now(),
        product.displayName,
      );
      print(`Administrator ${account.email} created.`);
      printTotp(print, totp);
      return 0;
    }
    const account = await staffAccountByEmail(db, email!);
    if (!account) {
      print(`No staff account ${email!.trim().toLowerCase()}.`);
      return 1;
    }
    const operator = { staffId: null, ip: null };
    if (command === 'reset-password') {
      const given = deps.env['STAFF_PASSWORD'] || undefined;
      const { temporaryPassword } = await resetStaffPassword(db, account.id, operator, now(), given);
      print(`Temporary password for ${account.email}; their sessions have ended.`);
      if (!given) print(`  password: ${temporaryPassword}   (shown only now; hand it to the owner)`);
      print('At the next sign-in (password and authenticator code) they must choose a new password.');
      return 0;
    }
    await resetStaffSecondFactor(db, account.id, operator, now());
    print(`Second factor removed for ${account.email}; their sessions have ended.`);
    print('At the next sign-in with their password they set up a new authenticator app (the secret is shown to them).');
    return 0;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'STAFF_EMAIL_TAKEN')
      print(`A staff account ${email!.trim().toLowerCase()} already exists: nothing changed.`);
    else if (error instanceof ApiError && error.code === 'PASSWORD_REFUSED')
      print(`That password is refused (${String(error.details['reason'])}): ${PASSWORD_ADVICE}`);
    else if (error instanceof ApiError) print(`${error.code}: ${error.message} ${JSON.stringify(error.details)}`);
    else throw error;
    return 1;
  } finally {
    await database.close();
  }
}

const PASSWORD_ADVICE = `at least ${MIN_PASSWORD_LENGTH} characters, not a common or breached password, no repeats or sequences, not the e-mail or name; a few unrelated words work well.`;

function printTotp(print: (line: string) => void, totp: { secret: string; uri: string }): void {
  print('Add it to an authenticator app (shown only now):');
  print(`  secret: ${totp.secret}`);
  print(`  uri:    ${totp.uri}`);
}
