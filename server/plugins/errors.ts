/**
 * Every error answer is {code, message}: bad input is a 4xx with a catalogue code, never a 5xx, and no stack trace
 * reaches a client.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';

export const errorAnswers = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const code = status === 413 ? 'BODY_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status >= 500 ? 'SERVER_ERROR' : error.validation ? 'INVALID_INPUT' : 'BAD_REQUEST';
    return reply.status(status).send({ code, message: status >= 500 ? 'Internal error' : error.message });
  });
});
