/**
 * /staff/forms/:kind/:name: the versions of one document (newest first; status, author, approver, times), a new draft
 * from the published version, bringing an earlier version back (the one just replaced goes live at once, an undo with
 * a reason; an older one goes to review as a new version), withdrawing a replaced version for cause (it never comes
 * back), and the differences between any two versions.
 */
import { useState } from 'react';
import { CanAccess } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CONTENT_KINDS, type ContentKind } from '#domain/form-content.ts';
import { StaffApiError } from '../api.ts';
import { AcknowledgeList, allAcknowledged } from '../forms-studio/acknowledge.tsx';
import { DiffTable } from '../forms-studio/diff-table.tsx';
import { documentTitle } from '../forms-studio/names.ts';
import { codeOf, StudioError, studioApi, useVersions } from '../forms-studio/studio-api.tsx';
import type { Breaking, Change, FormVersion } from '../forms-studio/types.ts';
import { DateTime, Section, StateView } from '../ui.tsx';
import '../forms-studio/studio.css';

export default function FormVersions() {
  const { t } = useTranslation();
  const params = useParams();
  const kind = (CONTENT_KINDS as readonly string[]).includes(params['kind'] ?? '')
    ? (params['kind'] as ContentKind)
    : 'form';
  const name = params['name'] ?? '';
  const { query } = useVersions(kind, name);
  const versions = query.data?.data.items ?? [];
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const open = versions.find((v) => v.status === 'draft' || v.status === 'review');

  const newDraft = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const made = await studioApi.createDraft(kind, name);
      void navigate(`/form-versions/${made.version.id}`);
    } catch (failure) {
      const id = failure instanceof StaffApiError ? failure.details['id'] : undefined;
      if (codeOf(failure) === 'FORM_DRAFT_EXISTS' && typeof id === 'string') void navigate(`/form-versions/${id}`);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="st-page" data-testid="studio-versions">
      <p className="st-small-link">
        <Link to="/forms">{t('studio.back')}</Link>
      </p>
      <div className="st-page-head">
        <h1>{documentTitle(t, kind, name)}</h1>
        <CanAccess resource="forms" action="edit">
          {open ? (
            <Link className="st-button" to={`/form-versions/${open.id}`}>
              {t('studio.openVersion', { version: open.version })}
            </Link>
          ) : (
            <button
              type="button"
              className="st-button"
              disabled={busy}
              onClick={() => void newDraft()}
              data-testid="new-draft"
            >
              {t('studio.newDraft')}
            </button>
          )}
        </CanAccess>
      </div>
      <StudioError error={error} />
      <StateView
        loading={query.isLoading}
        error={query.error}
        empty={versions.length === 0}
        onRetry={() => void query.refetch()}
      >
        <Section title={t('studio.versions')}>
          <VersionTable kind={kind} name={name} versions={versions} onRolledBack={() => void query.refetch()} />
        </Section>
        {versions.length > 1 && (
          <Section title={t('studio.diff')}>
            <Compare versions={versions} />
          </Section>
        )}
      </StateView>
    </div>
  );
}

function VersionTable({
  kind,
  name,
  versions,
  onRolledBack,
}: {
  kind: ContentKind;
  name: string;
  versions: readonly FormVersion[];
  onRolledBack: () => void;
}) {
  const { t } = useTranslation();
  const [rollingBack, setRollingBack] = useState<number | undefined>(undefined);
  const [withdrawing, setWithdrawing] = useState<FormVersion | undefined>(undefined);
  return (
    <>
      <table className="st-table">
        <thead>
          <tr>
            <th>{t('studio.version')}</th>
            <th>{t('studio.statusTitle')}</th>
            <th>{t('studio.author')}</th>
            <th>{t('studio.approver')}</th>
            <th>{t('studio.createdAt')}</th>
            <th>{t('studio.publishedAt')}</th>
            <th>{t('studio.retiredAt')}</th>
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.id} data-version={v.version} data-status={v.status}>
              <td>
                <Link to={`/form-versions/${v.id}`}>{t('studio.versionNo', { version: v.version })}</Link>
                {v.basedOn !== null && <span className="st-hint"> {t('studio.basedOn', { version: v.basedOn })}</span>}
              </td>
              <td>
                <span className="st-badge">{t(`studio.status.${v.status}`)}</span>
                {v.note && <div className="st-hint">{v.note}</div>}
                {v.withdrawn && (
                  <div className="st-hint" data-testid="withdrawn-reason">
                    {t('studio.withdrawnBy', { name: v.withdrawn.by?.name ?? '—', reason: v.withdrawn.reason })}
                  </div>
                )}
              </td>
              <td>{v.author?.name ?? '—'}</td>
              <td>{v.approver?.name ?? '—'}</td>
              <td>
                <DateTime value={v.createdAt} />
              </td>
              <td>
                <DateTime value={v.publishedAt} />
              </td>
              <td>
                <DateTime value={v.retiredAt} />
              </td>
              <td>
                {v.status === 'archived' && (
                  <CanAccess resource="forms" action="edit">
                    <button
                      type="button"
                      className="st-link"
                      onClick={() => {
                        setWithdrawing(undefined);
                        setRollingBack(v.version);
                      }}
                      data-testid="rollback"
                    >
                      {t('studio.rollback')}
                    </button>
                  </CanAccess>
                )}
                {v.status === 'archived' && (
                  <CanAccess resource="forms" action="approve">
                    <button
                      type="button"
                      className="st-link st-danger-link"
                      onClick={() => {
                        setRollingBack(undefined);
                        setWithdrawing(v);
                      }}
                      data-testid="withdraw"
                    >
                      {t('studio.withdraw')}
                    </button>
                  </CanAccess>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rollingBack !== undefined && (
        <Rollback
          kind={kind}
          name={name}
          version={rollingBack}
          onDone={() => {
            setRollingBack(undefined);
            onRolledBack();
          }}
          onCancel={() => setRollingBack(undefined)}
        />
      )}
      {withdrawing !== undefined && (
        <Withdraw
          version={withdrawing}
          onDone={() => {
            setWithdrawing(undefined);
            onRolledBack();
          }}
          onCancel={() => setWithdrawing(undefined)}
        />
      )}
    </>
  );
}

