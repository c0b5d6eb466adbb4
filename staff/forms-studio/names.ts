import type { ContentKind } from '#domain/form-content.ts';

/** A document's name as staff read it: a form's step name, "Step order", "Theme 1". */
export function documentTitle(
  t: (key: string, options?: Record<string, unknown>) => string,
  kind: ContentKind,
  name: string,
): string {
  if (kind === 'form') return t(`steps.${name}`, { defaultValue: name });
  if (kind === 'flow') return t('studio.kinds.flow');
  return t('studio.themeNo', { id: name });
}
