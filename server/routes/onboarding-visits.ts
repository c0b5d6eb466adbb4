import { stepVisitInput, type StepVisitInput } from '#api-contract/profile.ts';
import type { Database } from '../db/database.ts';
import { callerOf } from '../plugins/auth.ts';
import { recordVisit } from '../services/onboarding-funnel.ts';
import { routeGroup } from './route-group.ts';

export interface OnboardingVisitRouteOptions {
  readonly db: Database;
  readonly now: () => Date;
}

/**
 * The borrower app's report of an information step for the onboarding funnel (server/services/onboarding-funnel.ts,
 * docs/onboarding-funnel.md): sent without waiting (fetch keepalive), so the answer is empty. The caller's own
 * customer only, from the session.
 */
export const onboardingVisitRoutes = routeGroup<OnboardingVisitRouteOptions>(
  { access: 'session', noStore: true },
  async (app, { db, now }) => {
    app.post(
      '/profile/steps/:step/visits',
      {
        bodyLimit: 8 * 1024,
        schema: {
          tags: ['profile'],
          operationId: 'reportStepVisit',
          summary: 'Report an information step opened, or the fields a refused submit showed in error (paths only)',
          description:
            "Counted once per borrower, step and form version; the step must be one of the published flow and `formVersion` a published (or replaced) version of its form, else 404 STEP_UNKNOWN or 400 INVALID_INPUT; paths the version's schema does not declare are dropped. At most VISIT_REPORTS a borrower (429 TOO_FREQUENT).",
          params: {
            type: 'object',
            required: ['step'],
            additionalProperties: false,
            properties: { step: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } },
          },
          body: stepVisitInput,
          response: { 204: { type: 'null', description: 'Recorded' } },
        },
      },
      async (request, reply) => {
        const { step } = request.params as { step: string };
        await recordVisit(db, callerOf(request).customerId, step, request.body as StepVisitInput, now());
        return reply.code(204).send();
      },
    );
  },
);
