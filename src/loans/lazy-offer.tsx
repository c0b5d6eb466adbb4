/**
 * LoanOffer in its own chunk: its pickers and the quote math (domain/pricing.ts) are needed only when home answers
 * with no current order, after a loan screen's first render (a skeleton while home loads). `useOfferModule` asks for
 * the chunk as that first render commits, so it comes during the home request rather than after it.
 */
import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { LoanOffer as Offer } from './loan-offer.tsx';
import { LoadingCards } from './load-state.tsx';

const loadOffer = () => import('./loan-offer.tsx');
const LazyOffer = lazy(() => loadOffer().then((module) => ({ default: module.LoanOffer })));

/** Starts fetching the offer's chunk (a failure shows when the offer renders: the screen's boundary offers a reload). */
export function prefetchOffer(): void {
  loadOffer().catch(() => undefined);
}

/** Starts fetching the offer's chunk once the screen has rendered. */
export function useOfferModule(): void {
  useEffect(prefetchOffer, []);
}

/**
 * The offer with no loading state of its own: it suspends until its chunk is there, so the screen's boundary shows
 * one skeleton for the whole page and everything appears at once, nothing pushed down later (home).
 */
export const SuspendingLoanOffer = LazyOffer;

export function LoanOffer(props: ComponentProps<typeof Offer>) {
  return (
    <Suspense fallback={<LoadingCards count={1} />}>
      <LazyOffer {...props} />
    </Suspense>
  );
}
