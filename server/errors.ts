/**
 * The error catalogue: every error answer is `{ code, message }` with a code from here (the spec's section 8 and our
 * own). `message` is English for developers and logs; the web app shows `locales/<lng>/errors.json` by code. Every
 * code here has a text in every language (errors.test.ts).
 */
import en from '#locales/en/errors.json' with { type: 'json' };

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
  /** A multipart upload that cannot be parsed: no boundary, cut short, malformed part headers, too many parts. */
  MULTIPART_INVALID: 400,
  PHOTO_PROBLEM: 422,
  FACE_CHECK_FAILED: 422,
  /** The identity step saved with an ID photo the identity check refuses (details: `field`, a JSON pointer, and `reason`). */
  ID_PHOTO_UNCLEAR: 422,
  /** The identity step saved with a face photo that does not match the ID (details: `field`, `reason`). */
  AUTH_INFO_PROBLEM: 422,
  // Loans (server/routes/loans.ts; the contract is the OpenAPI document, api-contract/loans.ts).
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  PROFILE_INCOMPLETE: 409,
  ORDER_IN_PROGRESS: 409,
  REPAYMENT_OUTSTANDING: 409,
  REAPPLY_LATER: 409,
  AMOUNT_OUT_OF_RANGE: 422,
  TERM_NOT_OFFERED: 422,
  PRODUCT_NOT_FOUND: 422,
  AGREEMENT_REQUIRED: 422,
  ORDER_STATE: 409,
  SIGNATURE_REQUIRED: 409,
  BANK_SAME_AS_OLD: 409,
  BANK_CHANGE_MAINTENANCE: 409,
  BANK_CHANGE_NOT_ALLOWED: 409,
  /** The profile's payout step while a loan is in progress: the account is the order's (changed through /payout-account). */
  PAYOUT_ACCOUNT_LOCKED: 409,
  EXTENSION_UNAVAILABLE: 409,
  /** kind 'instalment' for an order without an instalment plan. */
  INSTALMENT_UNAVAILABLE: 409,
  PAYMENT_IN_PROGRESS: 409,
  /**
   * A coupon that cannot apply to this operation (details.reason: minimum, expired, used, operation, notFound): another
   * customer's coupon answers notFound, so an id tells nothing about whose it is.
   */
  COUPON_UNAVAILABLE: 422,
  /** An order's failure code (failureCode of a disbursement_failed order), not an answer of its own. */
  DISBURSEMENT_ACCOUNT_UNAVAILABLE: 409,
  PAYOUT_ACCOUNT_INVALID: 409,
  // Easy Re-loan (server/routes/easy-reloan.ts).
  /** The product does not offer Easy Re-loan (config/product.json easyReloan.enabled). */
  RELOAN_UNAVAILABLE: 409,
  /** Only a borrower who repaid a loan can turn it on. */
  RELOAN_NOT_ELIGIBLE: 409,
  /** The Easy Re-loan agreement must be agreed. */
  RELOAN_AGREEMENT_REQUIRED: 422,
  /** It cannot be turned off once a voucher it earned was used. */
  RELOAN_VOUCHER_USED: 409,
  /** The re-loan can no longer be cancelled (its payout time passed, or it is done or cancelled); details: `state`. */
  RELOAN_CANCEL_CLOSED: 409,
  // The staff console (server/routes/staff/).
  /**
   * Wrong e-mail or password, a disabled account, or no tries left from this network: one answer for all, so it tells
   * nothing about which; details: `maxFailures`, `lockMinutes` (the same for every answer, from config).
   */
  STAFF_LOGIN_FAILED: 401,
  /** Password right, the authenticator code missing. */
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  /** A code already used (or of an earlier time step than the last one accepted). */
  TOTP_REUSED: 401,
  STAFF_EMAIL_TAKEN: 409,
  /**
   * A password that may not be a staff password (server/services/staff/password-policy.ts); details: `reason` (tooShort,
   * whitespace, personal, repetitive, sequential, common: the text of PASSWORD_REFUSED_<reason> says why), `minLength`.
   */
  PASSWORD_REFUSED: 422,
  /** A password change whose current password is wrong. */
  CURRENT_PASSWORD_WRONG: 400,
  /**
   * A session that must first enrol a second factor or set a new password (details: `pending`, what is left): only
   * that and signing out are allowed until then.
   */
  STAFF_SETUP_REQUIRED: 403,
  /** Enrolment of a second factor that is already enrolled. */
  TOTP_ENROLLED: 409,
  /** The first code of a second factor being enrolled does not match its secret (or none was shown). */
  ENROLMENT_CODE_INVALID: 400,
  /** A change of this account already waits for another administrator's approval. */
  STAFF_REQUEST_PENDING: 409,
  /**
   * A reset that would give an administrator both factors of an account: its password is a temporary one not yet
   * changed by its owner, or its second factor awaits its owner's enrolment (details: `pending`).
   */
  STAFF_RESET_CONFLICT: 409,
  /** Four-eyes: the approver must be another person than the one who asked. */
  SAME_PERSON: 403,
  /** Another staff member decided it first (a review, a request); details: `state`. */
  ALREADY_DECIDED: 409,
  /** An order whose borrower's identity facts (name, birth date, ID, ID and face photos) are missing: not approved. */
  IDENTITY_MISSING: 409,
  /** A request in a state that does not allow this. */
  REQUEST_STATE: 409,
  // The form studio (server/forms).
  /** A step saved with a form version replaced longer ago than the grace period (details: `version`, the published one). */
  FORM_VERSION_RETIRED: 409,
  /** A document already has an open (draft or review) version (details: `id`). */
  FORM_DRAFT_EXISTS: 409,
  /** The draft changed since it was read (another tab or person saved): read it again. */
  FORM_STALE: 409,
  /** A version in a state that does not allow this (details: `status`). */
  FORM_STATE: 409,
  /** The checks found errors (details: `checks`). */
  FORM_CHECKS_FAILED: 422,
  /** The version was withdrawn for cause: it is never published again nor a draft opened from it. */
  FORM_VERSION_WITHDRAWN: 409,
  /** Content nested deeper or holding more values than a form can (details: `maxDepth`, `maxValues`). */
  FORM_TOO_LARGE: 413,
  /** An undo to the version just replaced is published at once by one person, so it says why. */
  FORM_REASON_REQUIRED: 422,
  /** Breaking changes not acknowledged (details: `breaking`, with the borrowers each affects). */
  FORM_BREAKING_UNACKNOWLEDGED: 409,
  /** Account deletion while a loan is open. */
  LOAN_OPEN: 409,
  /** A staff limit outside the product's range (details: `min`, `max` centavos). */
  LIMIT_OUT_OF_RANGE: 422,
  // Collections (server/routes/staff/collections.ts, server/routes/collections.ts; docs/collections.md).
  /**
   * A collection contact outside the contact hours (SEC MC 18), the loan not past the exemption and the borrower not
   * having agreed to the hour; details: `from`, `to` (Manila HH:MM), `exemptAfterDays`.
   */
  COLLECTION_OUTSIDE_HOURS: 409,
  /** The borrower had the most collection contacts a day allows (details: `max`). */
  COLLECTION_DAILY_CAP: 409,
  /** The loan is disputed: collection contact waits for a supervisor's resolution. */
  COLLECTION_DISPUTED: 409,
  /** A collection action on a loan that is not past due. */
  COLLECTION_NOT_OVERDUE: 409,
  /** A collector's action on a loan assigned to someone else. */
  COLLECTION_NOT_ASSIGNED: 403,
  /** An assignment to an account that is not an active staff member working collections. */
  COLLECTOR_INVALID: 422,
  /** A message template with wording MC 18 forbids (details: `matches`: language, category, phrase, found). */
  TEMPLATE_WORDING_FORBIDDEN: 422,
  /** A message template with a {{placeholder}} the server cannot fill (details: `placeholder`, `language`). */
  TEMPLATE_PLACEHOLDER_UNKNOWN: 422,
  /** A message template sent before another person approved it (details: `state`). */
  TEMPLATE_NOT_APPROVED: 409,
  /** A promise to pay dated before today or too far ahead (details: `from`, `to`). */
  PROMISE_DATE_OUT_OF_RANGE: 422,
  /** A promise to pay of nothing or of more than is owed (details: `maxCentavos`). */
  PROMISE_AMOUNT_OUT_OF_RANGE: 422,
  /** A dispute of a loan that already has one open. */
  DISPUTE_OPEN: 409,
  /** A dispute resolved before (details: `state`). */
  DISPUTE_RESOLVED: 409,
  /** A complaint about a collection contact that already has one not resolved (details: `reference`). */
  COMPLAINT_OPEN: 409,
  /** A complaint acknowledged or resolved before (details: `state`). */
  COMPLAINT_STATE: 409,
  // The book at a glance (server/routes/staff/book.ts).
  /** A range whose first day is after its last, or longer than the book answers (details: `from`, `to`, `maxDays`). */
  BOOK_RANGE_INVALID: 400,
  // Facebook binding (server/routes/limits.ts).
  /** The Facebook login's state is unknown, used, expired or another session's: start again. */
  FACEBOOK_LOGIN_EXPIRED: 400,
  /** The borrower cancelled Facebook's consent (error=access_denied). */
  FACEBOOK_DENIED: 422,
  /** Facebook refused the code (used, expired, wrong verifier) or redirected with another error. */
  FACEBOOK_LOGIN_FAILED: 422,
  /** This Facebook account is bound to another customer. */
  FACEBOOK_ACCOUNT_TAKEN: 409,
  /** The customer has another Facebook account bound: unbind it first. */
  FACEBOOK_ALREADY_BOUND: 409,
  WEBHOOK_SIGNATURE: 401,
  PROVIDER_UNAVAILABLE: 503,
  SERVER_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const messages = en as Record<string, string>;

/** The English text of a code with its `{{name}}` placeholders filled from `values` (i18next's syntax, as the web app). */
export function messageOf(code: string, values: Record<string, unknown> = {}): string {
  const text = messages[code] ?? code;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/gu, (whole, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** An answer the client can act on: thrown by services and routes, sent by the errors plugin. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Extra fields of the answer (`retryAfterSeconds`, field `errors`); never secrets. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(messageOf(code, details));
    this.status = ERROR_STATUS[code];
  }
}

/** The body of an error answer. */
export function errorBody(code: ErrorCode, details: Record<string, unknown> = {}): Record<string, unknown> {
  return { code, message: messageOf(code, details), ...details };
}
