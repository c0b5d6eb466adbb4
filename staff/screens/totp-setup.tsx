/**
 * The owner's new second factor, shown once: the QR code of the otpauth URI to scan, the secret and the URI to type or
 * copy. The QR encoder (qrcode) is fetched only when this opens; it draws into a data: URL image (the CSP allows data:
 * images, no inline script). Never shown to anyone but the account's owner (server/services/staff/self-service.ts).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '#api-contract/staff.ts';

export function TotpSetupCard({ setup }: { setup: TotpEnrolment }) {
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
    <div className="st-totp" data-testid="totp-setup">
      <p>{t('setup.totpScan')}</p>
      {qr ? (
        <img src={qr} alt={t('setup.totpQr')} width={200} height={200} />
      ) : (
        <div className="st-qr-wait" aria-busy="true" />
      )}
      <p>
        {t('setup.totpSecret')} <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <p className="st-uri">
        {t('setup.totpUri')} <code data-testid="totp-uri">{setup.uri}</code>
      </p>
    </div>
  );
}
