import { lazy, Suspense } from 'react';
import type { FieldProps } from '@rjsf/utils';

const Lazy = lazy(() => import('./pick-contact-field.tsx').then((m) => ({ default: m.PickContactField })));

/**
 * The `pickContact` field (pick-contact-field.tsx) with its code fetched on first render, so only the contacts step
 * carries it. Until it arrives the object's own fields show, typed as they would be without the Contact Picker API.
 */
export function PickContactField(props: FieldProps) {
  const ObjectField = props.registry.fields['ObjectField'];
  return (
    <Suspense fallback={ObjectField ? <ObjectField {...props} /> : null}>
      <Lazy {...props} />
    </Suspense>
  );
}
