/**
 * Semaphore (semaphore.co), the common Philippine SMS gateway, over its HTTP API v4.
 *
 * API shape from Semaphore's documentation (api.semaphore.co/docs): POST form fields `apikey`, `number`, `message`,
 * optional `sendername` (an approved sender name, at most 11 characters; Semaphore's own name when left out). The
 * answer is a JSON array with one object per recipient: `message_id`, `recipient`, `status` (Queued, Pending, Sent,
 * Failed, Refunded), ... Validation problems come back as a JSON object (field -> messages) or an array of strings,
 * not always with a 4xx status, so the body is checked as well as the status. `/api/v4/priority` is the same call on
 * the queue that skips normal traffic (2 credits a message), meant for time-sensitive texts like login codes.
 */
import { checkSmsMessage, SmsSendError, type SmsMessage, type SmsProvider, type SmsReceipt } from './sms-provider.ts';

export interface SemaphoreOptions {
  /** The account's API key. Sent in the request body only; never logged nor put in an error message. */
  apiKey: string;
  /** Approved sender name (at most 11 characters); Semaphore's default when omitted. */
  senderName?: string;
  /** Default https://api.semaphore.co; tests point it at a local server. */
  baseUrl?: string;
  /** Give up after this many milliseconds (connect, answer and body). Default 10 000. */
  timeoutMs?: number;
}

const FAILED_STATUSES = new Set(['failed', 'refunded']);
const RETRYABLE_HTTP = new Set([408, 429]);

export function createSemaphore({
  apiKey,
  senderName,
  baseUrl = 'https://api.semaphore.co',
  timeoutMs = 10_000,
}: SemaphoreOptions): SmsProvider {
  if (apiKey.trim() === '') throw new Error('Semaphore needs an API key');
  const url = `${baseUrl.replace(/\/+$/u, '')}/api/v4/priority`;
  // Whatever Semaphore echoes back, neither the key nor the number reaches a log through an error message.
  const redact = (text: string, number: string): string =>
    text.split(apiKey).join('[apikey]').split(number).join('[number]');

  async function post(message: SmsMessage): Promise<{ status: number; body: string }> {
    const form = new URLSearchParams({ apikey: apiKey, number: message.to.slice(1), message: message.text });
    if (senderName) form.set('sendername', senderName);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const why = timedOut ? `no answer within ${timeoutMs} ms` : 'network error';
      throw new SmsSendError(`Semaphore: ${why}`, true, error);
    }
  }

  return {
    name: 'semaphore',

    async send(message: SmsMessage): Promise<SmsReceipt> {
      checkSmsMessage(message);
      const { status, body } = await post(message);
      const answer = parseJson(body);
      if (status < 200 || status > 299) {
        const retryable = status >= 500 || RETRYABLE_HTTP.has(status);
        throw new SmsSendError(
          redact(`Semaphore answered HTTP ${status}${describe(answer, body)}`, message.to.slice(-10)),
          retryable,
        );
      }
      // From here the gateway said 2xx: the message may be queued, so a retry could text the borrower twice.
      const first = Array.isArray(answer) ? answer[0] : undefined;
      if (!isRecord(first))
        throw new SmsSendError(
          redact(`Semaphore refused the message${describe(answer, body)}`, message.to.slice(-10)),
          false,
        );
      const id = first['message_id'];
      const state = typeof first['status'] === 'string' ? first['status'] : '';
      if (FAILED_STATUSES.has(state.toLowerCase())) {
        throw new SmsSendError(`Semaphore marked message ${String(id)} as ${state}`, false);
      }
      if ((typeof id !== 'number' && typeof id !== 'string') || id === '') {
        throw new SmsSendError('Semaphore answered without a message_id', false);
      }
      return { provider: 'semaphore', id: String(id) };
    },
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ": <what Semaphore said>", from its error object or array of strings, else the start of the raw body. */
function describe(answer: unknown, body: string): string {
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (isRecord(value)) Object.values(value).forEach(collect);
  };
  if (answer === undefined) strings.push(body.trim());
  else collect(answer);
  const text = strings.filter(Boolean).join('; ').slice(0, 300);
  return text ? `: ${text}` : '';
}
