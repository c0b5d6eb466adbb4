/**
 * The borrower's Notify messages of the loan core (server/services/messages.ts notify()), each written inside the
 * transaction of the event that causes it, so a message exists exactly when its event does. Links are the screens
 * that take the order as `?order=<id>` (src/screens/billIndex orderLink).
 */
import { eq } from 'drizzle-orm';
import { easyReloans } from '#server/db/tables.ts';
import { notify, type MessageParams, type NotifyTemplate } from '../messages.ts';
import type { OrderRow, Tx } from './repository.ts';

/** The screen a message about `order` opens. */
export const links = {
  home: () => '/homeIndex',
  terms: (order: Pick<OrderRow, 'id'>) => `/loan?order=${order.id}`,
  withdraw: (order: Pick<OrderRow, 'id'>) => `/withdrawPage?order=${order.id}`,
  bill: (order: Pick<OrderRow, 'id'>) => `/bill?order=${order.id}`,
  changeBank: () => '/changeBank',
  reloans: () => '/appointLoanList',
} as const;

/**
 * The notices of the loan core, written at `now` (the server's clock: DEMO_CLOCK's in a demonstration, so a message
 * is dated as its event is).
 */
export function orderNotices(now: () => Date) {
  /** Writes `template` about `order` for its borrower, in `tx`; false when `dedupeKey` was written before. */
  function notifyOrder(
    tx: Tx,
    order: Pick<OrderRow, 'customerId' | 'orderNo'>,
    template: NotifyTemplate,
    link: string,
    params: MessageParams = {},
    dedupeKey?: string,
  ): Promise<boolean> {
    return notify(tx, {
      customerId: order.customerId,
      template,
      params: { orderNo: order.orderNo, ...params },
      link,
      ...(dedupeKey && { dedupeKey }),
      at: now(),
    });
  }

  /**
   * The approval of `order`. A borrower's own application is signed next (its terms open); an Easy Re-loan is paid
   * out by itself after its notice (easy-reloan.ts) under the agreement already signed, so its approval has its own
   * text, asks for no signature and opens the re-loan records.
   */
  async function notifyApproved(
    tx: Tx,
    order: Pick<OrderRow, 'id' | 'customerId' | 'orderNo'>,
    params: MessageParams,
  ): Promise<void> {
    const [reloan] = await tx.select({ id: easyReloans.id }).from(easyReloans).where(eq(easyReloans.orderId, order.id));
    if (reloan) await notifyOrder(tx, order, 'reloanApproved', links.reloans(), params);
    else await notifyOrder(tx, order, 'approved', links.terms(order), params);
  }

  return { notifyOrder, notifyApproved };
}
