/**
 * The app's in-app link: a real anchor (its address can be opened in a new tab, copied, read by a screen reader) that
 * navigates inside the app on a plain click. react-router's own Link also prefetches route modules, discovers lazy
 * routes and handles view transitions, none of which the app uses; it cost every route about 2.2 KB gzip.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useNavigate, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Where to: a path with its query, or a part of one (`{ search }` keeps the current path). */
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Modified clicks, other buttons and other targets keep the browser's own behaviour (new tab, download...).
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(to, { replace });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
