/**
 * The borrower's Notify messages of the loan core (server/services/messages.ts notify()), each written inside the
 * transaction of the event that causes it, so a message exists exactly when its event does. Links are the screens
 * that take the order as `?order=<id>` (src/screens/billIndex orderLink).
 */
import { notify, type MessageParams, type NotifyTemplate } from '../messages.ts';
import type { OrderRow, Tx } from './repository.ts';

/** The screen a message about `order` opens. */
export const links = {
  home: () => '/homeIndex',
  terms: (order: Pick<OrderRow, 'id'>) => `/loan?order=${order.id}`,
  withdraw: (order: Pick<OrderRow, 'id'>) => `/withdrawPage?order=${order.id}`,
  bill: (order: Pick<OrderRow, 'id'>) => `/bill?order=${order.id}`,
  changeBank: () => '/changeBank',
} as const;

/** Writes `template` about `order` for its borrower, in `tx`; false when `dedupeKey` was written before. */
export function notifyOrder(
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
  });
}
