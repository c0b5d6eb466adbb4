/**
 * A message (template key + parameters, api-contract/messages.ts) as text in the language shown: `notify.<template>` or
 * `activity.<template>` of the `messages` namespace, with amounts (parameters named `*Centavos`) written as pesos
 * under the name without the suffix (`amountCentavos` -> `{{amount}}`), Manila days (YYYY-MM-DD) as the language
 * writes them, and the product's name (`{{product}}`) and timings (`{{approvalMinutes}}`...) from config/product.json. Rendered at every render, so a language switch re-renders
 * old messages too.
 */
import type { TFunction } from 'i18next';
import { formatPeso } from '#domain/money.ts';
import type { MessageView } from '../api/messages.ts';
import { product } from '../config.ts';
import { formatDay } from '../loans/format.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/** The interpolation values of a message's parameters in `language`. */
export function messageValues(params: MessageView['params'], language: string): Record<string, string | number> {
  // The product's name and timings (config/product.json) are there for every text; the message's own come after.
  const values: Record<string, string | number> = { product: product.displayName, ...product.timings };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Centavos') && typeof value === 'number')
      values[name.slice(0, -'Centavos'.length)] = formatPeso(value);
    else if (typeof value === 'string' && DAY.test(value)) values[name] = formatDay(value, language);
    else values[name] = value;
  }
  return values;
}

/** The title and body of a message. */
export function messageText(
  t: TFunction<'messages'>,
  message: Pick<MessageView, 'tab' | 'template' | 'params'>,
  language: string,
): { title: string; body: string } {
  const values = messageValues(message.params, language);
  const key = `${message.tab}.${message.template}`;
  return { title: t(`${key}.title` as never, values) as string, body: t(`${key}.body` as never, values) as string };
}
