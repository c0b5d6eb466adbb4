/**
 * The default SMS provider: no gateway, no account. Each message is printed as one log line (so a developer reads
 * their login code in the server log) and kept in memory for tests.
 */
import { randomUUID } from 'node:crypto';
import { checkSmsMessage, type SmsProvider, type SmsReceipt, type SmsMessage } from './sms-provider.ts';

/** A message the console outbox has "sent". */
export interface OutboxMessage {
  readonly id: string;
  readonly to: string;
  readonly text: string;
  readonly at: Date;
}

export interface ConsoleOutbox extends SmsProvider {
  /** The kept messages, oldest first (at most `keep`). */
  messages(): readonly OutboxMessage[];
  /** The latest kept message to `to` (E.164), if any: how tests read a login code. */
  lastTo(to: string): OutboxMessage | undefined;
}

export interface ConsoleOutboxOptions {
  /** Prints one line; the server passes its logger's info. Default console.log. */
  log?: (line: string) => void;
  /** How many messages to keep in memory, newest last. Default 200. */
  keep?: number;
}

export function createConsoleOutbox({ log = console.log, keep = 200 }: ConsoleOutboxOptions = {}): ConsoleOutbox {
  if (!Number.isInteger(keep) || keep < 0) throw new RangeError(`keep must be a whole number >= 0, got ${keep}`);
  const kept: OutboxMessage[] = [];

  return {
    name: 'console',

    async send(message: SmsMessage): Promise<SmsReceipt> {
      checkSmsMessage(message);
      // A real gateway answers later; callers must not rely on a send completing within the same tick.
      await new Promise<void>((resolve) => setImmediate(resolve));
      // When it really went out (the real time, under DEMO_CLOCK too): the outbox is a log.
      const sent: OutboxMessage = { id: randomUUID(), to: message.to, text: message.text, at: new Date() };
      kept.push(sent);
      if (kept.length > keep) kept.splice(0, kept.length - keep);
      // JSON quoting keeps a multi-line text on one log line.
      log(`SMS to ${sent.to}: ${JSON.stringify(sent.text)}`);
      return { provider: 'console', id: sent.id };
    },

    messages: () => [...kept],

    lastTo: (to) => kept.findLast((sent) => sent.to === to),
  };
}
