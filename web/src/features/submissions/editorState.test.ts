import { describe, expect, it } from 'vitest';
import { editorButtons } from './editorState';

const open = { isNew: false, isDraft: false, isClosed: false };
const enabled = (mode: Parameters<typeof editorButtons>[0]) =>
  Object.fromEntries(editorButtons(mode).map(({ button, enabled: on }) => [button, on]));

describe('editorButtons of a submitted, open form', () => {
  it('lets the coordinator save and close', () => {
    expect(enabled({ ...open, canEdit: true, isCoordinator: true })).toEqual({
      save: true,
      signOff: true,
      saveAndClose: true,
    });
  });

  it('lets someone who may edit but does not coordinate (a supplier on their own form) save, not close', () => {
    expect(enabled({ ...open, canEdit: true, isCoordinator: false })).toEqual({
      save: true,
      signOff: false,
      saveAndClose: false,
    });
  });

  it('offers nothing but Cancel to someone who may not edit', () => {
    expect(enabled({ ...open, canEdit: false, isCoordinator: false })).toEqual({
      save: false,
      signOff: false,
      saveAndClose: false,
    });
  });
});
