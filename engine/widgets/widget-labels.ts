/**
 * Widget text comes from the caller, already translated (the engine knows no product text): each widget reads a
 * `labels` object from its `ui:options`. A missing label falls back to the given fallback (such as the field's
 * translated title) or to its key, so a forgotten translation shows up
 * on screen and in tests instead of silently rendering an empty button.
 */
export function readLabels<K extends string>(
  options: Record<string, unknown>,
  keys: readonly K[],
  fallbacks: Partial<Record<K, string>> = {},
): Record<K, string> {
  const given = options['labels'];
  const source = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
  const labels = {} as Record<K, string>;
  for (const key of keys) {
    const text = source[key];
    labels[key] = typeof text === 'string' ? text : (fallbacks[key] ?? key);
  }
  return labels;
}

/** Replaces `{name}` placeholders in a caller's label (`'Digit {index} of {length}'`). */
export function fillLabel(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
