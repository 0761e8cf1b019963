import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import type { EditorState } from './editorState';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_MESSAGE = 'You have unsaved changes on this page. Leave and discard them?';

/** An answer that holds nothing: '', an empty list, or an object of such (an unchosen typeGroupings). */
function isBlank(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isBlank);
  return false;
}

/**
 * Whether the editor holds changes not saved yet. Compared by content, not by object identity,
 * and a blank answer counts as no answer, so typing into a field and clearing it again, or a
 * field reporting its empty value, is not a change.
 */
export function hasUnsavedChanges(initial: EditorState, state: EditorState): boolean {
  if (state === initial) return false;
  const content = (value: EditorState) =>
    JSON.stringify({
      header: value.header,
      values: Object.entries(value.values)
        .filter(([, answer]) => !isBlank(answer))
        .sort(([a], [b]) => a.localeCompare(b)),
      tasks: value.tasks,
    });
  const files = (value: EditorState) =>
    Object.values(value.pending).reduce((sum, list) => sum + list.length, 0);
  return content(state) !== content(initial) || files(state) !== files(initial);
}

/**
 * Asks before leaving the editor with unsaved changes: a dialog for moves inside the app
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
