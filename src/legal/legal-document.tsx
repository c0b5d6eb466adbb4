/**
 * A legal document (Privacy Policy, Terms and Conditions) from the `legal` namespace: last-updated date, intro, a
 * table of contents that scrolls to each section, the sections, and a closing contact section with the lender,
 * customer service and grievance officer.
 *
 * Catalog shape under `<document>`: `intro` and each `sections.<key>.body` are lists of blocks, where a string is a
 * paragraph and a list of strings is a bulleted list; `sections.<key>.title` is the heading. The last section is
 * always `contact`, followed by the contact details from config.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { product } from '../config.ts';
import { telHref } from '../contact/contact-links.ts';
import { formatLegalDate, legalValues } from './legal-values.ts';
import './legal-document.css';

type Block = string | string[];

function isBlockList(value: unknown): value is Block[] {
  return (
    Array.isArray(value) &&
    value.every(
      (block) => typeof block === 'string' || (Array.isArray(block) && block.every((item) => typeof item === 'string')),
    )
  );
}

export interface LegalDocumentProps {
  /** Top-level key of the document in the `legal` namespace. */
  document: 'privacy' | 'terms' | 'reloan';
  /** The screen's name: prefix of the section ids (anchors must be unique per page). */
  idPrefix: string;
  /** Section keys in reading order, without the closing `contact` section. */
  sections: readonly string[];
  /** Date of this version, YYYY-MM-DD (Manila calendar day). */
  updated: string;
}

const CONTACT_SECTION = 'contact';

function jumpTo(event: MouseEvent<HTMLAnchorElement>, sectionId: string) {
  // The router owns the URL: scroll in place instead of letting the browser follow the #fragment.
  event.preventDefault();
  const section = document.getElementById(sectionId);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Move focus with the view so keyboard and screen-reader users continue reading from the section.
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

export function LegalDocument({ document: doc, idPrefix, sections, updated }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const values = legalValues(language);
  const blocks = (key: string): Block[] => {
    const value: unknown = t(key, { ...values, returnObjects: true });
    return isBlockList(value) ? value : [];
  };
  const keys = [...sections, CONTACT_SECTION];
  const sectionId = (key: string) => `${idPrefix}-${key}`;
  const tocTitleId = `${idPrefix}-toc-title`;

  return (
    <div className="page">
      <article className="card prose legal-doc">
        <p className="muted legal-updated">{t('common.lastUpdated', { date: formatLegalDate(updated, language) })}</p>
        <Blocks blocks={blocks(`${doc}.intro`)} />
        <nav className="legal-toc" aria-labelledby={tocTitleId}>
          <h2 id={tocTitleId} className="legal-toc-title">
            {t('common.contents')}
          </h2>
          <ol className="legal-toc-list">
            {keys.map((key) => (
              <li key={key}>
                <a href={`#${sectionId(key)}`} onClick={(event) => jumpTo(event, sectionId(key))}>
                  {t(`${doc}.sections.${key}.title`, values)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {keys.map((key) => (
          <section key={key} id={sectionId(key)} className="legal-section" aria-labelledby={`${sectionId(key)}-title`}>
            <h2 id={`${sectionId(key)}-title`} tabIndex={-1}>
              {t(`${doc}.sections.${key}.title`, values)}
            </h2>
            <Blocks blocks={blocks(`${doc}.sections.${key}.body`)} />
            {key === CONTACT_SECTION && <ContactDetails />}
          </section>
        ))}
      </article>
    </div>
  );
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) =>
    typeof block === 'string' ? (
      <p key={index}>{block}</p>
    ) : (
      <ul key={index}>
        {block.map((item, itemIndex) => (
          <li key={itemIndex}>{item}</li>
        ))}
      </ul>
    ),
  );
}

function ContactDetails() {
  const { t, i18n } = useTranslation('legal');
  const values = legalValues(i18n.resolvedLanguage ?? i18n.language);
  const { lender, grievanceOfficer } = product;
  return (
    <div className="legal-contact">
      <h3>{t('common.contact.lenderTitle')}</h3>
      <dl className="legal-contact-list">
        <dt>{t('common.contact.company')}</dt>
        <dd>{lender.corporateName}</dd>
        <dt>{t('common.contact.secNumber')}</dt>
        <dd>{lender.secRegistrationNumber}</dd>
        <dt>{t('common.contact.caNumber')}</dt>
        <dd>{lender.certificateOfAuthorityNumber}</dd>
        <dt>{t('common.contact.address')}</dt>
        <dd>{lender.address}</dd>
      </dl>
      <h3>{t('common.contact.supportTitle')}</h3>
      <dl className="legal-contact-list">
        <dt>{t('common.contact.email')}</dt>
        <dd>
          <a href={`mailto:${product.supportEmail}`}>{product.supportEmail}</a>
        </dd>
        <dt>{t('common.contact.hotline')}</dt>
        <dd>
          <a href={telHref(product.hotline)}>{product.hotline}</a>
        </dd>
        <dt>{t('common.contact.hours')}</dt>
        <dd>{t('common.contact.hoursValue', values)}</dd>
        <dt>{t('common.contact.website')}</dt>
        <dd>
          <a href={product.website} target="_blank" rel="noopener noreferrer">
            {product.website}
          </a>
        </dd>
      </dl>
      <h3>{t('common.contact.officerTitle')}</h3>
      <dl className="legal-contact-list">
        <dt>{t('common.contact.name')}</dt>
        <dd>{grievanceOfficer.name}</dd>
        <dt>{t('common.contact.email')}</dt>
        <dd>
          <a href={`mailto:${grievanceOfficer.email}`}>{grievanceOfficer.email}</a>
        </dd>
        <dt>{t('common.contact.phone')}</dt>
        <dd>
          <a href={telHref(grievanceOfficer.phone)}>{grievanceOfficer.phone}</a>
        </dd>
        <dt>{t('common.contact.address')}</dt>
        <dd>{grievanceOfficer.address}</dd>
      </dl>
    </div>
  );
}
