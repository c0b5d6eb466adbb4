import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pingApi } from '../api/client.ts';
import { useApiReachable } from '../api/network-status.ts';

/**
 * Says 'Network abnormal, check mobile data or wifi' while the browser is offline or the API cannot be reached,
 * and checks again when the connection comes back.
 */
export function NetworkBanner() {
  const { t } = useTranslation();
  const reachable = useApiReachable();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      void pingApi();
    };
    void pingApi();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  if (online && reachable) return null;
  return (
    <div className="network-banner" role="alert">
      <span>{t('network.offline')}</span>
      <button type="button" className="network-banner-retry" onClick={() => void pingApi()}>
        {t('app.retry')}
      </button>
    </div>
  );
}
