import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';
import { FilterPanel } from './ListFilters';

describe('the list parts a phone draws differently', () => {
  it('folds the filters behind a button that says whether it is open and counts the filters in use', async () => {
    const onSubmit = vi.fn();
    render(
      <FilterPanel active={2} onSubmit={onSubmit} actions={<button type="button">New notice</button>}>
        <input aria-label="Search" />
        <button type="submit">Search</button>
      </FilterPanel>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters 2 in use' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The button names the fields it folds; the other buttons are not among them.
    const fields = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(fields).toContainElement(screen.getByLabelText('Search'));
    expect(fields).not.toContainElement(screen.getByRole('button', { name: 'New notice' }));

    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('names no filter when none is in use', () => {
    render(
      <FilterPanel active={0} onSubmit={() => {}}>
        <input aria-label="Search" />
      </FilterPanel>,
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('names each cell after its column, rows drawn later too, and not the buttons of the row', async () => {
    function Rows() {
      const [count, setCount] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setCount(2)}>
            More
          </button>
          <DataTable columns={['Document', 'State']} actions>
            {Array.from({ length: count }, (_, index) => (
              <tr key={index}>
                <td>Certificate {index + 1}</td>
                <td>Approved</td>
                <td>
                  <button type="button">Open</button>
                </td>
              </tr>
            ))}
            <tr>
              <td colSpan={3}>All shown</td>
            </tr>
          </DataTable>
        </>
      );
    }
    render(<Rows />);
    const labels = () =>
      [...document.querySelectorAll('tbody td')].map((cell) => (cell as HTMLElement).dataset.label ?? null);
    expect(labels()).toEqual(['Document', 'State', null, null]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() =>
      expect(labels()).toEqual(['Document', 'State', null, 'Document', 'State', null, null]),
    );
  });
});
