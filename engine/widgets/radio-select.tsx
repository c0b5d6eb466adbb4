import type { WidgetProps } from '@rjsf/utils';
import { ChoiceList } from './choice-list.tsx';

/** A full-width radio list for a short `enum` (`ui:widget: 'radios'`), one row per option. */
export function RadioSelect(props: WidgetProps) {
  return <ChoiceList {...props} variant="radios" />;
}
