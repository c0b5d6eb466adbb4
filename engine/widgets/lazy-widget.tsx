import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** A registry widget whose code is fetched on first render; `preload()` fetches it ahead (e.g. with a step's form). */
export type LazyWidget = ComponentType<WidgetProps> & { preload: () => Promise<unknown> };

/**
 * Registers a heavy widget without putting its code in every form's chunk: `lazyWidget(() => import('./x.tsx').then(
 * (m) => m.X))`. Until the code arrives the field shows a busy placeholder of the widget's height class.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): LazyWidget {
  let pending: Promise<{ default: ComponentType<WidgetProps> }> | undefined;
  // Once its code is here (a step's form preloads its widgets), the widget renders at once: no placeholder a tap
  // could land on in the meantime.
  let Loaded: ComponentType<WidgetProps> | undefined;
  const fetchOnce = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(fetchOnce);
  function Loading({ id }: { id: string }) {
    return <div id={id} className="ui-widget-loading" aria-busy="true" />;
  }
  // Which of the two a field renders is decided once, when it mounts: switching from the Suspense tree to the loaded
  // component on a later render would mount the widget anew and lose its state and its DOM.
  const Widget = (props: WidgetProps) => {
    const [Ready] = useState(() => Loaded);
    return Ready ? (
      <Ready {...props} />
    ) : (
      <Suspense fallback={<Loading id={props.id} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
  return Object.assign(Widget, { preload: fetchOnce });
}
