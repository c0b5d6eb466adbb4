/**
 * Security headers on every answer, with a Content-Security-Policy that allows no eval and no inline script. The
 * headers are helmet's, computed once at start (they do not vary per request): @fastify/helmet rebuilds them on every
 * request, about 15 % of the CPU of a small API answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Where the attribution SDK (@adjustcom/adjust-web-sdk) sends its requests: allowed only when attribution is on. */
export const ATTRIBUTION_ORIGINS = [
  'https://*.adjust.com',
  'https://*.adjust.world',
  'https://*.adjust.net.in',
] as const;

/** The headers helmet sets with our options, captured once from a stand-in response; `connectSrc` adds origins. */
export function securityHeaderValues(connectSrc: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
    getHeader: () => undefined,
  } as unknown as ServerResponse;
  let done = false;
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...connectSrc] },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: set the headers per request instead');
  return headers;
}

export const securityHeaders = fp<{ connectSrc?: readonly string[] }>(async (app, options) => {
  const headers = securityHeaderValues(options.connectSrc);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
});
