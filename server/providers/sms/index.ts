/**
 * The SMS providers' public face: settings from the environment and the provider they choose. The console outbox is
 * the default, so the app runs with no SMS account; SMS_PROVIDER=semaphore sends real texts.
 */
import { createConsoleOutbox, type ConsoleOutbox } from './console-outbox.ts';
import { createSemaphore } from './semaphore.ts';
import type { SmsProvider } from './sms-provider.ts';

export { SmsSendError, type SmsMessage, type SmsProvider, type SmsReceipt } from './sms-provider.ts';
export { createConsoleOutbox, type ConsoleOutbox, type OutboxMessage } from './console-outbox.ts';
export { createSemaphore, type SemaphoreOptions } from './semaphore.ts';

/** Which SMS provider to use and its settings. The Semaphore variant holds the API key: do not log it. */
export type SmsSettings =
  | { readonly provider: 'console' }
  | {
      readonly provider: 'semaphore';
      readonly apiKey: string;
      readonly senderName?: string;
      readonly baseUrl?: string;
    };

const PROVIDERS = ['console', 'semaphore'] as const;
const SENDER_NAME_MAX = 11;

/** Reads and checks the SMS settings; returns the problems instead of throwing so main can print them all. */
export function readSmsSettings(env: NodeJS.ProcessEnv): { settings?: SmsSettings; problems: string[] } {
  const problems: string[] = [];
  const provider = env['SMS_PROVIDER'] ?? 'console';
  if (provider === 'console') return { settings: { provider }, problems };
  if (provider !== 'semaphore') {
    problems.push(`SMS_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${provider}"`);
    return { problems };
  }
  const apiKey = env['SEMAPHORE_API_KEY']?.trim() ?? '';
  if (!apiKey)
    problems.push('SEMAPHORE_API_KEY is required when SMS_PROVIDER=semaphore: the API key of your Semaphore account');
  const senderName = env['SEMAPHORE_SENDER_NAME']?.trim() || undefined;
  if (senderName && senderName.length > SENDER_NAME_MAX) {
    problems.push(
      `SEMAPHORE_SENDER_NAME must be at most ${SENDER_NAME_MAX} characters (an approved Semaphore sender name), got "${senderName}"`,
    );
  }
  const baseUrl = env['SEMAPHORE_BASE_URL']?.trim() || undefined;
  if (baseUrl && !isHttpUrl(baseUrl)) problems.push(`SEMAPHORE_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  if (problems.length) return { problems };
  return { settings: { provider, apiKey, ...(senderName && { senderName }), ...(baseUrl && { baseUrl }) }, problems };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The provider the settings choose. `log` prints the console outbox's lines; the server passes
 * `app.log.info.bind(app.log)`. Default console.log.
 */
export function createSmsProvider(
  settings: { readonly provider: 'console' },
  log?: (line: string) => void,
): ConsoleOutbox;
export function createSmsProvider(settings: SmsSettings, log?: (line: string) => void): SmsProvider;
export function createSmsProvider(settings: SmsSettings, log: (line: string) => void = console.log): SmsProvider {
  switch (settings.provider) {
    case 'console':
      return createConsoleOutbox({ log });
    case 'semaphore':
      return createSemaphore({ apiKey: settings.apiKey, senderName: settings.senderName, baseUrl: settings.baseUrl });
  }
}
