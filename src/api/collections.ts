/**
 * The borrower's side of collections (api-contract/collections.ts, docs/collections.md) as typed calls made as the
 * logged-in borrower: every collection contact made to them and their disputes, and disputing a loan's bill.
 */
import type {
  BorrowerContactsAnswer,
  BorrowerDisputeAnswer,
  BorrowerDisputeInput,
  disputeReasons,
} from '#api-contract/collections.ts';
import { sessionRequest } from './session.ts';

export type CollectionContacts = BorrowerContactsAnswer;
export type CollectionContact = BorrowerContactsAnswer['items'][number];
export type LoanDispute = BorrowerDisputeAnswer;
export type DisputeBody = BorrowerDisputeInput;
export type DisputeReasonChoice = (typeof disputeReasons)[number];

export const collectionsApi = {
  contacts: (signal?: AbortSignal) => sessionRequest<CollectionContacts>('/collection-contacts', { signal }),
  dispute: (orderId: string, body: DisputeBody) =>
    sessionRequest<LoanDispute>(`/loans/${encodeURIComponent(orderId)}/dispute`, { method: 'POST', body }),
};
