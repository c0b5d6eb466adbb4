/** The `ui:widget` names used anywhere in a uiSchema (pure: the widget registry and the build's bundle report use it). */
export function widgetsOf(ui: unknown, out = new Set<string>()): Set<string> {
  if (ui === null || typeof ui !== 'object') return out;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') out.add(value);
    else widgetsOf(value, out);
  }
  return out;
}
