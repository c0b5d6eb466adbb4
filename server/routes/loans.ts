/**
 * The loan routes (their contract: api-contract/loans.ts, published at /api/docs): the caller's own orders, payments and signature only (the customer
 * comes from the session, never the request). Money operations (POST /loans, /loans/:id/withdraw,
 * /loans/:id/payments) need an Idempotency-Key and answer a repeat with the first answer, status and body.
 */
import type { FastifyReply } from 'fastify';
import {
  homeAnswer,
  loanInput,
  orderAnswer,
  orderDetailAnswer,
  orderListAnswer,
  paymentAnswer,
  paymentInput,
  paymentListAnswer,
  payoutAccountAnswer,
  quoteAnswer,
  signatureAnswer,
} from '#api-contract/loans.ts';
import {
  paymentQuoteAnswer,
  paymentQuoteInput,
  withdrawInput,
  type PaymentQuoteInput,
  type WithdrawInput,
} from '#api-contract/coupons.ts';
import type { PaymentKind } from '#domain/loan-types.ts';
import { ApiError } from '../errors.ts';
import { callerOf } from '../plugins/auth.ts';
import { idempotencyKeyOf, requestHash, type StoredAnswer } from '../services/idempotency.ts';
import type { LoanInput, LoanService } from '../services/loans.ts';
import { routeGroup } from './route-group.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const idempotencyHeader = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description: '8-128 characters [A-Za-z0-9_-]; a repeat answers the first answer',
    },
  },
} as const;

/** The order id of the path, or NOT_FOUND (a malformed id is no one's order). */
function idOf(params: unknown): string {
  const id = (params as { id: string }).id;
  if (!UUID.test(id)) throw new ApiError('NOT_FOUND');
  return id;
}

