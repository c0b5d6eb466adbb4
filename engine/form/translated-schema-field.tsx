import { useMemo } from 'react';
import type { ComponentType } from 'react';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { resolveUiSchema } from '@rjsf/utils';
import type { FieldProps } from '@rjsf/utils';
import { useFormText } from './form-text.ts';
import { translateUi } from './translate-ui.ts';

const SchemaField = getDefaultRegistry().fields['SchemaField'] as ComponentType<FieldProps>;

/**
 * RJSF's SchemaField with the field's title, description, option labels and widget labels translated
 * (`translateUi`), so every template and widget below receives text, not keys. It is the engine's `SchemaField`
 * registry entry: a product replacing `SchemaField` loses translation unless it wraps this one. The field's uiSchema
 * is first merged with the `ui:definitions` entry of its `$ref`, as RJSF's SchemaField merges it, so the texts a
 * definition gives are translated too.
 */
export function TranslatedSchemaField(props: FieldProps) {
  const { t, optionKey } = useFormText();
  const { schema, uiSchema, name, registry } = props;
  const ui = useMemo(() => {
    const resolved = schema.$ref === undefined ? schema : registry.schemaUtils.retrieveSchema(schema);
    return translateUi(resolved, resolveUiSchema(schema, uiSchema, registry), name, t, optionKey);
  }, [schema, uiSchema, name, registry, t, optionKey]);
  // RJSF titles a list with its schema's `title`, not `ui:title`, so a list gets a schema whose title is the text.
  const shown = useMemo(
    () =>
      schema.type === 'array' && typeof schema.title === 'string' ? { ...schema, title: t(schema.title) } : schema,
    [schema, t],
  );
  return <SchemaField {...props} schema={shown} uiSchema={ui} />;
}
