/**
 * What a borrower's complaint about collection may say (RA 11765; docs/collections.md, Complaints): the single source
 * of the server, the contract and the app. Re-exported by ./collections.ts beside the other collection lists; kept in
 * a module of its own so that the borrower's contacts screen, its one reader in the app, holds it in its own chunk.
 */
/**
 * Why a borrower complains about collection from the list of contacts made to them (RA 11765): about one contact or
 * the conduct in general. Texts: locales/<lng>/loan.json collections.complaintReasons, staff.json the same.
 */
export const COMPLAINT_REASONS = [
  'outsideHours',
  'tooManyContacts',
  'rudeOrThreatening',
  'contactedSomeoneElse',
  'wrongAmount',
  'other',
] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/** Where a complaint is: received, in progress (customer service acknowledged it), resolved (with an answer). */
export const COMPLAINT_STATES = ['received', 'in_progress', 'resolved'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/** The length a complaint's text may have (the borrower's own words, required). */
export const COMPLAINT_TEXT_LENGTH = { min: 10, max: 1000 } as const;
