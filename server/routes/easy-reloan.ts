/**
 * The Easy Re-loan routes (contract: api-contract/easy-reloan.ts; service: server/services/loans/easy-reloan.ts): the
 * caller's own setting and re-loans only (the customer comes from the session, never the request), never cached.
 * No route moves money: the payout is the `reloan_disburse` job's, after the notice.
 */
import {
  easyReloanAnswer,
  easyReloanInput,
  reloanAnswer,
  reloanListAnswer,
  type EasyReloanInput,
} from '#api-contract/easy-reloan.ts';
import { ApiError } from '../errors.ts';
import { callerOf } from '../plugins/auth.ts';
import type { LoanService } from '../services/loans.ts';
import { routeGroup } from './route-group.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;
const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;

export const easyReloanRoutes = routeGroup<{ loans: LoanService }>(
  { access: 'session', noStore: true },
  async (app, { loans }) => {
    const service = loans.easyReloan;

    app.get(
      '/easy-reloan',
      {
        schema: {
          tags: ['easy-reloan'],
          operationId: 'getEasyReloan',
          summary: 'The Easy Re-loan setting, the limit now and the next amount',
          response: { 200: easyReloanAnswer },
        },
      },
      async (request) => service.status(callerOf(request).customerId),
    );

    app.put(
      '/easy-reloan',
      {
        schema: {
          tags: ['easy-reloan'],
          operationId: 'turnOnEasyReloan',
          summary: 'Turn Easy Re-loan on (the agreement must be agreed), or change its amount and term',
          body: easyReloanInput,
          response: { 200: easyReloanAnswer },
        },
      },
      async (request) => service.turnOn(callerOf(request).customerId, request.body as EasyReloanInput),
    );

    app.delete(
      '/easy-reloan',
      {
        schema: {
          tags: ['easy-reloan'],
          operationId: 'turnOffEasyReloan',
          summary:
            'Turn Easy Re-loan off (RELOAN_VOUCHER_USED once its voucher was used); waiting re-loans are cancelled',
          response: { 200: easyReloanAnswer },
        },
      },
      async (request) => service.turnOff(callerOf(request).customerId),
    );

    app.get(
      '/easy-reloan/reloans',
      {
        schema: {
          tags: ['easy-reloan'],
          operationId: 'listReloans',
          summary: 'Scheduled, cancelled and done re-loans with their figures, newest first',
          response: { 200: reloanListAnswer },
        },
      },
      async (request) => service.reloans(callerOf(request).customerId),
    );

    app.post(
      '/easy-reloan/reloans/:id/cancel',
      {
        schema: {
          tags: ['easy-reloan'],
          operationId: 'cancelReloan',
          summary: 'Cancel a re-loan before its payout (RELOAN_CANCEL_CLOSED after): nothing is sent',
          params: idParam,
          body: { type: 'object', additionalProperties: false, properties: {} },
          response: { 200: reloanAnswer },
        },
      },
      async (request) => {
        const id = (request.params as { id: string }).id;
        if (!UUID.test(id)) throw new ApiError('NOT_FOUND');
        return service.cancel(callerOf(request).customerId, id);
      },
    );
  },
);
