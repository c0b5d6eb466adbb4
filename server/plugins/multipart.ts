/**
 * Multipart uploads (@fastify/multipart) for the routes of the plugin that registers this, and what happens to a
 * body a route did not read to its end. An upload refused before its file part (a wrong `kind`, a parse error) leaves
 * the rest of the body in the connection, held back by the parser: the answer is sent, but the next request on that
 * keep-alive connection (a reverse proxy's, another borrower's) is never read. So once an answer is on its way, the
 * rest of the body is read and thrown away, up to the route's body limit; a larger or unsized rest closes the
 * connection after the answer instead.
 */
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/** Reads and discards what is left of a request body; closes the connection when that could be too much. */
function discardRest(request: FastifyRequest, reply: FastifyReply, limit: number): void {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  const declared = Number(raw.headers['content-length']);
  if (!(declared <= limit)) void reply.header('connection', 'close');
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) raw.socket.destroy();
  });
  raw.resume();
}

export const uploads = fp<{ limits: NonNullable<FastifyMultipartOptions['limits']> }>(async (app, { limits }) => {
  await app.register(multipart, { limits });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.isMultipart())
      discardRest(request, reply, request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024);
    return payload;
  });
});

/**
 * The answer to an error met while reading a multipart body: the route's own refusals as they are, a file over the
 * size limit as FILE_TOO_LARGE, and anything the parser could not read (no boundary, a body cut short, malformed part
 * headers, too many parts or fields) as MULTIPART_INVALID, a 400: bad input is never a 5xx.
 */
export function uploadFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError('FILE_TOO_LARGE');
  return new ApiError('MULTIPART_INVALID');
}
