/**
 * The payout gateway chosen by settings: PAYOUT_PROVIDER=simulated (default: the simulated gateway in its own tables,
 * calling the server back) or xendit (XENDIT_SECRET_KEY, XENDIT_BASE_URL). Settings are checked once at start and
 * every problem is reported, like server/settings.ts.
 */
import { createSimulatedPayoutGateway, type SimulatedPayoutGateway, type SimulatedPayoutOptions } from './simulated.ts';
import { createXenditPayouts } from './xendit.ts';
import type { PayoutProvider } from './payout-provider.ts';

export {
  ProviderError,
  type PayoutAccount,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
  type PayoutStatus,
} from './payout-provider.ts';
export { createSimulatedPayoutGateway, type SimulatedPayoutGateway, type SimulatedPayoutOptions } from './simulated.ts';
export { createXenditPayouts, type XenditPayoutOptions } from './xendit.ts';

/** Which payout gateway and its settings. The Xendit variant holds the secret key: do not log it. */
export type PayoutSettings =
  | { readonly provider: 'simulated' }
  | { readonly provider: 'xendit'; readonly secretKey: string; readonly baseUrl: string };

const PROVIDERS = ['simulated', 'xendit'] as const;
export const XENDIT_DEFAULT_BASE_URL = 'https://api.xendit.co';

/** Reads and checks the payout settings; returns the problems instead of throwing so main can print them all. */
export function readPayoutSettings(env: NodeJS.ProcessEnv): { settings?: PayoutSettings; problems: string[] } {
  const provider = env['PAYOUT_PROVIDER']?.trim() || 'simulated';
  if (provider === 'simulated') return { settings: { provider }, problems: [] };
  if (provider !== 'xendit')
    return { problems: [`PAYOUT_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${provider}"`] };
  const problems: string[] = [];
  const secretKey = env['XENDIT_SECRET_KEY']?.trim() ?? '';
  if (!secretKey)
    problems.push(
      'XENDIT_SECRET_KEY is required when PAYOUT_PROVIDER=xendit: the secret API key of the Xendit account (Money-out write permission)',
    );
  const baseUrl = env['XENDIT_BASE_URL']?.trim() || XENDIT_DEFAULT_BASE_URL;
  if (!isHttpUrl(baseUrl)) problems.push(`XENDIT_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  // A real gateway calls back with the callback verification token of the Xendit dashboard: it cannot be derived.
  if (!env['PAYOUT_CALLBACK_TOKEN']?.trim())
    problems.push(
      'PAYOUT_CALLBACK_TOKEN is required when PAYOUT_PROVIDER=xendit: the callback verification token of the Xendit dashboard',
    );
  if (problems.length) return { problems };
  return { settings: { provider, secretKey, baseUrl }, problems };
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
 * The payout provider the settings choose; `simulated` is the simulated gateway (start / stop it), null with a real
 * gateway. `simulatedOptions` is used only for the simulated one.
 */
export function createPayoutProvider(
  settings: PayoutSettings,
  simulatedOptions: SimulatedPayoutOptions,
): { provider: PayoutProvider; simulated: SimulatedPayoutGateway | null } {
  switch (settings.provider) {
    case 'simulated': {
      const simulated = createSimulatedPayoutGateway(simulatedOptions);
      return { provider: simulated, simulated };
    }
    case 'xendit':
      return {
        provider: createXenditPayouts({ secretKey: settings.secretKey, baseUrl: settings.baseUrl }),
        simulated: null,
      };
  }
}
