import { useState } from 'react';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { contactsManager } from './contacts-api.ts';
import { readLabels } from './widget-labels.ts';
import './widgets.css';

export { contactsManager } from './contacts-api.ts';

const LABELS = ['name', 'phone', 'pick'] as const;

/** A contact as this widget gives it: each part present only when filled in. */
export interface ContactValue {
  name?: string;
  phone?: string;
}

function toValue(name: string, phone: string): ContactValue | undefined {
  const value: ContactValue = {};
  if (name !== '') value.name = name;
  if (phone !== '') value.phone = phone;
  return value.name === undefined && value.phone === undefined ? undefined : value;
}

/**
 * One person's name and phone number (`ui:widget: 'contactPicker'`), e.g. an emergency contact. Typed by the
 * borrower; where the browser has the Contact Picker API, a button also lets the borrower pick ONE contact, of which
 * only the name and a phone number are read (the browser shows what is shared). The address book is never listed,
 * read or uploaded (docs/product-rules.md: SEC MC 18 s.2019, NPC Circular 2022-02).
 * Options: `labels` { name, phone, pick }. The value is `{ name?, phone? }`, `undefined` when both are empty.
 *
 * It is a widget with an object value rather than an RJSF object field so that it sits in the one widget registry
 * and one schema property (`type: object` with `name` and `phone`) validates it. RJSF renders `type: object`
 * schemas through fields, so engine/form mounts it through a field that hands a registry widget its object value
 * (see README.md); the phone number's format is the schema's business, not the widget's.
 */
export function ContactPicker({
  id,
  value,
  options,
  disabled,
  readonly,
  required,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const labels = readLabels(options, LABELS);
  const current: ContactValue = typeof value === 'object' && value !== null ? (value as ContactValue) : {};
  const name = current.name ?? '';
  const phone = current.phone ?? '';
  const [picking, setPicking] = useState(false);
  const picker = contactsManager();
  const locked = disabled || readonly;

  const pick = async () => {
    if (!picker) return;
    setPicking(true);
    try {
      const [chosen] = await picker.select(['name', 'tel'], { multiple: false });
      if (chosen) onChange(toValue(chosen.name?.[0]?.trim() ?? name, chosen.tel?.[0]?.trim() ?? phone));
    } catch {
      // Cancelled, or the picker is already open: the typed fields stay as they were.
    } finally {
      setPicking(false);
    }
  };

  return (
    <div className="ui-widget-contact" id={id}>
      <label className="ui-widget-contact-row">
        <span className="ui-widget-contact-label">{labels.name}</span>
        <input
          id={`${id}-name`}
          className="ui-widget-input"
          type="text"
          autoComplete="off"
          value={name}
          required={required}
          disabled={disabled}
          readOnly={readonly}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => onChange(toValue(event.target.value, phone))}
          onFocus={() => onFocus(id, value)}
          onBlur={() => onBlur(id, value)}
        />
      </label>
      <label className="ui-widget-contact-row">
        <span className="ui-widget-contact-label">{labels.phone}</span>
        <input
          id={`${id}-phone`}
          className="ui-widget-input"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          required={required}
          disabled={disabled}
          readOnly={readonly}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => onChange(toValue(name, event.target.value))}
          onFocus={() => onFocus(id, value)}
          onBlur={() => onBlur(id, value)}
        />
      </label>
      {picker && (
        <button
          type="button"
          className="ui-widget-button ui-widget-contact-pick"
          disabled={locked || picking}
          onClick={() => void pick()}
        >
          {labels.pick}
        </button>
      )}
    </div>
  );
}
