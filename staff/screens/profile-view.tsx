/**
 * A customer's profile steps as the server gives them (masked unless unmasked), field by field, with the labels and
 * option texts the borrower saw (staff/profile-text.ts).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMS_NS, fieldLabel, fieldValue, schemaOf, type ProfileTranslator } from '../profile-text.ts';
import type { MaskedProfileStep } from '#api-contract/staff-ops.ts';

/** A masked step (the contract's) as shown: values staff unmasked stand in the clear, as any JSON. */
export type ShownProfileStep = Omit<MaskedProfileStep, 'fields'> & {
  readonly fields: readonly { readonly key: string; readonly value: unknown }[];
};

export const showValue = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function ProfileView({
  profile,
  action,
}: {
  profile: readonly ShownProfileStep[];
  action?: (step: string, key: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation(['staff', FORMS_NS]);
  if (profile.length === 0) return <p className="st-empty">{t('common.empty')}</p>;
  const text: ProfileTranslator = {
    t: (key, options) => t(key, options ?? {}),
    exists: (key) => i18n.exists(key),
    forms: () =>
      i18n.getResourceBundle(i18n.resolvedLanguage ?? i18n.language, FORMS_NS) as Record<string, unknown> | undefined,
  };
  return (
    <div className="st-profile">
      {profile.map((step) => (
        <div key={step.step} className="st-card">
          <h3>{t(`steps.${schemaOf(step.step)}`, { defaultValue: step.step })}</h3>
          <dl className="st-facts">
            {step.fields.map((field) => (
              <div key={field.key} data-field={`${step.step}.${field.key}`}>
                <dt>{fieldLabel(text, step.step, field.key)}</dt>
                <dd>
                  <span className="st-value">
                    {typeof field.value === 'string' && field.value.startsWith('doc:')
                      ? t('profile.document')
                      : (fieldValue(text, step.step, field.key, field.value) ?? showValue(field.value))}
                  </span>
                  {action?.(step.step, field.key)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
