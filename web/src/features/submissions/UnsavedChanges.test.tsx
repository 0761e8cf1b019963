import { describe, expect, it } from 'vitest';
import type { EditorState } from './editorState';
import { hasUnsavedChanges } from './UnsavedChanges';

const FIELD = '00000000-0000-4000-8000-000000000001';
const GROUPS = '00000000-0000-4000-8000-000000000002';

const initial: EditorState = {
  header: {
    formDescription: 'Slip near loading bay',
    formDate: '2026-11-20',
    workplace: '',
    branch: '',
    submissionUserId: [{ userId: '00000000-0000-4000-8000-000000000009' }],
  },
  values: { [FIELD]: 'Wet floor' },
  tasks: [],
  newTaskIds: [],
  pending: {},
};

describe('hasUnsavedChanges', () => {
  it('sees a changed header, answer or a chosen file', () => {
    expect(hasUnsavedChanges(initial, initial)).toBe(false);
    expect(hasUnsavedChanges(initial, { ...initial, header: { ...initial.header, branch: 'x' } })).toBe(true);
    expect(hasUnsavedChanges(initial, { ...initial, values: { [FIELD]: 'Wet floor!' } })).toBe(true);
    expect(hasUnsavedChanges(initial, { ...initial, values: {} })).toBe(true);
    const photo = new File(['x'], 'photo.png', { type: 'image/png' });
    expect(hasUnsavedChanges(initial, { ...initial, pending: { [FIELD]: [photo] } })).toBe(true);
  });

  it('does not count a copy with the same content, or blank answers, as a change', () => {
    const copy = structuredClone(initial);
    expect(hasUnsavedChanges(initial, copy)).toBe(false);
    const blanks = {
      ...copy,
      values: { ...copy.values, [GROUPS]: { category: '', subCategories: [] }, other: '', list: [] },
      pending: { [FIELD]: [] },
    };
    expect(hasUnsavedChanges(initial, blanks)).toBe(false);
  });
});