/** The borrower's loans, payments, payout account and signature: the caller's session, never cached. */
export const loanRoutes = routeGroup<{ loans: LoanService }>(
  { access: 'session', noStore: true },
  async (app, { loans }) => {
    // The stored JSON text as it is: a repeat gets the same bytes (its answer schema documents it; nothing drops fields).
    const send = (reply: FastifyReply, answer: StoredAnswer) =>
      reply
        .status(answer.status)
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(answer.json);

    app.get(
      '/loans/home',
      {
        schema: {
          tags: ['loans'],
          operationId: 'getLoanHome',
          summary: 'Home: credit limit, profile completeness, current order, whether the borrower can apply',
          response: { 200: homeAnswer },
        },
      },
      async (request) => {
        return loans.home(callerOf(request));
      },
    );

    app.post(
      '/loans/quote',
      {
        schema: {
          tags: ['loans'],
          operationId: 'quoteLoan',
          summary: "Every figure of a loan (the same function as the web app's live quote)",
          body: loanInput,
          response: { 200: quoteAnswer },
        },
      },
      async (request) => {
        return loans.quote(request.body as LoanInput);
      },
    );

    app.post(
      '/loans',
      {
        schema: {
          tags: ['loans'],
          operationId: 'applyForLoan',
          summary: 'Apply (Idempotency-Key): the order starts under review',
          headers: idempotencyHeader,
          body: loanInput,
          response: { 201: orderAnswer },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers['idempotency-key']);
        return send(
          reply,
          await loans.apply(callerOf(request), key, requestHash(request.body), request.body as LoanInput),
        );
      },
    );

    app.get(
      '/loans',
      {
        schema: {
          tags: ['loans'],
          operationId: 'listLoans',
          summary: "The borrower's orders, newest first",
          response: { 200: orderListAnswer },
        },
      },
      async (request) => {
        return loans.list(callerOf(request).customerId);
      },
    );

    app.get(
      '/loans/:id',
      {
        schema: {
          tags: ['loans'],
          operationId: 'getLoan',
          summary: 'One order with its payments',
          params: idParam,
          response: { 200: orderDetailAnswer },
        },
      },
      async (request) => {
        return loans.get(callerOf(request).customerId, idOf(request.params));
      },
    );

    app.post(
      '/loans/:id/accept',
      {
        schema: {
          tags: ['loans'],
          operationId: 'acceptLoanTerms',
          summary: 'Accept the terms (Privacy Policy and Loan Agreement): accepted -> withdrawable',
          params: idParam,
          body: {
            type: 'object',
            additionalProperties: false,
            properties: { agreePrivacy: { type: 'boolean' }, agreeAgreement: { type: 'boolean' } },
          },
          response: { 200: orderAnswer },
        },
      },
      async (request) => {
        return loans.accept(
          callerOf(request).customerId,
          idOf(request.params),
          request.body as { agreePrivacy?: boolean; agreeAgreement?: boolean },
        );
      },
    );

    app.get(
      '/signature',
      {
        schema: {
          tags: ['loans'],
          operationId: 'getSignature',
          summary: 'Whether a signature is on file',
          response: { 200: signatureAnswer },
        },
      },
      async (request) => {
        return loans.signature(callerOf(request).customerId);
      },
    );

    app.post(
      '/signature',
      {
        schema: {
          tags: ['loans'],
          operationId: 'putSignature',
          summary: 'Put a signature on file: a document of kind signature uploaded through POST /documents',
          body: {
            type: 'object',
            required: ['signature'],
            additionalProperties: false,
            properties: { signature: { type: 'string', maxLength: 64 } },
          },
          response: { 200: signatureAnswer },
        },
      },
      async (request) => {
        return loans.sign(callerOf(request).customerId, (request.body as { signature: string }).signature);
      },
    );

    app.post(
      '/loans/:id/withdraw-quote',
      {
        schema: {
          tags: ['loans'],
          operationId: 'quoteWithdrawal',
          summary:
            'What withdrawing gives, with a withdrawal coupon when one is named (COUPON_UNAVAILABLE when it cannot apply)',
          params: idParam,
          body: withdrawInput,
          response: { 200: quoteAnswer },
        },
      },
      async (request) => {
        return loans.withdrawQuote(
          callerOf(request),
          idOf(request.params),
          (request.body as WithdrawInput | undefined)?.couponId,
        );
      },
    );

    app.post(
      '/loans/:id/withdraw',
      {
        schema: {
          tags: ['loans'],
          operationId: 'withdrawLoan',
          summary:
            'Withdraw (Idempotency-Key): withdrawable -> disbursing, to the bankInfo account as it is now; an optional withdrawal coupon is used in the same transaction',
          headers: idempotencyHeader,
          params: idParam,
          body: withdrawInput,
          response: { 200: orderAnswer },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers['idempotency-key']);
        const body = (request.body ?? {}) as WithdrawInput;
        return send(
          reply,
          await loans.withdraw(callerOf(request), key, requestHash(body), idOf(request.params), body.couponId),
        );
      },
    );

    app.put(
      '/payout-account',
      {
        bodyLimit: 64 * 1024,
        schema: {
          tags: ['loans'],
          operationId: 'changePayoutAccount',
          summary: 'A new payout account after a failed disbursement or for a re-loan (bankInfo step data)',
          body: { type: 'object' },
          response: { 200: payoutAccountAnswer },
        },
      },
      async (request) => {
        return loans.changePayoutAccount(callerOf(request), request.body);
      },
    );

    app.post(
      '/loans/:id/payments',
      {
        schema: {
          tags: ['loans'],
          operationId: 'createPayment',
          summary:
            'Repay (Idempotency-Key): full settlement, extension or the next instalment; answers the reference to pay with',
          headers: idempotencyHeader,
          params: idParam,
          body: paymentInput,
          response: { 201: paymentAnswer },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers['idempotency-key']);
        const body = request.body as { kind: PaymentKind; channel: 'eWallet' | 'bank' | 'otc'; couponId?: string };
        return send(
          reply,
          await loans.createPayment(callerOf(request), key, requestHash(body), idOf(request.params), body),
        );
      },
    );

    app.post(
      '/loans/:id/payment-quote',
      {
        schema: {
          tags: ['loans'],
          operationId: 'quotePayment',
          summary:
            'What a payment of a kind asks today, with a repayment coupon when one is named (COUPON_UNAVAILABLE when it cannot apply)',
          params: idParam,
          body: paymentQuoteInput,
          response: { 200: paymentQuoteAnswer },
        },
      },
      async (request) => {
        return loans.paymentQuote(callerOf(request), idOf(request.params), request.body as PaymentQuoteInput);
      },
    );

    app.get(
      '/payments',
      {
        schema: {
          tags: ['loans'],
          operationId: 'listPayments',
          summary: "The borrower's payments of the last 3 months, newest first",
          response: { 200: paymentListAnswer },
        },
      },
      async (request) => {
        return loans.payments(callerOf(request).customerId);
      },
    );

    app.get(
      '/payments/:id',
      {
        schema: {
          tags: ['loans'],
          operationId: 'getPayment',
          summary: 'One payment',
          params: idParam,
          response: { 200: paymentAnswer },
        },
      },
      async (request) => {
        return loans.payment(callerOf(request).customerId, idOf(request.params));
      },
    );
  },
);
