/**
 * Facebook binding: Facebook Login (authorization code, PKCE S256, state) through the FacebookLogin provider, then
 * one Facebook account bound to one customer and the limit raised once (limitRaises.facebookBinding). The `state` is
 * random, kept only as its hash, bound to the borrower's session, single use and expiring in 10 minutes; the PKCE
 * verifier is derived from it with the server's secret, so it is never stored nor sent to the browser. Kept: the
 * Facebook user id (encrypted, with its keyed hash for the one-account rule) and name (encrypted). Unbinding deletes
 * them and keeps the raise.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { FacebookBindInput, LimitAnswer } from '#api-contract/limits.ts';
import { dataKeys } from '../crypto/data-keys.ts';
import { facebookUserHash, facebookUserHashes } from '../crypto/lookup-hashes.ts';
import type { Database } from '../db/database.ts';
import { facebookBindings, facebookLogins } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { FacebookLoginError, type FacebookAccount, type FacebookLogin } from '../providers/facebook/facebook-login.ts';
import type { LoanService } from './loans.ts';

const LOGIN_TTL_MS = 10 * 60_000;
/** Logins a customer may have started and not finished at once (tabs, retries); starting more drops the oldest. */
export const MAX_OPEN_LOGINS = 5;

export interface FacebookDeps {
  readonly db: Database;
  readonly now: () => Date;
  /** The server's secret: derives each login's PKCE verifier from its state. */
  readonly secret: Buffer;
  readonly login: FacebookLogin;
  readonly loans: LoanService;
}

/** The borrower calling: the session that starts a login is the one that must finish it. */
export interface FacebookCaller {
  readonly customerId: string;
  readonly sessionId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export function createFacebookService({ db, now, secret, login, loans }: FacebookDeps) {
  const verifierOf = (state: string) =>
    createHmac('sha256', secret).update(`facebook-pkce:${state}`).digest('base64url');

  /** The limit screen's answer: the limit and its history, and the Facebook account bound. */
  async function view(customerId: string): Promise<LimitAnswer> {
    // The binding first, then the limit: a binding and its raise commit together, so a view that sees the binding
    // sees the raise too (read side by side on two connections, a bind committing in between showed the account
    // bound beside the old limit).
    const [binding] = await db
      .select({ name: facebookBindings.name })
      .from(facebookBindings)
      .where(eq(facebookBindings.customerId, customerId));
    const limit = await loans.limitView(customerId);
    return {
      ...limit,
      history: [...limit.history],
      next: [...limit.next],
      facebook: { bound: binding !== undefined, name: binding?.name ?? null },
    };
  }

  /** Starts a login: a new state for this session, and Facebook's dialog to go to. `redirectUri`: the limit screen. */
  async function start(caller: FacebookCaller, redirectUri: string): Promise<{ authorizeUrl: string }> {
    const at = now();
    const state = randomBytes(32).toString('base64url');
    // The session's abandoned logins go; a borrower may have several tabs, so only expired ones.
    await db
      .delete(facebookLogins)
      .where(and(eq(facebookLogins.customerId, caller.customerId), lt(facebookLogins.expiresAt, at)));
    const [started] = await db
      .insert(facebookLogins)
      .values({
        customerId: caller.customerId,
        sessionId: caller.sessionId,
        stateHash: sha256(state),
        redirectUri,
        expiresAt: new Date(at.getTime() + LOGIN_TTL_MS),
        createdAt: at,
      })
      .returning({ id: facebookLogins.id });
    // A borrower starting logins over and over keeps at most MAX_OPEN_LOGINS rows: this one and the newest others.
    const older = db
      .select({ id: facebookLogins.id })
      .from(facebookLogins)
      .where(and(eq(facebookLogins.customerId, caller.customerId), ne(facebookLogins.id, started!.id)))
      .orderBy(desc(facebookLogins.createdAt), desc(facebookLogins.id))
      .offset(MAX_OPEN_LOGINS - 1);
    await db.delete(facebookLogins).where(inArray(facebookLogins.id, older));
    return { authorizeUrl: login.authorizeUrl({ state, codeChallenge: sha256(verifierOf(state)), redirectUri }) };
  }

  /** Binds the account Facebook redirected back with; refuses a used, expired or foreign state, a denied consent, an account bound elsewhere. */
  async function bind(caller: FacebookCaller, input: FacebookBindInput): Promise<LimitAnswer> {
    const at = now();
    // Used once whatever follows: a state answered twice (a reload, a replay) is refused the second time.
    const [started] = await db
      .update(facebookLogins)
      .set({ consumedAt: at })
      .where(
        and(
          eq(facebookLogins.stateHash, sha256(input.state)),
          eq(facebookLogins.customerId, caller.customerId),
          eq(facebookLogins.sessionId, caller.sessionId),
          isNull(facebookLogins.consumedAt),
          gt(facebookLogins.expiresAt, at),
        ),
      )
      .returning();
    if (!started) throw new ApiError('FACEBOOK_LOGIN_EXPIRED');
    if (input.code === undefined)
      throw new ApiError(input.error === 'access_denied' ? 'FACEBOOK_DENIED' : 'FACEBOOK_LOGIN_FAILED');
    let account: FacebookAccount;
    try {
      account = await login.exchange({
        code: input.code,
        codeVerifier: verifierOf(input.state),
        redirectUri: started.redirectUri,
      });
    } catch (error) {
      if (error instanceof FacebookLoginError && error.code === 'CODE_REFUSED')
        throw new ApiError('FACEBOOK_LOGIN_FAILED');
      throw new ApiError('PROVIDER_UNAVAILABLE');
    }
    const keyring = dataKeys();
    const raised = await db.transaction(async (tx) => {
      // The lock order of the loan core: the customer first.
      await loans.lockCustomer(tx, caller.customerId);
      const [mine] = await tx
        .select({ hash: facebookBindings.fbUserHash })
        .from(facebookBindings)
        .where(eq(facebookBindings.customerId, caller.customerId));
      const hashes = facebookUserHashes(keyring, account.id);
      if (mine) {
        if (!hashes.includes(mine.hash)) throw new ApiError('FACEBOOK_ALREADY_BOUND');
        return 0;
      }
      const [taken] = await tx
        .select({ id: facebookBindings.id })
        .from(facebookBindings)
        .where(and(inArray(facebookBindings.fbUserHash, hashes), ne(facebookBindings.customerId, caller.customerId)));
      if (taken) throw new ApiError('FACEBOOK_ACCOUNT_TAKEN');
      // Two customers binding one account at once: the unique hash lets one in, the other is refused.
      const inserted = await tx
        .insert(facebookBindings)
        .values({
          customerId: caller.customerId,
          fbUserId: account.id,
          fbUserHash: facebookUserHash(keyring, account.id),
          name: account.name,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: facebookBindings.id });
      if (inserted.length === 0) throw new ApiError('FACEBOOK_ACCOUNT_TAKEN');
      return (await loans.grantRaiseInTx(tx, caller.customerId, 'facebookBinding')) ?? 0;
    });
    return { ...(await view(caller.customerId)), raisedCentavos: raised };
  }

  /** Unbinds the customer's Facebook account (nothing to do when none); the limit raised for it stays. */
  async function unbind(caller: FacebookCaller): Promise<LimitAnswer> {
    await db.delete(facebookBindings).where(eq(facebookBindings.customerId, caller.customerId));
    return view(caller.customerId);
  }

  return { view, start, bind, unbind };
}

export type FacebookService = ReturnType<typeof createFacebookService>;
