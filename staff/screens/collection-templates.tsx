/**
 * /staff/collection-templates: the message templates collectors send (server/routes/staff/collections.ts). Anyone
 * working collections proposes one, a text per language; the server refuses wording SEC MC 18 forbids (the matches
 * shown by language and category) and unknown placeholders. Another person who supervises approves or refuses it;
 * only approved ones can be sent.
 */
import { Suspense, useState } from 'react';
import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { templatePlaceholders, TemplateListAnswer, TemplateView } from '#api-contract/collections.ts';
import { StaffApiError } from '../api.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { DateTime, ErrorText, Section, StateView } from '../ui.tsx';

/** What a template's {{placeholders}} may name (api-contract/collections.ts templatePlaceholders). */
const PLACEHOLDERS = [
  'product',
  'orderNo',
  'amount',
  'amountDue',
  'dueDate',
  'daysPastDue',
  'payLink',
] as const satisfies readonly (typeof templatePlaceholders)[number][];

interface TemplateForm {
  name: string;
  en: string;
  fil: string;
  'zh-CN': string;
}

/** The wording the server found, by language and category. */
function WordingMatches({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!(error instanceof StaffApiError) || error.code !== 'TEMPLATE_WORDING_FORBIDDEN') return null;
  const matches = (error.details['matches'] ?? []) as { language: string; category: string; found: string }[];
  return (
    <ul className="st-list" data-testid="wording-matches">
      {matches.map((m) => (
        <li key={`${m.language}:${m.category}:${m.found}`}>
          {t(`languages.${m.language}`, { defaultValue: m.language })} · {t(`collections.wording.${m.category}`)} · “
          {m.found}”
        </li>
      ))}
    </ul>
  );
}

function Propose({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [data, setData] = useState<TemplateForm | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  // A new form after each template proposed: the next one starts empty.
  const [round, setRound] = useState(0);
  const submit = (value: TemplateForm) => {
    setError(undefined);
    mutate(
      {
        url: '/collections/templates',
        method: 'post',
        values: { name: value.name, texts: { en: value.en, fil: value.fil, 'zh-CN': value['zh-CN'] } },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setData(undefined);
          setRound((n) => n + 1);
          onDone();
        },
        onError: setError,
      },
    );
  };
  // The placeholders are code names, not texts: shown as the server reads them.
  const placeholders = PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ');
  return (
    <>
      <p className="st-hint">{t('collections.placeholders', { placeholders })}</p>
      <StaffForm<TemplateForm>
        key={round}
        name="collectionTemplate"
        formData={data}
        onChange={setData}
        onSubmit={submit}
        disabled={mutation.isPending}
        submitText={t('collections.propose')}
      />
      <ErrorText error={error} />
      <WordingMatches error={error} />
    </>
  );
}

function Decide({ template, onDone }: { template: TemplateView; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  if (template.state !== 'pending') return null;
  const decide = (approve: boolean) => {
    setError(undefined);
    mutate(
      {
        url: `/collections/templates/${template.id}/decision`,
        method: 'post',
        values: { approve },
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: onDone, onError: setError },
    );
  };
  return (
    <CanAccess resource="collection-templates" action="approve">
      <div className="st-actions">
        <button type="button" className="st-button" disabled={mutation.isPending} onClick={() => decide(true)}>
          {t('approvals.approve')}
        </button>
        <button
          type="button"
          className="st-button st-danger"
          disabled={mutation.isPending}
          onClick={() => decide(false)}
        >
          {t('approvals.refuse')}
        </button>
        <ErrorText error={error} />
        <WordingMatches error={error} />
      </div>
    </CanAccess>
  );
}

export default function CollectionTemplates() {
  const { t } = useTranslation();
  const { query } = useCustom<TemplateListAnswer>({ url: '/collections/templates', method: 'get' });
  const reload = () => void query.refetch();
  const items = query.data?.data.items ?? [];
  return (
    <div className="st-page">
      <h1>{t('collections.templatesTitle')}</h1>
      <p className="st-hint">{t('collections.templatesHint')}</p>
      <div className="st-columns">
        <div>
          <StateView loading={query.isLoading} error={query.error} empty={items.length === 0} onRetry={reload}>
            <ul className="st-list" data-testid="templates">
              {items.map((x) => (
                <li key={x.id} data-template={x.id} data-state={x.state}>
                  <p>
                    <strong>{x.name}</strong> ·{' '}
                    <span className="st-badge">{t(`collections.templateStates.${x.state}`)}</span> · {x.createdByName} ·{' '}
                    <DateTime value={x.createdAt} />
                    {x.decidedByName && ` · ${t('collections.decidedBy', { name: x.decidedByName })}`}
                  </p>
                  {(['en', 'fil', 'zh-CN'] as const).map((lng) => (
                    <p key={lng} className="st-quote" lang={lng}>
                      {x.texts[lng]}
                    </p>
                  ))}
                  <Decide template={x} onDone={reload} />
                </li>
              ))}
            </ul>
          </StateView>
        </div>
        <CanAccess resource="collection-templates" action="create">
          <Section title={t('collections.proposeTitle')}>
            <Suspense fallback={<p className="st-state" aria-busy="true" />}>
              <Propose onDone={reload} />
            </Suspense>
          </Section>
        </CanAccess>
      </div>
    </div>
  );
}
