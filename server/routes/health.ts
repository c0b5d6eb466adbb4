import type { FastifyPluginAsync } from 'fastify';

/** Liveness for load balancers and for the web app's network check. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: { 200: { type: 'object', properties: { status: { type: 'string', const: 'ok' } }, required: ['status'] } },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
};
