import type { WidgetProps } from '@rjsf/utils';
import { ChoiceList } from './choice-list.tsx';

/** Chips for a short `enum` (`ui:widget: 'chips'`): one choice, tap to pick; keyboard as native radio buttons. */
export function ChipSelect(props: WidgetProps) {
  return <ChoiceList {...props} variant="chips" />;
}
