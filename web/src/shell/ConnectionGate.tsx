import {
  callPath,
  CONNECTION_CHECK_INTERVAL_MS,
  healthCall,
  RELOAD_AFTER_RECONNECT_MS,
} from '@compass/shared';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { API_BASE } from '../api/client';
import { browser } from '../lib/browser';
import { OfflinePage, type ConnectionCheck } from './OfflinePage';

/** Asks the server whether it can be reached (GET /api/health). */
export async function checkConnection(): Promise<boolean> {
  try {
    // A bare fetch: the answer's envelope does not matter here, only that the server answers.
    const response = await fetch(`${API_BASE}${callPath(healthCall)}`, {
      cache: 'no-store',
      credentials: 'include',
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Shows the offline page of 000 section 2.7 while the browser is offline. While offline the
 * connection is checked every 30 s; when it returns the application reloads itself after 2 s.
 */
export function ConnectionGate({ children }: { children: ReactNode }) {
  const [offlineSince, setOfflineSince] = useState<number | null>(() =>
    navigator.onLine ? null : new Date().getTime(),
  );
  const [restored, setRestored] = useState(false);
  const [checking, setChecking] = useState(false);
  const [lastCheck, setLastCheck] = useState<ConnectionCheck | null>(null);
  const reloadTimer = useRef<number | null>(null);

  const markRestored = useCallback(() => {
    setRestored(true);
    if (reloadTimer.current === null) {
      reloadTimer.current = window.setTimeout(() => browser.reload(), RELOAD_AFTER_RECONNECT_MS);
    }
  }, []);

  const runCheck = useCallback(async () => {
    setChecking(true);
    const reachable = await checkConnection();
    setChecking(false);
    setLastCheck({ at: new Date(), reachable });
    if (reachable) markRestored();
  }, [markRestored]);

  const offline = offlineSince !== null;

  useEffect(() => {
    function onOffline() {
      setOfflineSince((since) => since ?? new Date().getTime());
    }
    function onOnline() {
      if (offline) markRestored();
    }
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [offline, markRestored]);

  useEffect(() => {
    if (!offline || restored) return;
    const timer = window.setInterval(() => void runCheck(), CONNECTION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [offline, restored, runCheck]);

  useEffect(
    () => () => {
      if (reloadTimer.current !== null) window.clearTimeout(reloadTimer.current);
    },
    [],
  );

  if (offlineSince === null) return children;
  return (
    <OfflinePage
      offlineSince={offlineSince}
      restored={restored}
      checking={checking}
      lastCheck={lastCheck}
      onCheck={() => void runCheck()}
      onRefresh={() => browser.reload()}
    />
  );
}
