/**
 * The collection gateway chosen by settings: COLLECTION_PROVIDER=simulated (default: the simulated gateway in its own
 * tables, sending signed webhooks to the server) or paymongo (PAYMONGO_SECRET_KEY, PAYMONGO_RETURN_URL, PAYMONGO_BASE_URL),
 * and the life of a QR Ph code for either (QRPH_EXPIRY_SECONDS). Settings are checked once at start and every problem
 * is reported, like server/settings.ts.
 */
import { createPaymongoCollections } from './paymongo.ts';
import {
  createSimulatedCollectionGateway,
  type SimulatedCollectionGateway,
  type SimulatedCollectionOptions,
} from './simulated.ts';
import { QRPH_EXPIRY_SECONDS, type CollectionProvider } from './collection-provider.ts';

export {
  type CollectionEvent,
  type CollectionMethod,
  type CollectionProvider,
  type CollectionRequest,
  type CollectionResult,
  type CollectionStatus,
  type PaymentAction,
} from './collection-provider.ts';
export {
  createSimulatedCollectionGateway,
  type SimulatedCollectionGateway,
  type SimulatedCollectionOptions,
} from './simulated.ts';
export { createPaymongoCollections, type PaymongoOptions } from './paymongo.ts';

/**
 * Which collection gateway and its settings. The PayMongo variant holds the secret key: do not log it.
 * `qrphExpirySeconds`: how long a QR Ph code stays payable (PayMongo `expiry_seconds`; the payment expires with it).
 */
export type CollectionSettings = { readonly qrphExpirySeconds: number } & (
  | { readonly provider: 'simulated' }
  | { readonly provider: 'paymongo'; readonly secretKey: string; readonly baseUrl: string; readonly returnUrl: string }
);

const PROVIDERS = ['simulated', 'paymongo'] as const;
export const PAYMONGO_DEFAULT_BASE_URL = 'https://api.paymongo.com';

/** Reads and checks the collection settings; returns the problems instead of throwing so main can print them all. */
export function readCollectionSettings(env: NodeJS.ProcessEnv): { settings?: CollectionSettings; problems: string[] } {
  const provider = env['COLLECTION_PROVIDER']?.trim() || 'simulated';
  if (provider !== 'simulated' && provider !== 'paymongo')
    return { problems: [`COLLECTION_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${provider}"`] };
  const problems: string[] = [];
  const expiry = env['QRPH_EXPIRY_SECONDS']?.trim() || String(QRPH_EXPIRY_SECONDS.default);
  const qrphExpirySeconds = /^\d{1,5}$/u.test(expiry) ? Number(expiry) : NaN;
  if (!(qrphExpirySeconds >= QRPH_EXPIRY_SECONDS.min && qrphExpirySeconds <= QRPH_EXPIRY_SECONDS.max))
    problems.push(
      `QRPH_EXPIRY_SECONDS must be whole seconds from ${QRPH_EXPIRY_SECONDS.min} to ${QRPH_EXPIRY_SECONDS.max} (PayMongo's bounds), got "${expiry}"`,
    );
  if (provider === 'simulated')
    return problems.length ? { problems } : { settings: { provider, qrphExpirySeconds }, problems };
  const secretKey = env['PAYMONGO_SECRET_KEY']?.trim() ?? '';
  if (!secretKey)
    problems.push(
      'PAYMONGO_SECRET_KEY is required when COLLECTION_PROVIDER=paymongo: the secret API key (sk_...) of the PayMongo account',
    );
  const baseUrl = env['PAYMONGO_BASE_URL']?.trim() || PAYMONGO_DEFAULT_BASE_URL;
  if (!isHttpUrl(baseUrl)) problems.push(`PAYMONGO_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  // PayMongo sends the borrower back here after paying in the e-wallet's or bank's page (attach `return_url`).
  const returnUrl = env['PAYMONGO_RETURN_URL']?.trim() ?? '';
  if (!/^https?:\/\//u.test(returnUrl) || !URL.canParse(returnUrl))
    problems.push(
      `PAYMONGO_RETURN_URL is required when COLLECTION_PROVIDER=paymongo: the http(s) page of the app a borrower returns to after paying, got "${returnUrl}"`,
    );
  // A real gateway signs its webhooks with the secret of the webhook registered at PayMongo: it cannot be derived.
  if (!env['COLLECTION_WEBHOOK_SECRET']?.trim())
    problems.push(
      'COLLECTION_WEBHOOK_SECRET is required when COLLECTION_PROVIDER=paymongo: the secret key of the webhook registered at PayMongo',
    );
  if (problems.length) return { problems };
  return { settings: { provider, qrphExpirySeconds, secretKey, baseUrl, returnUrl }, problems };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

/**
 * The collection provider the settings choose; `simulated` is the simulated gateway (start / stop it), null with a
 * real gateway. `simulatedOptions` is used only for the simulated one.
 */
export function createCollectionProvider(
  settings: CollectionSettings,
  simulatedOptions: SimulatedCollectionOptions,
): { provider: CollectionProvider; simulated: SimulatedCollectionGateway | null } {
  switch (settings.provider) {
    case 'simulated': {
      const simulated = createSimulatedCollectionGateway({
        ...simulatedOptions,
        qrphExpirySeconds: settings.qrphExpirySeconds,
      });
      return { provider: simulated, simulated };
    }
    case 'paymongo':
      return {
        provider: createPaymongoCollections({
          secretKey: settings.secretKey,
          baseUrl: settings.baseUrl,
          returnUrl: settings.returnUrl,
          qrphExpirySeconds: settings.qrphExpirySeconds,
        }),
        simulated: null,
      };
  }
}
