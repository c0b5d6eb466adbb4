import { useState } from 'react';
import { getUiOptions } from '@rjsf/utils';
import type { FieldProps } from '@rjsf/utils';
import { contactsManager } from '../widgets/contacts-api.ts';

/**
 * `"ui:field": "pickContact"` on an object with a name and a phone (an emergency contact): the object's own fields,
 * typed, and, where the browser has the Contact Picker API, a button that fills them from ONE contact the borrower
 * picks (`navigator.contacts.select(['name', 'tel'])`, not multiple). Only that contact's name and first number are
 * read; the address book is never listed, read or uploaded. Without the API there is no button: the fields are typed.
 * Options: `nameField` ('name'), `phoneField` ('phone'), `labels.pick` (the button's text, translated by the form
 * like every `labels` entry; a missing one shows `labels.pick`, so it is noticed).
 */
export function PickContactField(props: FieldProps) {
  const { registry, uiSchema, formData, onChange, fieldPathId, disabled, readonly } = props;
  const [picking, setPicking] = useState(false);
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const nameField = typeof options['nameField'] === 'string' ? options['nameField'] : 'name';
  const phoneField = typeof options['phoneField'] === 'string' ? options['phoneField'] : 'phone';
  const label = (options['labels'] as Record<string, string> | undefined)?.['pick'];
  const picker = contactsManager();
  const ObjectField = registry.fields['ObjectField'];
  if (!ObjectField) return null;

  const pick = async () => {
    if (!picker) return;
    setPicking(true);
    try {
      const [chosen] = await picker.select(['name', 'tel'], { multiple: false });
      if (chosen) {
        const current = typeof formData === 'object' && formData !== null ? (formData as Record<string, unknown>) : {};
        const name = chosen.name?.[0]?.trim();
        const phone = chosen.tel?.[0]?.trim();
        onChange(
          { ...current, ...(name ? { [nameField]: name } : {}), ...(phone ? { [phoneField]: phone } : {}) },
          fieldPathId.path,
          undefined,
          fieldPathId.$id,
        );
      }
    } catch {
      // Cancelled, or the picker is already open: what was typed stays.
    } finally {
      setPicking(false);
    }
  };

  return (
    <div className="ui-form-pick-contact">
      {picker && (
        <button
          type="button"
          className="ui-form-button ui-form-pick-contact-button"
          disabled={disabled === true || readonly === true || picking}
          onClick={() => void pick()}
        >
          {label ?? 'labels.pick'}
        </button>
      )}
      <ObjectField {...props} />
    </div>
  );
}
