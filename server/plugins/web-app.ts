/**
 * Serves the built web app: hashed assets cached for a year, precompressed (.br/.gz) where the browser accepts it;
 * index.html and sw.js always revalidated; any other page path answers with index.html so the router can take it,
 * except /staff and /staff/...: the staff console's own page (staff/index.html).
 */
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

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

export const webApp = fp<{ root: string }>(async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders(reply, path) {
      const file = path.slice(root.length);
      void reply.header('cache-control', file.startsWith('/assets/') || file.startsWith('/staff/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (file.endsWith('.webmanifest')) void reply.header('content-type', 'application/manifest+json');
    },
  });
  app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root));
  app.setNotFoundHandler((request, reply) => {
    if (isPagePath(request.method, request.url)) {
      const page = isStaffPath(request.url) ? 'staff/index.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page, root);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
});
