/**
 * Every error answer is {code, message} with a code from the catalogue (server/errors.ts): bad input is a 4xx, never a
 * 5xx, and no stack trace reaches a client. Unknown routes under /api answer NOT_FOUND the same way.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ApiError, errorBody, type ErrorCode } from '../errors.ts';

function codeOf(error: FastifyError, status: number): ErrorCode {
  if (status >= 500) return 'SERVER_ERROR';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'TOO_FREQUENT';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  return error.validation ? 'INVALID_INPUT' : 'BAD_REQUEST';
}

export const errorAnswers = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.code === 'SERVER_ERROR' || error.status >= 500)
        request.log.warn({ code: error.code }, 'request failed');
      const retry = error.details['retryAfterSeconds'];
      if (typeof retry === 'number') void reply.header('retry-after', String(retry));
      return reply.status(error.status).send(errorBody(error.code, error.details));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const code = codeOf(error, status);
    // Fastify's own validation message names the field ("body/phone must be string"): useful to a developer, and the
    // web app shows the catalogue text by code, never this message.
    return reply
      .status(status)
      .send(errorBody(code, status < 500 && error.validation ? { detail: error.message } : {}));
  });
});
