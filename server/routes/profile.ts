import { profileOverview, profileStep, profileSummary, stepSaveQuery } from '#api-contract/profile.ts';
import { STEP_BODY_BYTES } from '#domain/form-content.ts';
import { callerOf } from '../plugins/auth.ts';
import type { ProfileService } from '../services/profile.ts';
import type { Tx } from '../services/idempotency.ts';
import { routeGroup } from './route-group.ts';

/**
 * `guard` runs in the transaction that saves a step, before the write, and may refuse it with an ApiError (the loans
 * refuse a payout account change while a loan is in progress, or during bank maintenance).
 */
export interface ProfileRouteOptions {
  readonly profile: ProfileService;
  readonly guard?: (tx: Tx, customerId: string, step: string, data: unknown) => Promise<void>;
}

/**
 * The caller's own profile only: every route reads the customer from the session, never from the request. Profiles
 * are personal: never cached by a browser or a proxy.
 */
export const profileRoutes = routeGroup<ProfileRouteOptions>(
  { access: 'session', noStore: true },
  async (app, { profile, guard }) => {
    const steps = profile.steps.map((s) => s.step);
    const stepParam = {
      type: 'object',
      required: ['step'],
      properties: { step: { type: 'string', enum: steps } },
    } as const;

    app.get(
      '/profile',
      {
        schema: {
          tags: ['profile'],
          operationId: 'getProfile',
          summary: 'Completeness, where to resume, and every saved step',
          response: { 200: profileOverview },
        },
      },
      async (request, reply) => {
        // Already JSON (the response schema describes it): sent as it is.
        return reply
          .type('application/json; charset=utf-8')
          .serializer((payload) => payload as string)
          .send(await profile.overviewJson(callerOf(request).customerId));
      },
    );

    app.get(
      '/profile/:step',
      {
        schema: {
          tags: ['profile'],
          operationId: 'getProfileStep',
          summary: 'One saved step',
          params: stepParam,
          response: { 200: profileStep },
        },
      },
      async (request) => {
        return profile.get(callerOf(request).customerId, (request.params as { step: string }).step);
      },
    );

    app.put(
      '/profile/:step',
      {
        bodyLimit: STEP_BODY_BYTES,
        schema: {
          tags: ['profile'],
          operationId: 'saveProfileStep',
          summary: 'Save one step, validated with the schema the form uses',
          description:
            "The body is the step's data, checked by the validator of the step's published form version (or of `formVersion` while it is within the grace period after being replaced: else 409 FORM_VERSION_RETIRED) and the step checks; photos are document ids (`doc:<id>`) from POST /documents.",
          params: stepParam,
          querystring: stepSaveQuery,
          body: { type: 'object' },
          response: { 200: profileSummary },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { step } = request.params as { step: string };
        const { formVersion } = request.query as { formVersion?: string };
        return profile.put(
          caller,
          step,
          request.body,
          guard && ((tx, data) => guard(tx, caller.customerId, step, data)),
          formVersion === undefined ? undefined : Number(formVersion),
        );
      },
    );
  },
);
