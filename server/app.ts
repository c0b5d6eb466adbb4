/**
 * The buildable API and web server: tests drive it with app.inject, server/main.ts runs it. One plugin per concern.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { securityHeaders } from './plugins/security-headers.ts';
import { errorAnswers } from './plugins/errors.ts';
import { webApp } from './plugins/web-app.ts';
import { healthRoutes } from './routes/health.ts';

export interface AppOptions {
  /** Folder of the built web app; omit to serve the API only (development with Vite). */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    return503OnClosing: true,
  });
  await app.register(errorAnswers);
  await app.register(securityHeaders);
  await app.register(healthRoutes, { prefix: '/api/v1' });
  if (options.webDist) await app.register(webApp, { root: options.webDist });
  else app.setNotFoundHandler((request, reply) => reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` }));
  return app;
}
