/**
 * Every error answer is {code, message} with a code from the catalogue (server/errors.ts): bad input is a 4xx, never a
 * 5xx, and no stack trace reaches a client; the code always agrees with the status. Unknown routes under /api answer
 * NOT_FOUND the same way. A NUL character anywhere in a request's JSON, query or path (a text PostgreSQL cannot store)
 * is INVALID_INPUT before any route sees it.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ApiError, ERROR_STATUS, errorBody, type ErrorCode } from '../errors.ts';

function codeOf(error: FastifyError, status: number): ErrorCode {
  if (status >= 500) return 'SERVER_ERROR';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'TOO_FREQUENT';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  return error.validation ? 'INVALID_INPUT' : 'BAD_REQUEST';
}

/** Whether a parsed request part holds a NUL character in any text or key, however deep (walked without recursion). */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) for (const inner of item) stack.push(inner);
    else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item))
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
  }
  return false;
}

export const errorAnswers = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw new ApiError('INVALID_INPUT', { detail: 'NUL character' });
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.code === 'SERVER_ERROR' || error.status >= 500)
        request.log.warn({ code: error.code }, 'request failed');
      const retry = error.details['retryAfterSeconds'];
      if (typeof retry === 'number') void reply.header('retry-after', String(retry));
      return reply.status(error.status).send(errorBody(error.code, error.details));
    }
    const thrown = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (thrown >= 500) request.log.error({ err: error }, 'request failed');
    const code = codeOf(error, thrown);
    // A status without a code of its own (a 405 or 409 from a plugin) answers as the BAD_REQUEST it is: the status
    // always agrees with the code's.
    const status = ERROR_STATUS[code];
    // Fastify's own validation message names the field ("body/phone must be string"): useful to a developer, and the
    // web app shows the catalogue text by code, never this message.
    return reply
      .status(status)
      .send(errorBody(code, status < 500 && error.validation ? { detail: error.message } : {}));
  });
});
