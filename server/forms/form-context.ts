/**
 * The product's context of the form checks (engine/studio `checkForm`): the three languages, the shared text catalog
 * (locales/<lng>/forms.json without the forms' own subtrees, which each version holds), the vocabulary, every widget
 * and engine field; and the step forms and the app's routes the flow checks read. Read from the repository's files,
 * by the server and by the form compiler's worker alike.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RoutesConfig } from '#config/types/routes.ts';
import { FORM_LANGUAGES, LOCALE_OF, STEP_FILE_BYTES, type FlowContent } from '#domain/form-content.ts';
import type { FormCheckContext } from '#engine/studio/index.ts';
import { engineFieldMeta, engineWidgetMeta, rjsfWidgetMeta } from '#engine/widgets/widget-meta.ts';
import { vocabulary } from '#forms/vocabulary.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;

/** Every step form (a form's own texts are its subtree of the catalog, whichever version is live). */
export const formNames = new Set((json('config/flow.json') as unknown as FlowContent).steps.map((s) => s.schema));
/** The app's screens. */
export const routePaths = (json('config/routes.json') as unknown as RoutesConfig).routes.map((r) => r.path);

export function formContext(): FormCheckContext {
  const shared: Record<string, Record<string, unknown>> = {};
  for (const language of FORM_LANGUAGES) {
    const catalog = json(`locales/${LOCALE_OF[language]}/forms.json`);
    shared[language] = Object.fromEntries(Object.entries(catalog).filter(([key]) => !formNames.has(key)));
  }
  return {
    languages: FORM_LANGUAGES,
    shared,
    vocabulary,
    widgets: { ...rjsfWidgetMeta, ...engineWidgetMeta },
    fields: engineFieldMeta,
    fileBytes: STEP_FILE_BYTES,
  };
}
