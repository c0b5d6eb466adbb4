/**
 * The simulated Facebook Login: behaves like Facebook's for the flow that matters, with no account anywhere. Its
 * login dialog is a page this server serves under /api/v1/simulated/facebook/ (server/routes/simulated-facebook.ts)
 * where the tester picks the account and allows or cancels; it redirects back with `code` and `state`, or with
 * `error=access_denied` as Facebook does on a cancelled consent. Codes are single use, expire in 10 minutes, and are
 * bound to the client id, the redirect URI and the PKCE challenge (S256) the exchange must prove. Codes live in the
 * simulated service's own table (simulated.facebook_codes, server/providers/simulated/tables.ts), so several API
 * instances agree; the account's id and name are blanked there once the code is used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { simFacebookCodes } from '../simulated/tables.ts';
import { FacebookLoginError, authorizeQuery, type FacebookAccount, type FacebookLogin } from './facebook-login.ts';

export const SIMULATED_DIALOG_PATH = '/api/v1/simulated/facebook/dialog/oauth';
export const SIMULATED_CLIENT_ID = '100000000000001';
const CODE_TTL_MS = 10 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The login dialog's answer: where the browser goes back to. */
export interface SimulatedConsent {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly codeChallenge: string;
  readonly allow: boolean;
  readonly account: FacebookAccount;
}

export interface SimulatedFacebookLogin extends FacebookLogin {
  /** The redirect of the dialog: code and state, or error=access_denied; refuses an unknown client id. */
  consent(consent: SimulatedConsent): Promise<string>;
}

export function createSimulatedFacebookLogin(deps: {
  readonly db: Database;
  readonly now: () => Date;
}): SimulatedFacebookLogin {
  const { db, now } = deps;

  function back(redirectUri: string, params: Record<string, string>): string {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    // Facebook appends this fragment to its redirects.
    url.hash = '_=_';
    return url.toString();
  }

  return {
    kind: 'simulated',
    authorizeUrl(request) {
      return `${SIMULATED_DIALOG_PATH}?${authorizeQuery(SIMULATED_CLIENT_ID, request).toString()}`;
    },

    async consent({ clientId, redirectUri, state, codeChallenge, allow, account }) {
      if (clientId !== SIMULATED_CLIENT_ID) throw new FacebookLoginError('CODE_REFUSED', 'unknown client_id');
      // Expired codes never used lose the account they name.
      await db.delete(simFacebookCodes).where(lt(simFacebookCodes.expiresAt, now()));
      if (!allow)
        return back(redirectUri, {
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state,
        });
      const code = randomBytes(32).toString('base64url');
      await db.insert(simFacebookCodes).values({
        codeHash: sha256(code),
        clientId,
        redirectUri,
        codeChallenge,
        fbUserId: account.id,
        name: account.name,
        expiresAt: new Date(now().getTime() + CODE_TTL_MS),
        createdAt: now(),
      });
      return back(redirectUri, { code, state });
    },

    async exchange({ code, codeVerifier, redirectUri }) {
      // The refusal is thrown after the commit: the code stays used even when the exchange fails.
      const outcome = await db.transaction(async (tx): Promise<FacebookAccount | string> => {
        const [row] = await tx
          .select()
          .from(simFacebookCodes)
          .where(eq(simFacebookCodes.codeHash, sha256(code)))
          .for('update');
        if (!row || row.consumedAt) return 'code unknown or already used';
        // Used once, whatever the outcome: a wrong verifier burns the code, as Facebook does.
        await tx
          .update(simFacebookCodes)
          .set({ consumedAt: now(), fbUserId: '', name: '' })
          .where(eq(simFacebookCodes.codeHash, row.codeHash));
        if (row.expiresAt.getTime() <= now().getTime()) return 'code expired';
        if (row.redirectUri !== redirectUri) return 'redirect_uri differs';
        if (sha256(codeVerifier) !== row.codeChallenge) return 'code_verifier does not match';
        return { id: row.fbUserId, name: row.name };
      });
      if (typeof outcome === 'string') throw new FacebookLoginError('CODE_REFUSED', outcome);
      return outcome;
    },
  };
}
