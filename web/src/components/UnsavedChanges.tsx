import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './Button';
import { Dialog } from './Dialog';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_MESSAGE = 'You have unsaved changes on this page. Leave and discard them?';

/**
 * Asks before leaving a page with unsaved changes (a form, a template, a course, a test): a dialog for moves inside the app
 * (react-router's blocker) and the browser's own prompt for reloads and closing the tab.
 * `allowLeave` lets the editor's own navigation after a save or close through.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const leaving = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  const dialog =
    blocker.state === 'blocked' ? (
      <Dialog
        title={UNSAVED_TITLE}
        onClose={() => blocker.reset()}
        footer={
          <>
            <Button onClick={() => blocker.reset()}>Stay</Button>
            <Button variant="danger" onClick={() => blocker.proceed()}>
              Leave
            </Button>
          </>
        }
      >
        <p>{UNSAVED_MESSAGE}</p>
      </Dialog>
    ) : null;

  return { allowLeave, dialog };
}
