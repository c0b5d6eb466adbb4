import {
  feedbackItem,
  feedbackList,
  meAnswer,
  preferencesAnswer,
  preferencesInput,
  type PreferencesInput,
} from '#api-contract/me.ts';
import { callerOf } from '../plugins/auth.ts';
import type { FeedbackService } from '../services/feedback.ts';
import type { MeService } from '../services/me.ts';
import { routeGroup } from './route-group.ts';

export interface MeRouteOptions {
  readonly me: MeService;
  readonly feedback: FeedbackService;
}

/**
 * The profile tab, preferences and feedback: the caller's own only (the customer is the session's, never the
 * request's). Personal: never cached.
 */
export const meRoutes = routeGroup<MeRouteOptions>(
  { access: 'session', noStore: true },
  async (app, { me, feedback }) => {
    app.get(
      '/me',
      {
        schema: {
          tags: ['me'],
          operationId: 'getMe',
          summary: 'The profile tab: masked phone, limit, steps, payout account, coupons, unread messages',
          response: { 200: meAnswer },
        },
      },
      async (request) => me.summary(callerOf(request)),
    );

    app.patch(
      '/me/preferences',
      {
        schema: {
          tags: ['me'],
          operationId: 'setPreferences',
          summary:
            'Language (SMS are written in it), SMS due reminders, and consent to collection contact at other hours (audited)',
          body: preferencesInput,
          response: { 200: preferencesAnswer },
        },
      },
      async (request) => me.setPreferences(callerOf(request).customerId, request.body as PreferencesInput, request.ip),
    );

    app.get(
      '/feedback',
      {
        schema: {
          tags: ['me'],
          operationId: 'listFeedback',
          summary: "The caller's feedback and its state, newest first",
          response: { 200: feedbackList },
        },
      },
      async (request) => feedback.list(callerOf(request).customerId),
    );

    app.post(
      '/feedback',
      {
        bodyLimit: 16 * 1024,
        schema: {
          tags: ['me'],
          operationId: 'sendFeedback',
          summary: 'Send feedback, validated with the schema the form uses',
          description:
            'The body is checked by the compiled validator of forms/feedback.schema.json: category, text of 10 to 1000 characters, optional screenshot as a document id (`doc:<id>`, kind feedbackScreenshot, from POST /documents).',
          body: { type: 'object' },
          response: { 201: feedbackItem },
        },
      },
      async (request, reply) => reply.status(201).send(await feedback.send(callerOf(request).customerId, request.body)),
    );
  },
);
