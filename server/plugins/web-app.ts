/**
 * Serves the built web app: hashed assets cached for a year, precompressed (.br/.gz) where the browser accepts it;
 * index.html and sw.js always revalidated; any other page path answers with index.html so the router can take it,
 * except /staff and /staff/...: the staff console's own page (staff/index.html). With attribution on
 * (ATTRIBUTION_APP_TOKEN) the borrower's page carries the app token in a meta tag: the app reads it with the page,
 * no request of its own (src/attribution/consent.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The meta tag's name (src/attribution/consent.ts reads it). */
export const ATTRIBUTION_META = 'attribution-app-token';

/** The page with the attribution app token (letters and digits only, settings.ts) in its head. */
export function withAttributionMeta(html: string, token: string): string {
  if (!/^[A-Za-z0-9]+$/u.test(token)) throw new Error('the attribution app token must be letters and digits');
  return html.replace('</head>', `  <meta name="${ATTRIBUTION_META}" content="${token}" />\n  </head>`);
}

/** The borrower's page with the token, compressed once at start as the build compresses the rest. */
function tokenPage(root: string, token: string) {
  const html = Buffer.from(withAttributionMeta(readFileSync(join(root, 'index.html'), 'utf8'), token));
  const encoded = { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }), identity: html };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/u.test(accepts) ? 'br' : /\bgzip\b/u.test(accepts) ? 'gzip' : 'identity';
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.send(encoded[encoding]);
  };
}

/** True for a page of the staff console (/staff, /staff/, /staff/reviews/...). */
export function isStaffPath(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  return path === '/staff' || path.startsWith('/staff/');
}

/** True for a GET of a page path (no file extension, not the API): answered with the app shell. */
export function isPagePath(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  return method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
}

export const webApp = fp<{ root: string; attributionAppToken?: string | undefined }>(
  async (app, { root, attributionAppToken }) => {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        const file = path.slice(root.length);
        void reply.header(
          'cache-control',
          file.startsWith('/assets/') || file.startsWith('/staff/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        if (file.endsWith('.webmanifest')) void reply.header('content-type', 'application/manifest+json');
      },
    });
    const borrowerPage = attributionAppToken
      ? tokenPage(root, attributionAppToken)
      : (_request: FastifyRequest, reply: FastifyReply) =>
          reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    app.get('/', borrowerPage);
    // The service worker's offline copy of the page (src/sw-template.js) is the same page.
    if (attributionAppToken) app.get('/index.html', borrowerPage);
    app.setNotFoundHandler((request, reply) => {
      if (isPagePath(request.method, request.url)) {
        if (!isStaffPath(request.url)) return borrowerPage(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('staff/index.html', root);
      }
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    });
  },
);
