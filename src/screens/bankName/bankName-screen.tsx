/**
 * The bank chooser the payout form opens (/bankName): the banks of forms/bankName.schema.json (the same list as the
 * payout step's, a schema test keeps them equal), searchable by name, names from the payout form's own texts. Picking
 * one writes it into the payout step's draft and returns to the form, which shows it.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import bankName from '#forms/bankName.schema.json';
import { Icon } from '#engine/ui/icons.tsx';
import { checkIcon } from '#engine/ui/icon-set.ts';
import { useNavigate } from '#src/router.ts';
import { useDraftStore } from '#src/store/draft-store.ts';
import { foldForSearch } from '#src/help/search-text.ts';
import './bankName.page.css';

/** The step whose `bankCode` this screen chooses. */
const STEP = 'bankInfo';
const BANKS: readonly string[] = bankName.properties.bankCode.enum;

export default function BankNameScreen() {
  const { t } = useTranslation(['profile', 'forms']);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const chosen = useDraftStore((s) => s.sections[STEP]?.['bankCode']);
  const banks = useMemo(
    () => BANKS.map((id) => ({ id, name: t(`bankInfo.options.bankCode.${id}`, { ns: 'forms' }) })),
    [t],
  );
  const needle = foldForSearch(query);
  const shown =
    needle === ''
      ? banks
      : banks.filter((bank) => foldForSearch(bank.name).includes(needle) || bank.id.toLowerCase().includes(needle));

  const pick = (id: string) => {
    const drafts = useDraftStore.getState();
    drafts.setSection(STEP, { ...drafts.sections[STEP], payoutMethod: 'bank', bankCode: id });
    setQuery('');
    // Back to the form that opened the chooser; opened by itself (a typed address), to the payout step.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/bankInfo', { replace: true });
  };

  return (
    <div className="page bankName">
      <label className="visually-hidden" htmlFor="bankName-search">
        {t('bankName.search')}
      </label>
      <input
        id="bankName-search"
        className="bankName-search"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('bankName.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="muted bankName-empty" role="status">
          {t('bankName.noMatch')}
        </p>
      ) : (
        <ul className="list bankName-list" aria-label={t('bankName.listLabel')}>
          {shown.map((bank) => (
            <li key={bank.id}>
              <button
                type="button"
                className="list-item bankName-item"
                aria-current={bank.id === chosen || undefined}
                onClick={() => pick(bank.id)}
              >
                <span className="list-item-label">{bank.name}</span>
                {bank.id === chosen && <Icon path={checkIcon} />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
