/**
 * The book at a glance in the console (contract: api-contract/book.ts; service: server/services/book.ts;
 * docs/book.md): the supervisors' and administrators' figures of a range of days, and each table as CSV. Every read
 * and export is audited (`book.read`, `book.exported`: the range and the table, never a figure). Without loans served,
 * both answer NOT_FOUND. The onboarding funnel of the same range (server/services/onboarding-funnel.ts,
 * docs/onboarding-funnel.md) counts borrowers and names none, so reading it is not audited as a read of personal data.
 */
import {
  bookAnswer,
  bookExportQuery,
  bookQuery,
  funnelAnswer,
  type BookExportQuery,
  type BookQuery,
} from '#api-contract/book.ts';
import { ApiError } from '#server/errors.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { staffAudit } from '#server/services/audit.ts';
import { bookRange, createBookService, type BookService } from '#server/services/book.ts';
import { funnelOf } from '#server/services/onboarding-funnel.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';

const tags = ['staff'];

export const staffBookRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const book = deps.loans ? createBookService({ db: deps.db, now: deps.now }) : undefined;
  const service = (): BookService => {
    if (!book) throw new ApiError('NOT_FOUND');
    return book;
  };

  app.get(
    '/book',
    {
      config: { permission: 'book.read' },
      schema: {
        tags,
        operationId: 'bookAtAGlance',
        summary:
          'The book of a range of Manila days (default the last 30): flows by day and week, the book, PAR, buckets, roll rates, collection rates, promises (audited)',
        querystring: bookQuery,
        response: { 200: bookAnswer },
      },
    },
    async (request) => {
      const answer = await service().answer(request.query as BookQuery);
      await staffAudit(deps.db, {
        staffId: staffOf(request).staffId,
        action: 'book.read',
        ip: request.ip,
        detail: { from: answer.from, to: answer.to },
      });
      return answer;
    },
  );

  app.get(
    '/book/export',
    {
      config: { permission: 'book.read' },
      schema: {
        tags,
        operationId: 'bookExport',
        summary:
          'One table of the book as CSV: a header of column keys, money in integer centavos, ratios in basis points (audited)',
        querystring: bookExportQuery,
        response: {
          200: {
            description: 'text/csv; an attachment named book-<table>-<from>-<to>.csv',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as BookExportQuery;
      const { from, to, rows, csv } = await service().exportCsv(query);
      await staffAudit(deps.db, {
        staffId: staffOf(request).staffId,
        action: 'book.exported',
        ip: request.ip,
        detail: { from, to, table: query.table, rows },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="book-${query.table}-${from}-${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/book/funnel',
    {
      config: { permission: 'book.read' },
      schema: {
        tags,
        operationId: 'bookFunnel',
        summary:
          'The onboarding funnel: borrowers who reached and completed each information step per form version, and the fields whose errors stopped them most',
        querystring: bookQuery,
        response: { 200: funnelAnswer },
      },
    },
    async (request) => funnelOf(deps.db, bookRange(request.query as BookQuery, deps.now())),
  );
});
