import type { EditorState } from './editorState';

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
