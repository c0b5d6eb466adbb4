/**
 * /staff/form-versions/:id: one version of a document. A draft is edited here: the outline and the JSON editor are two
 * views of ONE content with one undo history (buttons, Ctrl/Cmd+Z, Shift+Z), the translations table edits the same
 * content, every edit is saved after a pause (PUT with the `updatedAt` read, so two tabs never overwrite each other:
 * FORM_STALE reloads and says so), and the server's checks of the saved content are listed, each able to show its
 * field. A form shows a live preview beside it. Versions in review are approved or sent back here; others are read.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { FlowContent, FormContent, ThemeContent } from '#domain/form-content.ts';
import { currentStaff } from '../providers/identity.ts';
import { ChecksList, type FocusTarget } from '../forms-studio/checks.tsx';
import { historyKey, useContentHistory } from '../forms-studio/history.ts';
import { documentTitle } from '../forms-studio/names.ts';
import { FlowOutline, FormOutline, ThemeOutline, type Apply } from '../forms-studio/outline-view.tsx';
import { codeOf, StudioError, studioApi, useVersion } from '../forms-studio/studio-api.tsx';
import { Translations } from '../forms-studio/translations.tsx';
import type { Content, VersionDetail } from '../forms-studio/types.ts';
import { Workflow } from '../forms-studio/workflow.tsx';
import { Section, StateView, Tabs } from '../ui.tsx';
import '../forms-studio/studio.css';

/** CodeMirror (and its JSON Schema support) is fetched when the JSON view first opens, never with the console. */
const JsonEditor = lazy(() => import('../forms-studio/json-editor.tsx'));
const Preview = lazy(() => import('../forms-studio/preview.tsx'));

/** How long the editor waits after the last edit before saving it. */
const SAVE_AFTER_MS = 800;

type Tab = 'outline' | 'json' | 'texts';

/** Set when a save was refused as stale: the editor made from the reloaded draft tells the staff member. */
let staleNotice = false;
type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export default function FormEditor() {
  const { id = '' } = useParams();
  const { query } = useVersion(id);
  const detail = query.data?.data;
  // Read again after an action or a stale save: the editor starts over from what the server holds now.
  const reload = () => void query.refetch();
  return (
    <StateView loading={query.isLoading} error={query.error} onRetry={reload}>
      {detail && <Editor key={`${detail.version.id}:${query.dataUpdatedAt}`} initial={detail} onReload={reload} />}
    </StateView>
  );
}

