/**
 * /staff/accounts (administrator): the staff accounts with role and state; add one (a temporary password shown once,
 * to hand over: the owner sets up the second factor and their own password at the first sign-in), change a role,
 * disable or enable, unlock, give a temporary password, reset the second factor; and the new accounts and re-roles
 * waiting for a second administrator (./account-requests.tsx).
 */
import { Suspense, useState } from 'react';
import { useCreate, useCustomMutation, useInvalidate, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '#domain/staff-roles.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { ListTable, useListTable, type Column } from '../list-table.tsx';
import type { CreateStaffAccountAnswer, StaffAccountAnswer } from '#api-contract/staff.ts';
import { DateTime, ErrorText, Section } from '../ui.tsx';
import { AccountRequests } from './account-requests.tsx';

interface NewAccount {
  email: string;
  name: string;
  role: StaffRole;
}

/** What the last action left to tell: a temporary password (shown once), or a notice. */
type Outcome =
  { kind: 'password'; email: string; password: string; awaitingApproval: boolean } | { kind: 'notice'; text: string };

/** A temporary password, shown once to the administrator who hands it over in person. */
function TemporaryPassword({
  outcome,
  onDone,
}: {
  outcome: Extract<Outcome, { kind: 'password' }>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="st-totp st-temporary"
      role="dialog"
      aria-labelledby="temporary-title"
      data-testid="temporary-password"
    >
      <h3 id="temporary-title">{t('accounts.temporaryTitle', { email: outcome.email })}</h3>
      <p>
        <code data-testid="temporary-password-value">{outcome.password}</code>
      </p>
      <p>{t('accounts.temporaryOnce')}</p>
      {outcome.awaitingApproval && <p data-testid="awaiting-approval">{t('accounts.awaitingApprovalNotice')}</p>}
      <button type="button" className="st-button" onClick={onDone}>
        {t('accounts.temporaryDone')}
      </button>
    </div>
  );
}

export default function Accounts() {
  const { t } = useTranslation();
  const table = useListTable<StaffAccountAnswer>('accounts');
  const { tableQuery, setFilters } = table;
  const invalidate = useInvalidate();
  const refresh = () => void invalidate({ resource: 'accounts', invalidates: ['list'] });
  const { mutate: create, mutation: creating } = useCreate<CreateStaffAccountAnswer>();
  const { mutate: update } = useUpdate<StaffAccountAnswer>();
  const { mutate: custom } = useCustomMutation<{ temporaryPassword?: string }>();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Partial<NewAccount> | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const [requestsKey, setRequestsKey] = useState(0);
  const [error, setError] = useState<unknown>(undefined);
  const [q, setQ] = useState('');
  const [role, setRole] = useState('');

  const add = (data: NewAccount) => {
    setError(undefined);
    create(
      { resource: 'accounts', values: data, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data: answer }) => {
          setOutcome({
            kind: 'password',
            email: answer.account.email,
            password: answer.temporaryPassword,
            awaitingApproval: answer.requestId !== null,
          });
          setDraft(undefined);
          setFormKey((k) => k + 1);
          setAdding(false);
          setRequestsKey((k) => k + 1);
          refresh();
        },
        onError: setError,
      },
    );
  };
  const patch = (id: string, values: Partial<Pick<StaffAccountAnswer, 'role' | 'disabled' | 'name'>>) => {
    setError(undefined);
    update(
      { resource: 'accounts', id, values, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data: account }) => {
          if (values.role && account.pendingRole === values.role) {
            setOutcome({ kind: 'notice', text: t('accounts.roleRequested', { role: t(`roles.${values.role}`) }) });
            setRequestsKey((k) => k + 1);
          }
          refresh();
        },
        onError: (failure) => {
          setError(failure);
          refresh();
        },
      },
    );
  };
  const action = (account: StaffAccountAnswer, what: 'unlock' | 'reset-second-factor' | 'reset-password') => {
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
          if (what === 'reset-password' && data.temporaryPassword)
            setOutcome({
              kind: 'password',
              email: account.email,
              password: data.temporaryPassword,
              awaitingApproval: false,
            });
          if (what === 'reset-second-factor')
            setOutcome({ kind: 'notice', text: t('accounts.secondFactorResetDone', { email: account.email }) });
          refresh();
        },
        onError: setError,
      },
    );
  };

  // Locked as of the list's answer (render stays pure; the list refreshes after every action).
  const lockedNow = (account: StaffAccountAnswer) =>
    account.lockedUntil !== null && new Date(account.lockedUntil).getTime() > tableQuery.dataUpdatedAt;
  const columns: Column<StaffAccountAnswer>[] = [
    { id: 'name', header: t('accounts.name'), cell: (account) => account.name },
    { id: 'email', header: t('accounts.email'), cell: (account) => account.email },
    {
      id: 'role',
      header: t('accounts.role'),
      cell: (account) => (
        <>
          <select
            aria-label={t('accounts.changeRole')}
            value={account.role}
            disabled={account.awaitingApproval || account.pendingRole !== null}
            onChange={(e) => patch(account.id, { role: e.target.value as StaffRole })}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          {account.pendingRole && (
            <small className="st-pending" data-testid="pending-role">
              {t('accounts.pendingRole', { role: t(`roles.${account.pendingRole}`) })}
            </small>
          )}
        </>
      ),
    },
    {
      id: 'state',
      header: t('accounts.state'),
      cell: (account) =>
        account.disabled
          ? t('accounts.disabled')
          : account.awaitingApproval
            ? t('accounts.awaitingApproval')
            : lockedNow(account)
              ? t('accounts.locked')
              : account.setupPending.length > 0
                ? t('accounts.setupPending')
                : t('accounts.active'),
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
          <button type="button" className="st-link" onClick={() => action(account, 'reset-password')}>
            {t('accounts.resetPassword')}
          </button>
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
      {outcome?.kind === 'password' && <TemporaryPassword outcome={outcome} onDone={() => setOutcome(undefined)} />}
      {outcome?.kind === 'notice' && (
        <p className="st-notice" role="status" data-testid="accounts-notice">
          {outcome.text}
        </p>
      )}
      <AccountRequests key={requestsKey} onDecided={refresh} />
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
