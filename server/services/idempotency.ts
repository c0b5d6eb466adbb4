/**
 * Idempotency of money operations (apply, withdraw, payment create). Inside the operation's ONE transaction the
 * customer's key is inserted first (ON CONFLICT DO NOTHING): a concurrent duplicate blocks on the primary key until
 * the first transaction commits, then reads the answer it stored. The operation itself runs in a savepoint, so a
 * refusal (an ApiError, 4xx) rolls its writes back but is stored as the answer too: a retry gets the same answer.
 * The same key with another body (or for another operation) is IDEMPOTENCY_KEY_REUSED. An unexpected error rolls
 * everything back, key included, so a retry runs the operation again.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '#domain/canonical-json.ts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { idempotencyKeys } from '../db/tables.ts';
import { ApiError, errorBody } from '../errors.ts';

/** A transaction of the database (the callback argument of db.transaction). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a money operation answers. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** An answer as stored and sent: its JSON text, so a repeat is the same bytes. */
export interface StoredAnswer {
  readonly status: number;
  readonly json: string;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/u;

/** The header's key, or IDEMPOTENCY_KEY_REQUIRED (missing) / INVALID_INPUT (malformed). */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw new ApiError('IDEMPOTENCY_KEY_REQUIRED');
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new ApiError('IDEMPOTENCY_KEY_REQUIRED', {
      detail: 'Idempotency-Key must be 8-128 characters A-Z a-z 0-9 _ -',
    });
  return header;
}

/** SHA-256 of a request's body in a canonical form (keys sorted), so key order does not make another request. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? {}))
    .digest('hex');
}

export async function withIdempotency(
  tx: Tx,
  customerId: string,
  key: string,
  operation: string,
  hash: string,
  fn: (tx: Tx) => Promise<Answer>,
): Promise<StoredAnswer> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ customerId, key, operation, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
    if (!stored || stored.operation !== operation || stored.requestHash !== hash)
      throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    if (stored.statusCode === null) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return { status: stored.statusCode, json: stored.response ?? 'null' };
  }
  let answer: Answer;
  try {
    answer = await tx.transaction((sp) => fn(sp));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    answer = { status: error.status, body: errorBody(error.code, error.details) };
  }
  const json = JSON.stringify(answer.body);
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: json })
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
  return { status: answer.status, json };
}
