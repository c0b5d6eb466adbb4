import type { FormProps } from '@rjsf/core/lib/components/Form.js';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { engineWidgets } from '../widgets/registry.ts';
import { AdditionalPropertyTemplate } from './templates/additional-property-template.tsx';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/array-field-template.tsx';
import { actionButtons } from './templates/buttons.tsx';
import { BaseInputTemplate } from './templates/base-input-template.tsx';
import { TextareaWidget } from './templates/textarea-widget.tsx';
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
 * mobile templates. The engine's own file, range, alternative date and time widgets also take the names of RJSF's
 * components, so RJSF's own choices (`format: data-url` -> FileWidget, `format: time` -> TimeWidget) reach them, never
 * the stand-ins the browser build puts in place of RJSF's (scripts/vite/rjsf-trim.ts).
 */
export const engineRegistry: RegistryLayer = {
  widgets: {
    ...engineWidgets,
    TextareaWidget,
    FileWidget: engineWidgets.file,
    RangeWidget: engineWidgets.range,
    AltDateWidget: engineWidgets['alt-date'],
    AltDateTimeWidget: engineWidgets['alt-datetime'],
    TimeWidget: engineWidgets.time,
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
    WrapIfAdditionalTemplate: AdditionalPropertyTemplate,
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
