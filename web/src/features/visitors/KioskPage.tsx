import { messages, type TKioskSetup } from '@compass/shared';
import { format } from 'date-fns';
import { CircleCheck, LogIn, LogOut, RotateCw, Unplug } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { KioskSignIn } from './KioskSignIn';
import { KioskSignOut } from './KioskSignOut';
import { isLinkRefusal, useKioskSetup } from './kioskApi';

/** A flow left untouched this long goes back to the start, its form cleared: the kiosk is shared. */
export const KIOSK_IDLE_MS = 2 * 60_000;
/** How long the welcome and the goodbye stay before the start screen comes back. */
export const KIOSK_WELCOME_MS = 8000;
const KIOSK_GOODBYE_MS = 5000;

type Screen =
  | { name: 'start' }
  | { name: 'signIn' }
  | { name: 'signOut' }
  | { name: 'done'; message: string; ms: number };

const START: Screen = { name: 'start' };
const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'touchstart', 'wheel'] as const;

/** Calls `onIdle` once nothing has been touched or typed for `ms` while `active`. */
function useIdle(active: boolean, ms: number, onIdle: () => void) {
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(onIdle, ms);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, ms);
    };
    for (const name of INPUT_EVENTS)
      document.addEventListener(name, touched, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of INPUT_EVENTS) document.removeEventListener(name, touched, { capture: true });
    };
  }, [active, ms, onIdle]);
}

/** The time of day on the start screen, turned over each minute. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function NotConnected({ message }: { message: string }) {
  return (
    <main className="kiosk kiosk-state" id="main-content">
      <StatePanel
        icon={Unplug}
        tone="warning"
        role="alert"
        heading="h1"
        title="This kiosk is not connected"
        message={message}
      />
    </main>
  );
}

/**
 * The visitor kiosk of a workplace (configure-vismate/kiosk?authtoken=…): full screen on a tablet
 * at the entrance, its link token its only credential. A start screen (Sign in, Sign out), the two
 * flows, a welcome or goodbye that gives way to the start again. A refused link (unknown, expired,
 * revoked) shows why, once: the kiosk does not keep asking.
 */
export function KioskPage() {
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken') ?? '';
  const setup = useKioskSetup(authtoken);
  const [screen, setScreen] = useState<Screen>(START);
  const [refusal, setRefusal] = useState<string | null>(null);
  usePageTitle(setup.data ? `${setup.data.workplace} — Visitors` : 'Visitor kiosk');

  const { refetch } = setup;
  const toStart = useCallback(() => {
    setScreen(START);
    // The setup may have changed (or the kiosk been revoked) since the last visitor.
    void refetch();
  }, [refetch]);
  const onFailure = useCallback((error: unknown) => {
    if (isLinkRefusal(error)) setRefusal(error.message);
  }, []);
  const done = useCallback((message: string, ms: number) => setScreen({ name: 'done', message, ms }), []);

  useIdle(screen.name === 'signIn' || screen.name === 'signOut', KIOSK_IDLE_MS, toStart);
  useEffect(() => {
    if (screen.name !== 'done') return;
    const timer = setTimeout(toStart, screen.ms);
    return () => clearTimeout(timer);
  }, [screen, toStart]);

  if (!authtoken) return <NotConnected message={messages.links.unknown} />;
  if (refusal) return <NotConnected message={refusal} />;
  if (isLinkRefusal(setup.error)) return <NotConnected message={setup.error.message} />;
  if (!setup.data) {
    if (!setup.error) return <PageSpinner label="Connecting the kiosk…" />;
    // A first load that failed otherwise (the network, the server): asked again on request only.
    return (
      <main className="kiosk kiosk-state" id="main-content">
        <StatePanel
          icon={Unplug}
          tone="warning"
          role="alert"
          heading="h1"
          title="The kiosk cannot reach the server"
          message={describeError(setup.error).message}
          actions={
            <Button size="lg" icon={<RotateCw size={20} aria-hidden="true" />} onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      </main>
    );
  }

  const flow = { authtoken, setup: setup.data, onCancel: toStart, onFailure };
  return (
    <main className="kiosk" id="main-content">
      <KioskHeader setup={setup.data} />
      {screen.name === 'start' && (
        <StartScreen
          onSignIn={() => setScreen({ name: 'signIn' })}
          onSignOut={() => setScreen({ name: 'signOut' })}
        />
      )}
      {screen.name === 'signIn' && (
        <KioskSignIn {...flow} onDone={(message) => done(message, KIOSK_WELCOME_MS)} />
      )}
      {screen.name === 'signOut' && (
        <KioskSignOut {...flow} onDone={(message) => done(message, KIOSK_GOODBYE_MS)} />
      )}
      {screen.name === 'done' && (
        <section className="kiosk-done" role="status">
          <CircleCheck size={64} aria-hidden="true" />
          <p className="kiosk-done-message">{screen.message}</p>
          <Button size="lg" variant="primary" onClick={toStart}>
            Done
          </Button>
        </section>
      )}
    </main>
  );
}

function KioskHeader({ setup }: { setup: TKioskSetup }) {
  const now = useClock();
  return (
    <header className="kiosk-header">
      <div>
        <p className="kiosk-company">{setup.companyName}</p>
        <h1 className="kiosk-workplace">{setup.workplace}</h1>
        {setup.branch && <p className="kiosk-branch">{setup.branch}</p>}
      </div>
      <time className="kiosk-clock" dateTime={now.toISOString()}>
        {format(now, 'HH:mm')}
      </time>
    </header>
  );
}

function StartScreen({ onSignIn, onSignOut }: { onSignIn: () => void; onSignOut: () => void }) {
  return (
    <section className="kiosk-start" aria-label="Welcome">
      <p className="kiosk-lead">Welcome. Please sign in when you arrive and sign out when you leave.</p>
      <div className="kiosk-choices">
        <Button
          variant="primary"
          size="lg"
          className="kiosk-big"
          icon={<LogIn size={36} aria-hidden="true" />}
          onClick={onSignIn}
        >
          Sign in
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className="kiosk-big"
          icon={<LogOut size={36} aria-hidden="true" />}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      </div>
    </section>
  );
}
