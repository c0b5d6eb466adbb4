/**
 * About us: who runs the product, the lender disclosures SEC MC 19 s.2019 asks for, the stated timings, customer
 * service with its hours in Manila time, the grievance officer and the website. Every fact comes from config.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { product } from '#src/config.ts';
import { mailtoHref, telHref } from '#src/contact/contact-links.ts';
import { ServiceChannels } from '#src/contact/service-channels.tsx';
import './aboutUs.page.css';

export default function AboutUsScreen() {
  const { t } = useTranslation(['about', 'common']);
  const { displayName, lender, grievanceOfficer: officer, timings, website } = product;
  return (
    <div className="page aboutUs">
      <section className="card" aria-labelledby="aboutUs-who">
        <h2 id="aboutUs-who" className="section-title">
          {t('who.title')}
        </h2>
        <p className="prose">{t('who.body', { name: displayName, lender: lender.corporateName })}</p>
      </section>

      <section className="card" aria-labelledby="aboutUs-lender" data-testid="lender">
        <h2 id="aboutUs-lender" className="section-title">
          {t('lender.title')}
        </h2>
        <dl className="aboutUs-facts">
          <Fact label={t('lender.corporateName')}>{lender.corporateName}</Fact>
          <Fact label={t('lender.secRegistrationNumber')}>{lender.secRegistrationNumber}</Fact>
          <Fact label={t('lender.certificateOfAuthorityNumber')}>{lender.certificateOfAuthorityNumber}</Fact>
          <Fact label={t('lender.address')}>{lender.address}</Fact>
        </dl>
        <p className="muted aboutUs-note">{t('lender.note')}</p>
      </section>

      <section className="card" aria-labelledby="aboutUs-timings">
        <h2 id="aboutUs-timings" className="section-title">
          {t('timings.title')}
        </h2>
        <ul className="aboutUs-timings">
          <li>{t('timings.application', { count: timings.applicationMinutes })}</li>
          <li>{t('timings.modification', { count: timings.modificationMinutes })}</li>
          <li>{t('timings.approval', { count: timings.approvalMinutes })}</li>
          <li>{t('timings.funds', { count: timings.fundsHours })}</li>
        </ul>
        <p className="muted aboutUs-note">{t('timings.note')}</p>
      </section>

      <section className="card" aria-labelledby="aboutUs-service">
        <h2 id="aboutUs-service" className="section-title">
          {t('service.title')}
        </h2>
        <ServiceChannels ns="about" />
      </section>

      <section className="card" aria-labelledby="aboutUs-grievance" data-testid="grievance">
        <h2 id="aboutUs-grievance" className="section-title">
          {t('grievance.title')}
        </h2>
        <p className="prose">{t('grievance.intro')}</p>
        <dl className="aboutUs-facts">
          <Fact label={t('grievance.name')}>{officer.name}</Fact>
          <Fact label={t('grievance.email')}>
            <a href={mailtoHref(officer.email)}>{officer.email}</a>
          </Fact>
          <Fact label={t('grievance.phone')}>
            <a href={telHref(officer.phone)}>{officer.phone}</a>
          </Fact>
          <Fact label={t('grievance.address')}>{officer.address}</Fact>
        </dl>
        <p className="prose">{t('grievance.handling')}</p>
        <p className="prose">{t('grievance.sec')}</p>
      </section>

      <section className="card" aria-labelledby="aboutUs-website">
        <h2 id="aboutUs-website" className="section-title">
          {t('website.title')}
        </h2>
        <a className="aboutUs-website" href={website} target="_blank" rel="noopener noreferrer">
          {website}
        </a>
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="aboutUs-fact">
      <dt className="aboutUs-fact-label">{label}</dt>
      <dd className="aboutUs-fact-value">{children}</dd>
    </div>
  );
}