function Editor({ initial, onReload }: { initial: VersionDetail; onReload: () => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState(initial);
  const { version } = detail;
  const history = useContentHistory<Content>(initial.content);
  const content = history.present;
  const editable = version.status === 'draft' && (currentStaff()?.permissions.includes('forms.edit') ?? false);
  const [tab, setTab] = useState<Tab>('outline');
  const [focus, setFocus] = useState<FocusTarget | undefined>(undefined);
  // Said once, by the editor that starts over from the reloaded draft.
  const [notice] = useState(() => {
    const shown = staleNotice;
    staleNotice = false;
    return shown ? t('studio.staleReloaded') : undefined;
  });
  const save = useAutosave(detail, content, editable, setDetail, () => {
    // Someone saved this draft in between (another tab, another member): their content wins, and the editor says so.
    staleNotice = true;
    onReload();
  });

  // Undo and redo from the keyboard anywhere on the page but inside the JSON editor (CodeMirror keeps its own).
  const { undo, redo } = history;
  useEffect(() => {
    if (!editable) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('.cm-editor')) return;
      const asked = historyKey(event);
      if (!asked) return;
      event.preventDefault();
      if (asked === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, undo, redo]);

  const showCheck = (target: FocusTarget) => {
    setTab(target.tab);
    setFocus({ ...target, nonce: Date.now() });
  };

  const form = version.kind === 'form' ? (content as FormContent) : undefined;
  // The one state holds the content of this version's kind: each view edits it as that kind.
  const applyAs = history.apply as unknown as Apply<FormContent> & Apply<FlowContent> & Apply<ThemeContent>;
  return (
    <div className="st-page st-studio" data-testid="studio-editor" data-status={version.status}>
      <p className="st-small-link">
        <Link to={`/forms/${version.kind}/${encodeURIComponent(version.name)}`}>{t('studio.backToVersions')}</Link>
      </p>
      <div className="st-page-head">
        <h1>
          {documentTitle(t, version.kind, version.name)} · {t('studio.versionNo', { version: version.version })}
          <span className="st-badge" data-testid="version-status">
            {t(`studio.status.${version.status}`)}
          </span>
        </h1>
        {editable && (
          <div className="st-actions">
            <span className="st-hint" data-testid="save-state" data-state={save.state} aria-live="polite">
              {t(`studio.save.${save.state}`)}
            </span>
            <button
              type="button"
              className="st-button st-secondary"
              disabled={!history.canUndo}
              onClick={history.undo}
              data-testid="undo"
            >
              {t('studio.undo')}
            </button>
            <button
              type="button"
              className="st-button st-secondary"
              disabled={!history.canRedo}
              onClick={history.redo}
              data-testid="redo"
            >
              {t('studio.redo')}
            </button>
          </div>
        )}
      </div>
      {notice && (
        <p className="st-notice" role="status">
          {notice}
        </p>
      )}
      <StudioError error={save.error} />
      <Workflow detail={detail} saved={save.state === 'saved'} onChanged={onReload} />
      <div className={form ? 'st-studio-columns' : undefined}>
        <div>
          <ChecksList checks={detail.checks} content={content} detail={detail} onShow={showCheck} />
          <Tabs
            options={['outline', 'json', ...(form ? (['texts'] as const) : [])] as const}
            value={tab}
            onChange={setTab}
            label={(name) => t(`studio.tabs.${name}`)}
            data={(name) => ({ 'data-tab': name })}
          />
          {tab === 'outline' && version.kind === 'form' && (
            <FormOutline
              content={content as FormContent}
              form={version.name}
              editable={editable}
              apply={applyAs}
              focus={focus}
            />
          )}
          {tab === 'outline' && version.kind === 'flow' && (
            <FlowOutline content={content as FlowContent} editable={editable} apply={applyAs} />
          )}
          {tab === 'outline' && version.kind === 'theme' && (
            <ThemeOutline content={content as ThemeContent} editable={editable} apply={applyAs} />
          )}
          {tab === 'json' && (
            <Suspense
              fallback={
                <p className="st-state" aria-busy="true">
                  {t('common.loading')}
                </p>
              }
            >
              <JsonEditor
                kind={version.kind}
                content={content}
                editable={editable}
                onChange={(next) => history.apply(next, 'json')}
                onUndo={history.undo}
                onRedo={history.redo}
              />
            </Suspense>
          )}
          {tab === 'texts' && form && (
            <Translations content={form} form={version.name} editable={editable} apply={applyAs} focus={focus} />
          )}
        </div>
        {form && (
          <Section title={t('studio.preview.title')}>
            <Suspense
              fallback={
                <p className="st-state" aria-busy="true">
                  {t('common.loading')}
                </p>
              }
            >
              <Preview form={version.name} content={form} validator={detail.validator} />
            </Suspense>
          </Section>
        )}
      </div>
    </div>
  );
}

/**
 * Saves the content a pause after each edit, one request at a time (edits made while one is on its way are saved
 * right after it, with the `updatedAt` it answered); answers the save state and the last refusal.
 */
function useAutosave(
  detail: VersionDetail,
  content: Content,
  editable: boolean,
  onSaved: (detail: VersionDetail) => void,
  onStale: () => void,
) {
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<unknown>(undefined);
  const saved = useRef<Content>(detail.content);
  const updatedAt = useRef(detail.version.updatedAt);
  const latest = useRef(content);
  const inFlight = useRef(false);
  const timer = useRef(0);
  const callbacks = useRef({ onSaved, onStale });
  useEffect(() => {
    latest.current = content;
    callbacks.current = { onSaved, onStale };
  });

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Edits made while a save is on its way are saved right after it, with the `updatedAt` it answered.
      while (latest.current !== saved.current) {
        const sending = latest.current;
        setState('saving');
        const answer = await studioApi.save(detail.version.id, sending, updatedAt.current);
        saved.current = sending;
        updatedAt.current = answer.version.updatedAt;
        setError(undefined);
        callbacks.current.onSaved({ ...answer, content: sending });
      }
      setState('saved');
    } catch (failure) {
      if (codeOf(failure) === 'FORM_STALE') callbacks.current.onStale();
      else {
        setError(failure);
        setState('failed');
      }
    } finally {
      inFlight.current = false;
    }
  }, [detail.version.id]);

  useEffect(() => {
    if (!editable || content === saved.current) return;
    setState((s) => (s === 'saving' ? s : 'pending'));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void flush(), SAVE_AFTER_MS);
  }, [content, editable, flush]);
  // Leaving the page saves what is pending at once.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      void flush();
    },
    [flush],
  );
  return { state, error };
}
