import type { FormProps } from '@rjsf/core/lib/components/Form.js';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { engineWidgets } from '../widgets/registry.ts';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/array-field-template.tsx';
import { actionButtons } from './templates/buttons.tsx';
import { BaseInputTemplate } from './templates/base-input-template.tsx';
import { FieldErrorTemplate } from './templates/field-error-template.tsx';
import { FieldTemplate } from './templates/field-template.tsx';
import { ObjectFieldTemplate } from './templates/object-field-template.tsx';
import { SubmitButton } from './templates/submit-button.tsx';
import { DescriptionFieldTemplate, ErrorListTemplate, FieldHelpTemplate } from './templates/text-templates.tsx';
import { TranslatedSchemaField } from './translated-schema-field.tsx';
import { PickContactField } from './lazy-pick-contact-field.tsx';
import { WidgetField } from './widget-field.tsx';

/** Templates as a Form takes them (any subset, `ButtonTemplates` too). */
export type FormTemplates = NonNullable<FormProps['templates']>;

/** One layer of the form registry: widgets, fields and templates by name. */
export interface RegistryLayer {
  readonly widgets?: RegistryWidgetsType;
  readonly fields?: RegistryFieldsType;
  readonly templates?: FormTemplates;
}

/** The merged registry, ready for Form's `widgets`, `fields` and `templates`. */
export interface MergedRegistry {
  readonly widgets: RegistryWidgetsType;
  readonly fields: RegistryFieldsType;
  readonly templates: FormTemplates;
}

/**
 * The engine's layer: its widgets, the translating SchemaField, the `widget` adapter and `pickContact` fields and
 * mobile templates. RJSF picks a widget by name first (`ui:widget: 'range'`, `'alt-date'`, `'alt-datetime'`, and
 * `format: time` picks `time`), so the engine's own of these take the place of RJSF's; the file widget also takes the
 * name of RJSF's component, which RJSF picks for `format: data-url` and `ui:widget: 'files'`. None reaches the
 * stand-ins the browser build puts in place of RJSF's (scripts/vite/rjsf-trim.ts).
 */
export const engineRegistry: RegistryLayer = {
  widgets: {
    ...engineWidgets,
    TextareaWidget: engineWidgets.textarea,
    FileWidget: engineWidgets.file,
  },
  fields: { SchemaField: TranslatedSchemaField, widget: WidgetField, pickContact: PickContactField },
  templates: {
    FieldTemplate,
    FieldErrorTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    BaseInputTemplate,
    DescriptionFieldTemplate,
    FieldHelpTemplate,
    ErrorListTemplate,
    ButtonTemplates: { SubmitButton, ...actionButtons },
  },
};

/**
 * Merges registry layers, later over earlier, name by name (`ButtonTemplates` one level deeper): called as
 * `mergeRegistry(engineRegistry, product, callSite)` it gives the fixed order engine defaults < product < call site.
 */
export function mergeRegistry(...layers: readonly (RegistryLayer | undefined)[]): MergedRegistry {
  let widgets: RegistryWidgetsType = {};
  let fields: RegistryFieldsType = {};
  let templates: FormTemplates = {};
  for (const layer of layers) {
    if (!layer) continue;
    widgets = { ...widgets, ...layer.widgets };
    fields = { ...fields, ...layer.fields };
    templates = {
      ...templates,
      ...layer.templates,
      ButtonTemplates: { ...templates.ButtonTemplates, ...layer.templates?.ButtonTemplates },
    };
  }
  return { widgets, fields, templates };
}
