/**
 * The error catalogue: every error answer is `{ code, message }` with a code from here (the spec's section 8 and our
 * own). `message` is English for developers and logs; the web app shows `locales/<lng>/errors.json` by code. Every
 * code here has a text in every language (errors.test.ts).
 */
import en from '../locales/en/errors.json' with { type: 'json' };

/** Codes and their HTTP status. */
export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  PHONE_INVALID: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_VOIDED: 400,
  RESEND_TOO_SOON: 429,
  SMS_DAILY_LIMIT: 429,
  TOO_FREQUENT: 429,
  SECURITY_CHECK: 403,
  CAPTCHA_REQUIRED: 403,
  CAPTCHA_WRONG: 400,
  SMS_SEND_FAILED: 503,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  STEP_UNKNOWN: 404,
  SECTION_EMPTY: 404,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_TOO_LARGE: 413,
  PHOTO_PROBLEM: 422,
  FACE_CHECK_FAILED: 422,
  SERVER_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const messages = en as Record<string, string>;

/** An answer the client can act on: thrown by services and routes, sent by the errors plugin. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Extra fields of the answer (`retryAfterSeconds`, field `errors`); never secrets. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(messages[code] ?? code);
    this.status = ERROR_STATUS[code];
  }
}

/** The body of an error answer. */
export function errorBody(code: ErrorCode, details: Record<string, unknown> = {}): Record<string, unknown> {
  return { code, message: messages[code] ?? code, ...details };
}
