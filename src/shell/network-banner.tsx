import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../api/client.ts';
import { apiReachable, subscribeReachability } from '../api/network-status.ts';

/**
 * Asks the API whether it is up; any answer at all means the network reaches it (apiRequest records the outcome in
 * src/api/network-status.ts). Here, with the banner (a lazy chunk), not in the API client every route loads.
 */
async function pingApi(): Promise<boolean> {
  try {
    await apiRequest<{ status: string }>('/health');
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.code === 'NETWORK_ERROR');
  }
}

/**
 * Says 'Network abnormal, check mobile data or wifi' while the browser is offline or the API cannot be reached,
 * and checks again when the connection comes back.
 */
export function NetworkBanner() {
  const { t } = useTranslation();
  // True while the API was reachable at the last attempt (any request's outcome, src/api/client.ts).
  const reachable = useSyncExternalStore(subscribeReachability, apiReachable, () => true);
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      void pingApi();
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    // The network may have gone (or come back) between the first render and these listeners.
    update();
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
