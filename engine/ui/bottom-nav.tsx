import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';

/** One tab of the bottom navigation; the label is already translated. */
export interface BottomNavItem {
  id: string;
  label: string;
  href: string;
  /** Icon path data, e.g. homeIcon from ./icons.tsx. */
  icon: string;
  active: boolean;
  /** Shown on the tab after its label (an unread count): the product's own element, so it may load lazily. */
  badge?: ReactNode;
}

/** The bottom navigation bar (Home, My Loan, Profile in this product). */
export function BottomNav({
  items,
  onNavigate,
}: {
  items: readonly BottomNavItem[];
  onNavigate: (href: string) => void;
}) {
  return (
    <nav className="ui-bottom-nav">
      {items.map((item) => (
        <a
          key={item.id}
          href={item.href}
          className={item.active ? 'ui-bottom-nav-item is-active' : 'ui-bottom-nav-item'}
          aria-current={item.active ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!item.active) onNavigate(item.href);
          }}
        >
          <Icon path={item.icon} />
          <span>{item.label}</span>
          {item.badge}
        </a>
      ))}
    </nav>
  );
}
