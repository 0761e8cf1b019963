import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReferenceSearch } from './props';
import { referencesFixture, renderField } from './testing';

const ALEX = 'e0000000-0000-4000-8000-000000000001';
const WILLIAM = 'e0000000-0000-4000-8000-000000000002';
const BLAKE = 'e0000000-0000-4000-8000-000000000003';

function searched(): ReferenceSearch {
  return {
    key: ['test', 'employee'],
    search: vi.fn(async (text: string, page: number) =>
      page === 1
        ? { options: [{ value: ALEX, label: `Alex ${text}` }], hasMore: true }
        : { options: [{ value: BLAKE, label: 'Blake Page Two' }], hasMore: false },
    ),
    remember: vi.fn(),
  };
}

describe('a searched reference field (employees, submissions)', () => {
  it('names stored choices (an inactive one too), searches page by page and adds the pick', async () => {
    const search = searched();
    const { user, onChange } = renderField('employee', {
      value: [WILLIAM],
      references: referencesFixture({
        employee: { all: [{ _id: WILLIAM, name: 'William Chen' }], active: [], searched: search },
      }),
    });
    expect(screen.getByText('William Chen')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'My Field' }), 'Mo');
    await user.click(await screen.findByRole('button', { name: 'More matches' }));
    expect(search.search).toHaveBeenLastCalledWith('Mo', 2);
    await user.click(await screen.findByRole('button', { name: 'Blake Page Two' }));
    expect(onChange).toHaveBeenLastCalledWith([WILLIAM, BLAKE]);
    expect(search.remember).toHaveBeenCalledWith({ _id: BLAKE, name: 'Blake Page Two' });
    await user.click(screen.getByRole('button', { name: 'Remove William Chen' }));
    expect(onChange).toHaveBeenLastCalledWith([BLAKE]);
  });

  it('reads as the chosen names', () => {
    renderField('employee', {
      value: [WILLIAM],
      readOnly: true,
      references: referencesFixture({
        employee: { all: [{ _id: WILLIAM, name: 'William Chen' }], active: [], searched: searched() },
      }),
    });
    expect(screen.getByText('William Chen')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
