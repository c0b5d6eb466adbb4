import { Activity, Fragment, useState, type ReactNode } from 'react';

/** The view to show: its key and whether it stays mounted after the user leaves it. */
export interface OutletView {
  name: string;
  keepAlive: boolean;
}

/**
 * Renders the current view. Keep-alive views, once visited, stay mounted inside React's `<Activity>` (hidden, with
 * their state and typed input kept); other views are re-created, keyed by name, each time they are entered.
 */
export function KeepAliveOutlet({ current, render }: { current: OutletView; render: (name: string) => ReactNode }) {
  const [kept, setKept] = useState<readonly string[]>(() => (current.keepAlive ? [current.name] : []));
  if (current.keepAlive && !kept.includes(current.name)) {
    // Adjusting state while rendering (React's documented pattern) so the new view mounts in this same pass.
    setKept([...kept, current.name]);
  }
  return (
    <>
      {kept.map((name) => (
        <Activity key={name} mode={name === current.name ? 'visible' : 'hidden'}>
          {render(name)}
        </Activity>
      ))}
      {!current.keepAlive && <Fragment key={current.name}>{render(current.name)}</Fragment>}
    </>
  );
}
