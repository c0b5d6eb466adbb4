import { healthAnswer } from '#api-contract/common.ts';
import { routeGroup } from './route-group.ts';

/** Liveness for load balancers and for the web app's network check: public, never cached. */
export const healthRoutes = routeGroup({ access: 'public', noStore: true }, async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'health',
        summary: 'Liveness: answers ok while the process serves',
        response: { 200: healthAnswer },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
});
