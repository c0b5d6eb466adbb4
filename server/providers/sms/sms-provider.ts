/**
 * What the server needs from an SMS gateway: send one text to one Philippine mobile, or fail loudly. Login codes
 * (OTP) go through this; providers are picked by configuration in ./index.ts.
 */
import { ProviderError } from '../provider-error.ts';
import { PH_MOBILE_E164_PATTERN } from '#domain/ph-phone.ts';

/** One text message to a Philippine mobile number. */
export interface SmsMessage {
  /** E.164, `+639XXXXXXXXX`. */
  readonly to: string;
  readonly text: string;
}

/** Proof that a provider took the message: its name and the id it gave the message. */
export interface SmsReceipt {
  readonly provider: string;
  readonly id: string;
}

/** Sends a message or rejects with SmsSendError (never resolves silently on failure). */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsReceipt>;
}

/**
 * Why a message was not sent: the providers' error value (../provider-error.ts) with code SMS_NOT_SENT and the
 * reason in `detail`. `retryable` says whether sending the same message again later may work (gateway down, rate
 * limited, timed out); false means it will fail the same way (bad number, bad key, refused by the gateway).
 */
export class SmsSendError extends ProviderError {
  override readonly name: string = 'SmsSendError';

  constructor(detail: string, retryable: boolean, cause?: unknown) {
    super(SMS_NOT_SENT, retryable, detail, cause);
  }
}

export const SMS_NOT_SENT = 'SMS_NOT_SENT';

const PH_MOBILE_E164 = new RegExp(PH_MOBILE_E164_PATTERN, 'u');

/**
 * Throws a non-retryable SmsSendError unless `to` is a Philippine mobile in E.164 and there is text to send. Every
 * provider calls it first, so a bad number fails the same way whichever provider is configured.
 */
export function checkSmsMessage(message: SmsMessage): void {
  if (!PH_MOBILE_E164.test(message.to)) {
    throw new SmsSendError(
      `SMS recipient must be a Philippine mobile in E.164 (+639XXXXXXXXX), got "${message.to}"`,
      false,
    );
  }
  if (message.text.trim() === '') throw new SmsSendError('SMS text is empty', false);
}
