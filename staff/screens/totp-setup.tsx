/**
 * A new second factor, shown once: the secret to type and the otpauth QR code to scan. The QR encoder (qrcode) is
 * fetched only when this opens; it draws into a data: URL image (the CSP allows data: images, no inline script).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '../types.ts';

export function TotpSetupCard({ setup, email, onDone }: { setup: TotpSetup; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (QRCode) => {
      const url = await QRCode.toDataURL(setup.uri, { margin: 1, width: 200 });
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [setup.uri]);
  return (
    <div className="st-totp" role="dialog" aria-labelledby="totp-title" data-testid="totp-setup">
      <h3 id="totp-title">{t('accounts.totpTitle', { email })}</h3>
      <p>{t('accounts.totpOnce')}</p>
      {qr ? (
        <img src={qr} alt={t('accounts.totpQr')} width={200} height={200} />
      ) : (
        <div className="st-qr-wait" aria-busy="true" />
      )}
      <p>
        {t('accounts.totpSecret')} <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <button type="button" className="st-button" onClick={onDone}>
        {t('accounts.totpDone')}
      </button>
    </div>
  );
}