/**
 * Confirms bringing a version back, with a reason (required for an undo, which goes live at once; an older version goes
 * to review, and the screen opens it); when the server names breaking changes, each is acknowledged before trying again.
 */
function Rollback({
  kind,
  name,
  version,
  onDone,
  onCancel,
}: {
  kind: ContentKind;
  name: string;
  version: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [breaking, setBreaking] = useState<readonly Breaking[]>([]);
  const [acknowledged, setAcknowledged] = useState<Set<string>>(new Set());
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const navigate = useNavigate();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const made = await studioApi.rollback(kind, name, version, [...acknowledged], reason.trim());
      if (made.version.status === 'review') void navigate(`/form-versions/${made.version.id}`);
      else onDone();
    } catch (failure) {
      const listed = failure instanceof StaffApiError ? failure.details['breaking'] : undefined;
      if (codeOf(failure) === 'FORM_BREAKING_UNACKNOWLEDGED' && Array.isArray(listed))
        setBreaking(listed as Breaking[]);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="st-card st-subform" data-testid="rollback-confirm">
      <p>{t('studio.rollbackConfirm', { version })}</p>
      <ReasonField label={t('studio.rollbackReason')} value={reason} onChange={setReason} />
      <AcknowledgeList breaking={breaking} acknowledged={acknowledged} onChange={setAcknowledged} />
      <StudioError error={error} />
      <div className="st-actions">
        <button
          type="button"
          className="st-button"
          disabled={busy || !allAcknowledged(breaking, acknowledged)}
          onClick={() => void run()}
          data-testid="rollback-run"
        >
          {t('studio.rollbackRun', { version })}
        </button>
        <button type="button" className="st-button st-secondary" onClick={onCancel}>
          {t('studio.cancel')}
        </button>
      </div>
    </div>
  );
}

/** Withdraws a replaced version for cause, with the reason (it is never published again; borrowers lose its grace). */
function Withdraw({ version, onDone, onCancel }: { version: FormVersion; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await studioApi.withdraw(version.id, reason.trim());
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="st-card st-subform" data-testid="withdraw-confirm">
      <p>{t('studio.withdrawConfirm', { version: version.version })}</p>
      <ReasonField label={t('studio.withdrawReason')} value={reason} onChange={setReason} />
      <StudioError error={error} />
      <div className="st-actions">
        <button
          type="button"
          className="st-button st-danger"
          disabled={busy || reason.trim() === ''}
          onClick={() => void run()}
          data-testid="withdraw-run"
        >
          {t('studio.withdrawRun', { version: version.version })}
        </button>
        <button type="button" className="st-button st-secondary" onClick={onCancel}>
          {t('studio.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The reason an undo or a withdrawal records (the server takes at most 1,000 characters). */
function ReasonField({ label, value, onChange }: { label: string; value: string; onChange: (next: string) => void }) {
  return (
    <label className="st-field">
      <span>{label}</span>
      <input
        className="st-cell st-grow"
        name="reason"
        value={value}
        maxLength={1000}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** The changes between two versions, as the server lists them. */
function Compare({ versions }: { versions: readonly FormVersion[] }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(versions[1]?.id ?? '');
  const [to, setTo] = useState(versions[0]?.id ?? '');
  const [changes, setChanges] = useState<readonly Change[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const compare = async () => {
    setError(undefined);
    try {
      setChanges((await studioApi.diff(to, from)).changes);
    } catch (failure) {
      setError(failure);
    }
  };
  const pick = (value: string, set: (id: string) => void) => (
    <select
      value={value}
      onChange={(e) => {
        set(e.target.value);
        setChanges(undefined);
      }}
    >
      {versions.map((v) => (
        <option key={v.id} value={v.id}>
          {t('studio.versionNo', { version: v.version })}
        </option>
      ))}
    </select>
  );
  return (
    <div data-testid="compare">
      <div className="st-filters">
        <label className="st-field">
          <span>{t('studio.diffFrom')}</span>
          {pick(from, setFrom)}
        </label>
        <label className="st-field">
          <span>{t('studio.diffTo')}</span>
          {pick(to, setTo)}
        </label>
        <button type="button" className="st-button" disabled={from === to} onClick={() => void compare()}>
          {t('studio.compare')}
        </button>
      </div>
      <StudioError error={error} />
      {changes && <DiffTable changes={changes} />}
    </div>
  );
}
