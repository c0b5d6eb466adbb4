/**
 * Customer-service hours and channels (e-mail, WhatsApp, phone) from config, each with a copy button. Used by the
 * about-us page and, with the same `service.*` keys in their own namespaces, by the settings and Android pages.
 * It brings its own stylesheet because those pages do not load aboutUs.page.css.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '#engine/ui/copy-text.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { chatIcon, clockIcon, mailIcon, phoneIcon } from '#engine/ui/icon-set.ts';
import { product } from '../config.ts';
import { mailtoHref, telHref, whatsappHref, type MailDraft } from './contact-links.ts';
import { isServiceOpen } from './service-hours.ts';
import './service-channels.css';

/** One configured customer-service channel. */
export type ServiceChannel = (typeof product.customerService.channels)[number];

/** The link that opens a channel. */
export function channelHref(channel: ServiceChannel, mail?: MailDraft): string {
  switch (channel.type) {
    case 'email':
      return mailtoHref(channel.value, mail);
    case 'whatsapp':
      return whatsappHref(channel.value);
    case 'phone':
      return telHref(channel.value);
  }
}

const ICONS: Record<ServiceChannel['type'], string> = { email: mailIcon, whatsapp: chatIcon, phone: phoneIcon };

/** Whether customer service is open, re-evaluated every minute. */
export function useServiceOpen(): boolean {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(id);
  }, []);
  return isServiceOpen(now, product.customerService);
}

export interface ServiceChannelsProps {
  /** Namespace holding the `service.*` keys (hours, openNow, closedNow, closedHint, email, whatsapp, phone, copy). */
  ns: string;
  /** Pre-fills the e-mail channel's message. */
  mail?: MailDraft;
}

/** Service hours with an open/closed indicator in Manila time, then the channels with copy buttons. */
export function ServiceChannels({ ns, mail }: ServiceChannelsProps) {
  const { t } = useTranslation([ns, 'common']);
  const open = useServiceOpen();
  const { opens, closes, channels } = product.customerService;
  return (
    <div className="aboutUs-service">
      <p className="aboutUs-service-hours">
        <Icon path={clockIcon} />
        <span className="aboutUs-service-hours-text">{t('service.hours', { opens, closes })}</span>
        <span
          className={open ? 'aboutUs-service-status is-open' : 'aboutUs-service-status is-closed'}
          data-testid="service-status"
        >
          {open ? t('service.openNow') : t('service.closedNow')}
        </span>
      </p>
      {!open && <p className="muted">{t('service.closedHint')}</p>}
      <ul className="list aboutUs-service-channels">
        {channels.map((channel) => {
          const label = t(`service.${channel.type}`);
          const external = channel.type === 'whatsapp';
          return (
            <li key={`${channel.type}:${channel.value}`} className="list-item aboutUs-service-channel">
              <Icon path={ICONS[channel.type]} />
              <a
                className="list-item-label aboutUs-service-link"
                href={channelHref(channel, channel.type === 'email' ? mail : undefined)}
                data-channel={channel.type}
                target={external ? '_blank' : undefined}
                rel={external ? 'noopener noreferrer' : undefined}
              >
                <span className="aboutUs-service-type">{label}</span>
                <span className="aboutUs-service-value">{channel.value}</span>
              </a>
              <button
                type="button"
                className="aboutUs-service-copy"
                aria-label={t('service.copy', { channel: label, value: channel.value })}
                onClick={() => void copyText(channel.value, t('app.copySuccess', { ns: 'common' }))}
              >
                {t('app.copy', { ns: 'common' })}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
