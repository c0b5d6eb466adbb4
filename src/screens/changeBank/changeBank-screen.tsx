/**
 * Change the payout account (/changeBank): the bankInfo step's own form (same schema, same engine, same validator),
 * prefilled with the account on file, plus one rule of its own: the new account must differ from the old one (same
 * method, same bank / wallet / shop and same account is refused here, and by the server as BANK_SAME_AS_OLD). Saved
 * with PUT /payout-account; an order whose disbursement failed is reopened and the borrower goes to withdraw it.
 * Under maintenance (home's bankChangeAvailable false, or BANK_CHANGE_MAINTENANCE) the form is not offered.
 */
import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorKeyFn } from '#engine/form/error-mapping.ts';
import type { FormCheck } from '#engine/form/precompiled-validator.ts';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import { toast } from '#engine/ui/toast.tsx';
import { loansApi } from '#src/api/loans.ts';
import { loadProfile } from '#src/api/profile.ts';
import { formErrorKey, formT, typingFilters, withWidgetOptions } from '#forms/form-text.ts';
import { loadStepForm } from '#src/forms/step-modules.ts';
import { loanErrorMessage } from '#src/loans/errors.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { useNavigate } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import { useDraftStore } from '#src/store/draft-store.ts';

type Data = Record<string, unknown>;

/** The step form the payout account uses (forms/bankInfo.*). */
const STEP = 'bankInfo';
/** The error keyword of an unchanged account, and its text in the loan namespace. */
const SAME_AS_OLD = 'sameAsOld';
const SAME_AS_OLD_KEY = 'loan:changeBank.sameAsOld';

/** The fields that name an account, per payout method; the last one carries the error. */
const ACCOUNT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  bank: ['bankCode', 'accountNumber'],
  eWallet: ['eWalletProvider', 'eWalletNumber'],
  remittance: ['remittanceShop', 'withdrawalPhone'],
};

/** The field where `next` repeats the `old` account, or null when it is another account. */
export function sameAccountField(old: Data | undefined, next: Data): string | null {
  const method = next['payoutMethod'];
  if (!old || typeof method !== 'string' || old['payoutMethod'] !== method) return null;
  const fields = ACCOUNT_FIELDS[method];
  if (!fields) return null;
  const same = fields.every((field) => next[field] !== undefined && next[field] === old[field]);
  return same ? fields[fields.length - 1]! : null;
}

export default function ChangeBankScreen() {
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const { t } = useTranslation(['loan', 'errors']);
  const home = useLoad(`home:${session}`, (signal) => loansApi.home(signal));
  const profile = useLoad(`profile:${session}`, (signal) => loadProfile(signal));
  const failed = home.error ?? profile.error;
  if (failed) {
    return (
      <div className="page changeBank">
        <LoadFailed
          error={failed}
          onRetry={() => {
            home.reload();
            profile.reload();
          }}
        />
      </div>
    );
  }
  if (!home.data || !profile.data) {
    return (
      <div className="page changeBank">
        <LoadingCards count={3} />
      </div>
    );
  }
  if (!home.data.bankChangeAvailable) {
    return (
      <div className="page changeBank">
        <p className="card loan-note loan-note-danger" role="alert" data-testid="maintenance">
          {t('errors:BANK_CHANGE_MAINTENANCE')}
        </p>
      </div>
    );
  }
  return (
    <div className="page changeBank">
      <p className="muted">{t('changeBank.intro')}</p>
      <Suspense fallback={<LoadingCards count={3} />}>
        <ChangeBankForm old={profile.data.sections[STEP]?.data} />
      </Suspense>
    </div>
  );
}

function ChangeBankForm({ old }: { old: Data | undefined }) {
  const form = use(loadStepForm(STEP));
  const { t, i18n } = useTranslation(['forms', 'loan']);
  const navigate = useNavigate();
  const [formData, setFormData] = useState<Data | undefined>(old);
  const [saving, setSaving] = useState(false);

  const translate = useMemo(
    () => formT({ t: (key, options) => t(key, options), exists: (key, options) => i18n.exists(key, options) }),
    [t, i18n],
  );
  const errorKey = useMemo<ErrorKeyFn>(() => {
    const base = formErrorKey(i18n);
    return (error, at) => (error.keyword === SAME_AS_OLD ? SAME_AS_OLD_KEY : base(error, at));
  }, [i18n]);
  const check = useMemo<FormCheck>(
    () => (data) => {
      const field = sameAccountField(old, (data ?? {}) as Data);
      return field
        ? [{ instancePath: `/${field}`, schemaPath: `#/${SAME_AS_OLD}`, keyword: SAME_AS_OLD, params: {} }]
        : [];
    },
    [old],
  );
  const uiSchema = useMemo(
    () => ({ ...withWidgetOptions(form.uiSchema), 'ui:submitButtonOptions': { submitText: 'loan:changeBank.submit' } }),
    [form.uiSchema],
  );

  const submit = useCallback(
    (data: Data) => {
      if (sameAccountField(old, data)) {
        toast(t(SAME_AS_OLD_KEY));
        return;
      }
      setSaving(true);
      void (async () => {
        try {
          const answer = await loansApi.changePayoutAccount(data);
          useDraftStore.getState().setSection(STEP, data);
          toast(t('loan:changeBank.saved'));
          const reopened = answer.reopened[0];
          navigate(reopened ? `/withdrawPage?order=${encodeURIComponent(reopened)}` : '/homeIndex', { replace: true });
        } catch (error) {
          toast(await loanErrorMessage(error), 4000);
        } finally {
          setSaving(false);
        }
      })();
    },
    [navigate, old, t],
  );

  return (
    <SchemaForm<Data>
      schema={form.schema}
      uiSchema={uiSchema}
      validate={form.validate}
      errorKey={errorKey}
      check={check}
      t={translate}
      typing={typingFilters}
      formData={formData}
      onChange={setFormData}
      onSubmit={submit}
      disabled={saving}
      // The payout step (/bankInfo) stays in the page once visited, hidden, with the same fields.
      idPrefix="changeBank"
    />
  );
}
