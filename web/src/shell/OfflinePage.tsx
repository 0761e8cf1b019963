import { messages } from '@compass/shared';
import { RefreshCw, RotateCw, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../components/Button';

export interface ConnectionCheck {
  at: Date;
  reachable: boolean;
}

interface OfflinePageProps {
  offlineSince: number;
  restored: boolean;
  checking: boolean;
  lastCheck: ConnectionCheck | null;
  onCheck: () => void;
  onRefresh: () => void;
}

export function formatDuration(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/** HH:mm:ss of the local clock (the offline page ships with the entry: no date library for one format). */
function clockTime(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => new Date().getTime());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date().getTime()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The offline page of 000 section 2.7. */
export function OfflinePage({
  offlineSince,
  restored,
  checking,
  lastCheck,
  onCheck,
  onRefresh,
}: OfflinePageProps) {
  const now = useNow(1000);
  return (
    <main className="offline-page">
      <section className="card offline-card" aria-labelledby="offline-title">
        <span className={restored ? 'state-icon state-icon-success' : 'state-icon state-icon-danger'}>
          {restored ? <Wifi size={28} aria-hidden="true" /> : <WifiOff size={28} aria-hidden="true" />}
        </span>
        <h1 id="offline-title">{messages.offline.title}</h1>
        <p className="offline-lead" role="status" aria-live="polite">
          {restored
            ? 'Connection restored. Reloading the application…'
            : 'You appear to be offline. Your work in Compass will be available again as soon as the connection returns.'}
        </p>

        <dl className="offline-stats">
          <div>
            <dt>Connection status</dt>
            <dd>
              <span className={restored ? 'status-dot online' : 'status-dot'} aria-hidden="true" />
              {restored ? 'Online' : 'Offline'}
            </dd>
          </div>
          <div>
            <dt>Offline for</dt>
            <dd>{formatDuration(now - offlineSince)}</dd>
          </div>
          <div>
            <dt>Last check</dt>
            <dd>
              {lastCheck
                ? `${clockTime(lastCheck.at)} · ${lastCheck.reachable ? 'reachable' : 'no connection'}`
                : 'Not checked yet'}
            </dd>
          </div>
        </dl>

        <div className="state-actions">
          <Button
            variant="primary"
            onClick={onCheck}
            loading={checking}
            disabled={restored}
            icon={<RotateCw size={16} aria-hidden="true" />}
          >
            Check Connection
          </Button>
          <Button variant="secondary" onClick={onRefresh} icon={<RefreshCw size={16} aria-hidden="true" />}>
            Refresh Page
          </Button>
        </div>

        <div className="offline-tips">
          <h2>Tips</h2>
          <ul>
            <li>Check that your Wi-Fi or network cable is connected.</li>
            <li>Turn airplane mode off if it is on.</li>
            <li>Restart your router or modem, or try another network.</li>
            <li>If you use a VPN or proxy, check that it is connected.</li>
          </ul>
        </div>
        <p className="offline-note">
          The connection is checked automatically every 30 seconds. The application reloads itself when the
          connection returns.
        </p>
      </section>
    </main>
  );
}
