import { kioskMessages } from '@compass/shared';
import { format, parseISO } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { KIOSK_SEARCH_DEBOUNCE_MS, useDebounced } from './KioskCombobox';
import { FlowHeading } from './KioskParts';
import { signOutAtKiosk, useKioskOnSite } from './kioskApi';

/**
 * The sign-out: the visitor types their name (two letters at least), finds themselves among those on
 * site at this workplace (first name and last initial only) and signs out.
 */
export function KioskSignOut({
  authtoken,
  onDone,
  onCancel,
  onFailure,
}: {
  authtoken: string;
  onDone: (message: string) => void;
  onCancel: () => void;
  onFailure: (error: unknown) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [leaving, setLeaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const search = useDebounced(text.trim(), KIOSK_SEARCH_DEBOUNCE_MS);
  const found = useKioskOnSite(authtoken, search);
  useEffect(() => {
    if (found.error) onFailure(found.error);
  }, [found.error, onFailure]);

  const signOut = async (visitId: string) => {
    setLeaving(visitId);
    setProblem(null);
    try {
      await signOutAtKiosk(authtoken, visitId);
      onDone(kioskMessages.goodbye);
    } catch (error) {
      onFailure(error);
      setProblem(describeError(error).message);
      setLeaving(null);
      // Signed out meanwhile (at the desk): the list shows who is still on site.
      void found.refetch();
    }
  };

  const tooShort = text.trim().length === 1;
  const searching = search.length >= 2 && found.isFetching;
  const list = search.length >= 2 && !searching ? found.data?.list : undefined;
  return (
    <section className="kiosk-flow" aria-labelledby="kiosk-sign-out-title">
      <FlowHeading id="kiosk-sign-out-title">Sign out</FlowHeading>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          Your name
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          autoComplete="off"
          aria-describedby={tooShort ? hintId : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {tooShort && (
          <p id={hintId} className="text-secondary">
            {kioskMessages.searchTooShort}
          </p>
        )}
      </div>
      <FieldError
        id={errorId}
        message={problem ?? (found.error ? describeError(found.error).message : null)}
      />
      {/* What the search found is told as it changes: the list is below the box the visitor types in. */}
      <div role="status">
        {searching && <p className="text-secondary">Searching…</p>}
        {list && list.length === 0 && <p className="kiosk-empty">Nobody on site matches that name.</p>}
        {list && list.length > 0 && (
          <ul className="kiosk-people" aria-label="On site">
            {list.map((person) => {
              const nameId = `${inputId}-${person._id}`;
              return (
                <li key={person._id} className="kiosk-person">
                  <div id={nameId}>
                    <span className="kiosk-person-name">{person.name}</span>
                    <span className="text-secondary">
                      {[person.company, `signed in at ${format(parseISO(person.SigninTime), 'HH:mm')}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </div>
                  <Button
                    size="lg"
                    variant="primary"
                    aria-describedby={nameId}
                    loading={leaving === person._id}
                    disabled={leaving !== null}
                    onClick={() => void signOut(person._id)}
                  >
                    Sign out
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Button size="lg" variant="ghost" className="kiosk-back" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}
