/**
 * One encapsulated plugin per route group (fastify/demo's `autohooks`): who may call the group, `no-store`, the error
 * answers and the OpenAPI security requirement are set here once for every route of the group, not on each route.
 * The hooks live in the group's own scope, so they cost nothing to the other groups.
 */
import type { FastifyPluginAsync, FastifyPluginOptions, FastifySchema } from 'fastify';
import { errorAnswer } from '#api-contract/common.ts';
import { SESSION_SECURITY } from '../plugins/auth.ts';

/** An OpenAPI security requirement: scheme name -> scopes. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

export interface RouteGroup {
  /** `session`: every route needs a borrower's session (`app.requireCustomer`); `public`: none by default. */
  readonly access: 'session' | 'public';
  /** Answers are personal or one-time (tokens, codes): never cached by a browser or a proxy. */
  readonly noStore: boolean;
}

/** The error answers every route documents (a route may name its own for a status). */
const errorResponses = { '4xx': errorAnswer, '5xx': errorAnswer } as const;

/**
 * `routes` as a route group: its routes get the group's access check (after validation, as a route's own preHandler
 * would), `cache-control: no-store` from the start (error answers too), the shared error answers, and the security
 * requirement (`security: []` for public ones) unless the route declares its own (a public group's logout, a webhook's
 * signature).
 */
export function routeGroup<Options extends FastifyPluginOptions>(
  group: RouteGroup,
  routes: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (app, options) => {
    const security: readonly SecurityRequirement[] = group.access === 'session' ? SESSION_SECURITY : [];
    app.addHook('onRoute', (route) => {
      const schema: FastifySchema & { security?: readonly SecurityRequirement[] } = route.schema ?? {};
      route.schema = {
        ...schema,
        security: schema.security ?? security,
        response: { ...errorResponses, ...(schema.response as object | undefined) },
      };
    });
    if (group.noStore) {
      app.addHook('onRequest', async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
      });
    }
    if (group.access === 'session') app.addHook('preHandler', app.requireCustomer);
    await routes(app, options);
  };
}
