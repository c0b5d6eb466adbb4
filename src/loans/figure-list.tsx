/**
 * A label/value list of loan figures (the live quote, the bill, an order card). Its own module so that the screens
 * that only list figures load neither the pricing config nor the disclosure.
 */
import type { ReactNode } from 'react';
import './loans.css';

export interface Figure {
  /** Stable id (tests, keys). */
  id: string;
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/** A definition list of figures. */
export function Figures({
  items,
  className,
}: {
  items: readonly (Figure | false | null | undefined)[];
  className?: string;
}) {
  return (
    <dl className={className ? `loan-figures ${className}` : 'loan-figures'}>
      {items
        .filter((item): item is Figure => Boolean(item))
        .map((item) => (
          <div
            key={item.id}
            className={item.strong ? 'loan-figure loan-figure-strong' : 'loan-figure'}
            data-figure={item.id}
          >
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
    </dl>
  );
}
