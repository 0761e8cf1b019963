import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { canRemoveRow } from './TableField';
import { renderField } from './testing';

const columns = [
  { _id: 'c1', name: 'Item', type: 'text' },
  { _id: 'c2', name: 'Qty', type: 'number' },
  { _id: 'c3', name: 'Checked On', type: 'date' },
];

describe('table field', () => {
  it('edits a cell by its column id', async () => {
    const { user, onChange } = renderField('table', {
      field: { level: 'Stock', optionVal: columns },
      value: [{ c1: 'Gloves', c2: '4', c3: '2026-03-05' }],
    });
    expect(screen.getByRole('textbox', { name: 'Checked On, row 1' })).toHaveValue('05/03/2026');
    await user.type(screen.getByRole('spinbutton', { name: 'Qty, row 1' }), '0');
    expect(onChange).toHaveBeenLastCalledWith([{ c1: 'Gloves', c2: '40', c3: '2026-03-05' }]);
  });

  it('adds an empty row', async () => {
    const { user, onChange } = renderField('table', {
      field: { level: 'Stock', optionVal: columns },
      value: [{ c1: 'Gloves', c2: '4', c3: '' }],
    });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { c1: 'Gloves', c2: '4', c3: '' },
      { c1: '', c2: '', c3: '' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Item, row 2' })).toBeInTheDocument();
  });

  it('removes a row only while more than one exists', async () => {
    const { user, onChange } = renderField('table', {
      field: { level: 'Stock', optionVal: columns },
      value: [
        { c1: 'Gloves', c2: '4', c3: '' },
        { c1: 'Masks', c2: '9', c3: '' },
      ],
    });
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(onChange).toHaveBeenLastCalledWith([{ c1: 'Masks', c2: '9', c3: '' }]);
    expect(screen.getByRole('textbox', { name: 'Item, row 1' })).toHaveValue('Masks');
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toBeDisabled();
  });

  it('the rule itself', () => {
    expect(canRemoveRow(0)).toBe(false);
    expect(canRemoveRow(1)).toBe(false);
    expect(canRemoveRow(2)).toBe(true);
  });

  it('read-only shows the cells as text, dates as dd/MM/yyyy, without buttons', () => {
    renderField('table', {
      field: { level: 'Stock', optionVal: columns },
      value: [{ c1: 'Gloves', c2: '4', c3: '2026-03-05' }],
      readOnly: true,
    });
    const table = screen.getByRole('table', { name: 'Stock' });
    expect(within(table).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(table).getByText('Gloves')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
