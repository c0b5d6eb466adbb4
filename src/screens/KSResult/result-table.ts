/**
 * What /KSResult shows at the end of an external flow (identity check, face check, payment, Facebook linking), as
 * data: `?status=` picks the look, `?type=` and the status pick the texts (namespace `result`).
 */
import { checkIcon, clockIcon, crossIcon } from '#engine/ui/icon-set.ts';

export const RESULT_STATUSES = ['success', 'fail', 'pending'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const RESULT_TYPES = ['identity', 'face', 'payment', 'facebook'] as const;
/** A known flow, or `generic` for anything else. */
export type ResultType = (typeof RESULT_TYPES)[number] | 'generic';

/** Where "continue" goes; the guard sends a logged-out visitor on to /start. */
export const CONTINUE_TO = '/homeIndex';

/** How each status looks and whether it offers "try again" (back in history). */
export const STATUS_LOOK: Record<ResultStatus, { icon: string; retry: boolean }> = {
  success: { icon: checkIcon, retry: false },
  fail: { icon: crossIcon, retry: true },
  pending: { icon: clockIcon, retry: false },
};

interface ResultText {
  title: string;
  message: string;
}

/** Translation keys of the title and message for every flow and status. */
export const RESULT_TEXTS: Record<ResultType, Record<ResultStatus, ResultText>> = {
  identity: {
    success: { title: 'ks.identity.success.title', message: 'ks.identity.success.message' },
    fail: { title: 'ks.identity.fail.title', message: 'ks.identity.fail.message' },
    pending: { title: 'ks.identity.pending.title', message: 'ks.identity.pending.message' },
  },
  face: {
    success: { title: 'ks.face.success.title', message: 'ks.face.success.message' },
    fail: { title: 'ks.face.fail.title', message: 'ks.face.fail.message' },
    pending: { title: 'ks.face.pending.title', message: 'ks.face.pending.message' },
  },
  payment: {
    success: { title: 'ks.payment.success.title', message: 'ks.payment.success.message' },
    fail: { title: 'ks.payment.fail.title', message: 'ks.payment.fail.message' },
    pending: { title: 'ks.payment.pending.title', message: 'ks.payment.pending.message' },
  },
  facebook: {
    success: { title: 'ks.facebook.success.title', message: 'ks.facebook.success.message' },
    fail: { title: 'ks.facebook.fail.title', message: 'ks.facebook.fail.message' },
    pending: { title: 'ks.facebook.pending.title', message: 'ks.facebook.pending.message' },
  },
  generic: {
    success: { title: 'ks.generic.success.title', message: 'ks.generic.success.message' },
    fail: { title: 'ks.generic.fail.title', message: 'ks.generic.fail.message' },
    pending: { title: 'ks.generic.pending.title', message: 'ks.generic.pending.message' },
  },
};

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  const normalised = value?.trim().toLowerCase() ?? '';
  return allowed.find((item) => item === normalised);
}

/** Reads status and type from the query: an unknown status is `pending`, an unknown type `generic`. */
export function parseResult(params: URLSearchParams): { status: ResultStatus; type: ResultType } {
  return {
    status: pick(params.get('status'), RESULT_STATUSES) ?? 'pending',
    type: pick(params.get('type'), RESULT_TYPES) ?? 'generic',
  };
}
