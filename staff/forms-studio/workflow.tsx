/**
 * The review workflow of one version: a draft is submitted for review (its breaking changes each acknowledged first,
 * with how many borrowers they affect; the server's checks must hold no error), and a version in review is approved
 * by someone who neither opened, changed nor submitted it (four eyes: they do not see Approve, and the server refuses
 * SAME_PERSON), approving the state shown (the server refuses FORM_STALE if it changed since), or sent back to draft
 * with a note.
 */
import { useState } from 'react';
import { CanAccess } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StaffApiError } from '../api.ts';
import { currentStaff } from '../providers/identity.ts';
import { AcknowledgeList, allAcknowledged } from './acknowledge.tsx';
import { codeOf, StudioError, studioApi } from './studio-api.tsx';
import type { Breaking, VersionDetail } from './types.ts';

export function Workflow({
  detail,
  saved,
  onChanged,
}: {
  detail: VersionDetail;
  saved: boolean;
  onChanged: () => void;
}) {
  const { version } = detail;
  if (version.status === 'draft')
    return (
      <CanAccess resource="forms" action="edit">
        <Submit detail={detail} saved={saved} onChanged={onChanged} />
        <Discard detail={detail} />
      </CanAccess>
    );
  if (version.status === 'review')
    return (
      <>
        <CanAccess resource="forms" action="approve">
          <Review detail={detail} onChanged={onChanged} />
        </CanAccess>
        <CanAccess resource="forms" action="edit">
          <Discard detail={detail} />
        </CanAccess>
      </>
    );
  return null;
}

/** Deletes an open version, whatever it holds (one the checks cannot even read), after a confirmation. */
function Discard({ detail }: { detail: VersionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const { version } = detail;
  const discard = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await studioApi.discard(version.id);
      void navigate(`/forms/${encodeURIComponent(version.kind)}/${encodeURIComponent(version.name)}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  if (!asked)
    return (
      <div className="st-actions st-inline">
        <button type="button" className="st-link st-danger-link" onClick={() => setAsked(true)} data-testid="discard">
          {t('studio.discard')}
        </button>
      </div>
    );
  return (
    <div className="st-card st-subform" data-testid="discard-confirm">
      <p>{t('studio.discardConfirm', { version: version.version })}</p>
      <StudioError error={error} />
      <div className="st-actions">
        <button
          type="button"
          className="st-button st-danger"
          disabled={busy}
          onClick={() => void discard()}
          data-testid="discard-run"
        >
          {t('studio.discardRun', { version: version.version })}
        </button>
        <button type="button" className="st-button st-secondary" onClick={() => setAsked(false)}>
          {t('studio.cancel')}
        </button>
      </div>
    </div>
  );
}

function Submit({ detail, saved, onChanged }: { detail: VersionDetail; saved: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [refused, setRefused] = useState<readonly Breaking[] | undefined>(undefined);
  const breaking = refused ?? detail.breaking;
  const [acknowledged, setAcknowledged] = useState<Set<string>>(new Set());
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const errors = detail.checks.filter((c) => c.severity === 'error').length;
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await studioApi.submit(detail.version.id, [...acknowledged]);
      onChanged();
    } catch (failure) {
      const listed = failure instanceof StaffApiError ? failure.details['breaking'] : undefined;
      if (codeOf(failure) === 'FORM_BREAKING_UNACKNOWLEDGED' && Array.isArray(listed)) setRefused(listed as Breaking[]);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  if (!opened)
    return (
      <div className="st-actions st-inline">
        <button type="button" className="st-button" onClick={() => setOpened(true)} data-testid="submit-open">
          {t('studio.submit')}
        </button>
      </div>
    );
  return (
    <div className="st-card" data-testid="submit-panel">
      <h3>{t('studio.submitTitle')}</h3>
      {errors > 0 && <p className="st-error">{t('studio.submitHasErrors', { count: errors })}</p>}
      {!saved && <p className="st-hint">{t('studio.submitWaitsForSave')}</p>}
      <AcknowledgeList breaking={breaking} acknowledged={acknowledged} onChange={setAcknowledged} />
      <StudioError error={error} />
      <div className="st-actions">
        <button
          type="button"
          className="st-button"
          disabled={busy || !saved || !allAcknowledged(breaking, acknowledged)}
          onClick={() => void submit()}
          data-testid="submit"
        >
          {t('studio.submitRun')}
        </button>
        <button type="button" className="st-button st-secondary" onClick={() => setOpened(false)}>
          {t('studio.cancel')}
        </button>
      </div>
    </div>
  );
}

function Review({ detail, onChanged }: { detail: VersionDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const me = currentStaff()?.id;
  const contributed = me !== undefined && detail.version.contributors.includes(me);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      // The version as it is now is read again (whatever the action answered).
      onChanged();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="st-card" data-testid="review-panel">
      <h3>{t('studio.reviewTitle', { name: detail.version.author?.name ?? '—' })}</h3>
      {contributed && <p className="st-hint">{t('studio.fourEyesHint')}</p>}
      <div className="st-actions">
        {!contributed && (
          <button
            type="button"
            className="st-button"
            disabled={busy}
            onClick={() => void run(() => studioApi.approve(detail.version.id, detail.version.updatedAt))}
            data-testid="approve"
          >
            {t('studio.approve')}
          </button>
        )}
        <input
          className="st-cell st-grow"
          value={note}
          placeholder={t('studio.notePlaceholder')}
          aria-label={t('studio.note')}
          onChange={(e) => setNote(e.target.value)}
        />
        <button
          type="button"
          className="st-button st-danger"
          disabled={busy || note.trim() === ''}
          onClick={() => void run(() => studioApi.reject(detail.version.id, note.trim()))}
          data-testid="reject"
        >
          {t('studio.sendBack')}
        </button>
      </div>
      <StudioError error={error} />
    </div>
  );
}
