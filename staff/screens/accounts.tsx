/**
 * /staff/accounts (administrator): the staff accounts with role and state; add one (its second factor shown once),
 * change a role, disable or enable, unlock, reset the second factor.
 */
import { Suspense, useState } from 'react';
import { useCreate, useCustomMutation, useInvalidate, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '#domain/staff-roles.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { StaffAccount, TotpSetup } from '../types.ts';
import { DateTime, ErrorText, Section } from '../ui.tsx';
import { TotpSetupCard } from './totp-setup.tsx';

interface NewAccount {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

export default function Accounts() {
  const { t } = useTranslation();
  const table = useListTable<StaffAccount>('accounts');
  const { tableQuery, setFilters } = table;
  const invalidate = useInvalidate();
  const refresh = () => void invalidate({ resource: 'accounts', invalidates: ['list'] });
  const { mutate: create, mutation: creating } = useCreate<{ account: StaffAccount; totp: TotpSetup }>();
  const { mutate: update } = useUpdate<StaffAccount>();
  const { mutate: custom } = useCustomMutation<TotpSetup>();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Partial<NewAccount> | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const [setup, setSetup] = useState<{ email: string; totp: TotpSetup } | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [q, setQ] = useState('');
  const [role, setRole] = useState('');

  const add = (data: NewAccount) => {
    setError(undefined);
    create(
      { resource: 'accounts', values: data, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data: answer }) => {
          setSetup({ email: answer.account.email, totp: answer.totp });
          setDraft(undefined);
          setFormKey((k) => k + 1);
          setAdding(false);
          refresh();
        },
        onError: setError,
      },
    );
  };
  const patch = (id: string, values: Partial<Pick<StaffAccount, 'role' | 'disabled' | 'name'>>) => {
    setError(undefined);
    update(
      { resource: 'accounts', id, values, successNotification: false, errorNotification: false },
      { onSuccess: refresh, onError: setError },
    );
  };
  const action = (account: StaffAccount, what: 'unlock' | 'reset-second-factor') => {
    setError(undefined);
    custom(
      {
        url: `/accounts/${account.id}/${what}`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          if (what === 'reset-second-factor') setSetup({ email: account.email, totp: data });
          refresh();
        },
        onError: setError,
      },
    );
  };

  // Locked as of the list's answer (render stays pure; the list refreshes after every action).
  const lockedNow = (account: StaffAccount) =>
    account.lockedUntil !== null && new Date(account.lockedUntil).getTime() > tableQuery.dataUpdatedAt;
  const columns: Column<StaffAccount>[] = [
    { id: 'name', header: t('accounts.name'), cell: (account) => account.name },
    { id: 'email', header: t('accounts.email'), cell: (account) => account.email },
    {
      id: 'role',
      header: t('accounts.role'),
      cell: (account) => (
        <select
          aria-label={t('accounts.changeRole')}
          value={account.role}
          onChange={(e) => patch(account.id, { role: e.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'state',
      header: t('accounts.state'),
      cell: (account) =>
        account.disabled ? t('accounts.disabled') : lockedNow(account) ? t('accounts.locked') : t('accounts.active'),
    },
    { id: 'lastLogin', header: t('accounts.lastLogin'), cell: (account) => <DateTime value={account.lastLoginAt} /> },
    {
      id: 'actions',
      header: t('common.actions'),
      className: 'st-actions',
      cell: (account) => (
        <>
          <button type="button" className="st-link" onClick={() => patch(account.id, { disabled: !account.disabled })}>
            {account.disabled ? t('accounts.enable') : t('accounts.disable')}
          </button>
          {lockedNow(account) && (
            <button type="button" className="st-link" onClick={() => action(account, 'unlock')}>
              {t('accounts.unlock')}
            </button>
          )}
          <button type="button" className="st-link" onClick={() => action(account, 'reset-second-factor')}>
            {t('accounts.resetSecondFactor')}
          </button>
        </>
      ),
    },
  ];
  return (
    <div className="st-page">
      <div className="st-page-head">
        <h1>{t('accounts.title')}</h1>
        <button type="button" className="st-button" onClick={() => setAdding((v) => !v)} aria-expanded={adding}>
          {t('accounts.add')}
        </button>
      </div>
      {setup && <TotpSetupCard setup={setup.totp} email={setup.email} onDone={() => setSetup(undefined)} />}
      {adding && (
        <Section title={t('accounts.addTitle')}>
          <Suspense
            fallback={
              <p className="st-state" aria-busy="true">
                {t('common.loading')}
              </p>
            }
          >
            <StaffForm<NewAccount>
              key={formKey}
              name="staffAccount"
              formData={draft as NewAccount | undefined}
              onChange={(data) => setDraft(data)}
              onSubmit={add}
              disabled={creating.isPending}
              submitText={t('accounts.create')}
            />
          </Suspense>
        </Section>
      )}
      <ErrorText error={error} />
      <form
        className="st-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(
            [
              { field: 'q', operator: 'eq', value: q.trim() || undefined },
              { field: 'role', operator: 'eq', value: role || undefined },
            ],
            'replace',
          );
        }}
      >
        <label className="st-field">
          <span>{t('accounts.search')}</span>
          <input value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <label className="st-field">
          <span>{t('accounts.role')}</span>
          <select value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">{t('common.all')}</option>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="st-button st-secondary">
          {t('common.filter')}
        </button>
      </form>
      <ListTable
        table={table}
        columns={columns}
        rowKey={(account) => account.id}
        rowProps={(account) => ({ 'data-email': account.email })}
      />
    </div>
  );
}
