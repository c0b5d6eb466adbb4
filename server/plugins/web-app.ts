/**
 * Serves the built web app: hashed assets cached for a year, precompressed (.br/.gz) where the browser accepts it;
 * index.html and sw.js always revalidated. A route's path answers with its prerendered page (dist/pages/<language>/
 * <route>.html, scripts/prerender.ts) in the borrower's language: the `lng` cookie the app sets (src/i18n.ts), else
 * Accept-Language, else the default; any other page path answers with index.html so the router can take it, except
 * /staff and /staff/...: the staff console's own page (staff/index.html). With attribution on
 * (ATTRIBUTION_APP_TOKEN) the borrower's page carries the app token in a meta tag: the app reads it with the page,
 * no request of its own (src/attribution/consent.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import product from '#config/product.json' with { type: 'json' };
import routes from '#config/routes.json' with { type: 'json' };
import type { ProductConfig } from '#config/types/product.ts';
import type { RoutesConfig } from '#config/types/routes.ts';
import { browserLanguage } from '#domain/language.ts';

type Language = ProductConfig['defaultLanguage'];

/** The meta tag's name (src/attribution/consent.ts reads it). */
export const ATTRIBUTION_META = 'attribution-app-token';

/** The page with the attribution app token (letters and digits only, settings.ts) in its head. */
export function withAttributionMeta(html: string, token: string): string {
  if (!/^[A-Za-z0-9]+$/u.test(token)) throw new Error('the attribution app token must be letters and digits');
  return html.replace('</head>', `  <meta name="${ATTRIBUTION_META}" content="${token}" />\n  </head>`);
}

type Encoded = Readonly<Record<'br' | 'gzip' | 'identity', Buffer>>;

/** A page compressed once at start as the build compresses the rest. */
function encode(html: string): Encoded {
  const bytes = Buffer.from(html);
  return { br: brotliCompressSync(bytes), gzip: gzipSync(bytes, { level: 9 }), identity: bytes };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Encoded, vary: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/u.test(accepts) ? 'br' : /\bgzip\b/u.test(accepts) ? 'gzip' : 'identity';
  void reply.header('cache-control', 'no-cache').header('vary', vary).type('text/html; charset=utf-8');
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.send(page[encoding]);
}

/** The language a page is sent in: the app's `lng` cookie, else the browser's Accept-Language, else the default. */
export function pageLanguage(headers: FastifyRequest['headers']): Language {
  const offered = product.languages as readonly Language[];
  const cookie = /(?:^|;\s*)lng=([\w-]+)/u.exec(String(headers.cookie ?? ''))?.[1];
  if (cookie && (offered as readonly string[]).includes(cookie)) return cookie as Language;
  const accepted = String(headers['accept-language'] ?? '')
    .split(',')
    .filter((tag) => !/;\s*q=0(?:\.0*)?$/u.test(tag));
  return browserLanguage(accepted, offered) ?? (product.defaultLanguage as Language);
}

/**
 * A route's prerendered page; a step of the flow drawn with its form (scripts/prerender.ts) also says with which
 * (`published`: the form's file and the flow's version) and keeps its frame for when those are no longer published.
 */
interface Page {
  readonly page: Encoded;
  readonly published?: string;
  readonly frame?: Encoded;
}

/** The prerendered pages, by route path and language, read and compressed once at start; empty without a build's. */
function prerenderedPages(root: string, token: string | undefined): Map<string, Page> {
  const pages = new Map<string, Page>();
  const dir = join(root, 'pages');
  if (!existsSync(dir)) return pages;
  const read = (file: string) => {
    const html = readFileSync(file, 'utf8');
    return { html, encoded: encode(token ? withAttributionMeta(html, token) : html) };
  };
  for (const route of (routes as RoutesConfig).routes)
    for (const language of product.languages) {
      const file = join(dir, language, `${route.name}.html`);
      if (!existsSync(file)) continue;
      const { html, encoded } = read(file);
      const published = /<div id="root"[^>]* data-published="([^"]+)"/u.exec(html)?.[1];
      const frameFile = join(dir, language, `${route.name}.frame.html`);
      const frame = published && existsSync(frameFile) ? read(frameFile).encoded : undefined;
      pages.set(
        `${language} ${route.path}`,
        published && frame ? { page: encoded, published, frame } : { page: encoded },
      );
    }
  return pages;
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

export const webApp = fp<{
  root: string;
  attributionAppToken?: string | undefined;
  /** What a step's page must have been drawn with to be sent (PublishedForms `stepPage`); none: no step page is. */
  stepPage?: ((route: string) => Promise<string | undefined>) | undefined;
}>(async (app, { root, attributionAppToken, stepPage }) => {
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
  const shell = readFileSync(join(root, 'index.html'), 'utf8');
  const indexPage = encode(attributionAppToken ? withAttributionMeta(shell, attributionAppToken) : shell);
  const pages = prerenderedPages(root, attributionAppToken);
  const borrowerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const found = pages.get(`${pageLanguage(request.headers)} ${path}`);
    if (!found) return sendPage(request, reply, indexPage, 'accept-encoding');
    // A step drawn with a form or flow staff have since replaced: its frame, which the app fills in.
    const current = found.published !== undefined && found.frame ? await stepPage?.(path).catch(() => undefined) : '';
    const page = found.frame && current !== found.published ? found.frame : found.page;
    return sendPage(request, reply, page, 'accept-encoding, accept-language, cookie');
  };
  app.get('/', borrowerPage);
  // The service worker's offline copy of the page (src/sw-template.js) is the same page.
  app.get('/index.html', (request, reply) => sendPage(request, reply, indexPage, 'accept-encoding'));
  app.setNotFoundHandler((request, reply) => {
    if (isPagePath(request.method, request.url)) {
      if (!isStaffPath(request.url)) return borrowerPage(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('staff/index.html', root);
    }
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
});
