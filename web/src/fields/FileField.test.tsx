import { messages } from '@compass/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import imageCompression from 'browser-image-compression';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/helpers';
import type { FieldAttachment, FileFieldState } from './props';
import { FIELD_ID, renderField } from './testing';

vi.mock('browser-image-compression', () => ({ default: vi.fn() }));

function attachment(over: Partial<FieldAttachment>): FieldAttachment {
  return {
    _id: 'a0000000-0000-4000-8000-000000000001',
    name: 'report.pdf',
    path: '/api/files/a0000000-0000-4000-8000-000000000001',
    fileType: 'application/pdf',
    size: 1200,
    relatedFormId: FIELD_ID,
    ...over,
  };
}

function filesOf(existing: FieldAttachment[], pending: File[] = []) {
  const state = {
    existing,
    pending: { [FIELD_ID]: pending },
    onAdd: vi.fn(),
    onRemovePending: vi.fn(),
    onDelete: vi.fn(),
  } satisfies FileFieldState;
  return state;
}

beforeEach(() => {
  vi.mocked(imageCompression).mockReset();
});

describe('file field', () => {
  it("lists this field's attachments and downloads one by its id", async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockResolvedValueOnce(new Response('file body', { status: 200 }));
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const files = filesOf([
      attachment({}),
      attachment({ _id: 'a0000000-0000-4000-8000-000000000002', name: 'other.pdf', relatedFormId: 'x' }),
    ]);
    const { user } = renderField('file', { field: { level: 'Photos' }, files });
    expect(screen.queryByText('other.pdf')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'report.pdf' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/files/a0000000-0000-4000-8000-000000000001');
  });

  it("asks 'Are you sure want to delete this file?' and deletes only on yes", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const files = filesOf([attachment({})]);
    const { user } = renderField('file', { files });
    await user.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    expect(confirm).toHaveBeenCalledWith(messages.common.deleteFileConfirm);
    expect(files.onDelete).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    expect(files.onDelete).toHaveBeenCalledWith(files.existing[0]);
  });

  it('compresses photos before handing them over and leaves other files alone', async () => {
    const photo = new File([new Uint8Array(5000)], 'site.jpg', { type: 'image/jpeg' });
    const smaller = new File([new Uint8Array(100)], 'compressed', { type: 'image/jpeg' });
    const doc = new File(['text'], 'notes.txt', { type: 'text/plain' });
    vi.mocked(imageCompression).mockResolvedValue(smaller);
    const files = filesOf([]);
    const { user, container } = renderField('file', { field: { level: 'Photos' }, files });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [photo, doc]);
    await waitFor(() => expect(files.onAdd).toHaveBeenCalled());
    expect(imageCompression).toHaveBeenCalledTimes(1);
    const [fieldId, added] = files.onAdd.mock.calls[0] as [string, File[]];
    expect(fieldId).toBe(FIELD_ID);
    expect(added.map((file) => [file.name, file.size])).toEqual([
      ['site.jpg', 100],
      ['notes.txt', 4],
    ]);
  });

  it('refuses a file type that is not allowed, with a message', async () => {
    const files = filesOf([]);
    const { container } = renderField('file', { files });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    // As if the browser's file dialog let it through: the field checks again.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'tool.exe'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not allowed: tool.exe');
    expect(files.onAdd).not.toHaveBeenCalled();
  });

  it("keeps to the template's limit of files for the field, counting stored and chosen ones", async () => {
    const files = filesOf([attachment({})]);
    const { container } = renderField('file', {
      field: { level: 'Photos', optionVal: { maxFiles: 2 } },
      files,
    });
    expect(screen.getByText('Up to 2 files')).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.setup().upload(input, [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This field takes at most 2 files.');
    expect(files.onAdd).not.toHaveBeenCalled();
  });

  it('lists chosen files until they are uploaded, each removable', async () => {
    const pending = new File(['x'], 'draft.png', { type: 'image/png' });
    const files = filesOf([], [pending]);
    const { user } = renderField('file', { files });
    expect(screen.getByText('draft.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove draft.png' }));
    expect(files.onRemovePending).toHaveBeenCalledWith(FIELD_ID, pending);
  });

  it('read-only offers download only', () => {
    renderField('file', { files: filesOf([attachment({})]), readOnly: true });
    expect(screen.getByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete report.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();
  });
});
