/**
 * Result page at the end of an external flow: `?status=success|fail|pending` and `?type=identity|face|payment|
 * facebook` choose the icon and texts (result-table.ts). Continue goes home; a failure can also go back and retry.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '#src/router.ts';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { CONTINUE_TO, parseResult, RESULT_TEXTS, STATUS_LOOK } from './result-table.ts';
import './KSResult.page.css';

export default function KSResultScreen() {
  const { t } = useTranslation(['result', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const guard = useClickGuard();
  const { status, type } = parseResult(params);
  const look = STATUS_LOOK[status];
  const text = RESULT_TEXTS[type][status];
  return (
    <div className="page KSResult" data-status={status} data-type={type}>
      <section className="card KSResult-card" aria-labelledby="KSResult-title">
        <span className={`KSResult-icon KSResult-icon-${status}`} data-testid="result-icon" data-icon={look.icon}>
          <Icon path={look.icon} />
        </span>
        <h2 id="KSResult-title" className="KSResult-title">
          {t(text.title)}
        </h2>
        <p className="KSResult-message">{t(text.message)}</p>
      </section>
      <div className="KSResult-actions">
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={guard(() => void navigate(CONTINUE_TO, { replace: true }))}
        >
          {t('ks.continue')}
        </button>
        {look.retry && (
          <button type="button" className="btn btn-block" onClick={guard(() => void navigate(-1))}>
            {t('ks.tryAgain')}
          </button>
        )}
      </div>
    </div>
  );
}
