/**
 * Help (/help): the questions of config/faq.json (the spec's FAQData), grouped, searchable in the language shown,
 * customer service's hours and channels, and the way to send feedback. Questions and answers are keys of the help
 * namespace; the product's figures (timings, names) are interpolated from config, never written in a translation.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import faqJson from '#config/faq.json';
import type { FaqConfig } from '#config/types/faq.ts';
import { formatPeso } from '#domain/money.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { chevronIcon } from '#engine/ui/icon-set.ts';
import { product } from '#src/config.ts';
import { ServiceChannels } from '#src/contact/service-channels.tsx';
import { limitRaises } from '#config/underwriting.json';
import { foldForSearch } from '#src/help/search-text.ts';
import { Link } from '#src/router.ts';
import './help.page.css';

const faq = faqJson as FaqConfig;

/** The product's figures a question or an answer may name. */
const values = {
  name: product.displayName,
  ...product.timings,
  homeScreenRaise: formatPeso(limitRaises.addToHomeScreen.stepCentavos, { wholeIfExact: true }),
  homeScreenCeiling: formatPeso(limitRaises.addToHomeScreen.ceilingCentavos, { wholeIfExact: true }),
  facebookRaise: formatPeso(limitRaises.facebookBinding.stepCentavos, { wholeIfExact: true }),
  facebookCeiling: formatPeso(limitRaises.facebookBinding.ceilingCentavos, { wholeIfExact: true }),
  opens: product.customerService.opens,
  closes: product.customerService.closes,
};

export default function HelpScreen() {
  const { t } = useTranslation('help');
  const [query, setQuery] = useState('');
  const groups = useMemo(
    () =>
      faq.groups.map((group) => ({
        id: group.id,
        title: t(`groups.${group.id}`),
        questions: group.questions.map((id) => ({ id, q: t(`faq.${id}.q`, values), a: t(`faq.${id}.a`, values) })),
      })),
    [t],
  );
  const needle = foldForSearch(query);
  const shown =
    needle === ''
      ? groups
      : groups
          .map((g) => ({ ...g, questions: g.questions.filter((q) => foldForSearch(`${q.q} ${q.a}`).includes(needle)) }))
          .filter((g) => g.questions.length > 0);

  return (
    <div className="page help">
      <label className="visually-hidden" htmlFor="help-search">
        {t('search')}
      </label>
      <input
        id="help-search"
        className="help-search"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />

      {shown.length === 0 && (
        <p className="muted help-empty" role="status">
          {t('noMatch')}
        </p>
      )}
      {shown.map((group) => (
        <section key={group.id} aria-labelledby={`help-group-${group.id}`} data-testid={`faq-${group.id}`}>
          <h2 id={`help-group-${group.id}`} className="section-title">
            {group.title}
          </h2>
          <div className="card help-questions">
            {group.questions.map((question) => (
              <details key={question.id} className="help-question" open={needle !== '' || undefined}>
                <summary className="help-q">{question.q}</summary>
                <p className="help-a">{question.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}

      <section aria-labelledby="help-feedback" className="help-feedback">
        <h2 id="help-feedback" className="section-title">
          {t('feedback.title')}
        </h2>
        <ul className="list">
          <li>
            <Link className="list-item" to="/feedback">
              <span className="list-item-label">
                {t('feedback.link')}
                <span className="muted help-hint">{t('feedback.hint')}</span>
              </span>
              <Icon path={chevronIcon} />
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="help-service" className="card">
        <h2 id="help-service" className="section-title">
          {t('service.title')}
        </h2>
        <ServiceChannels ns="help" />
      </section>
    </div>
  );
}
