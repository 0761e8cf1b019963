import { describe, expect, it } from 'vitest';
import { fieldOf } from '../../fields/testing';
import { showValue } from './HistoryDialog';

const context = (fieldList = [fieldOf('select')]) => ({
  fieldList,
  names: new Map([['e1', 'Ethan Clarke']]),
});

describe('showValue', () => {
  it('shows an answer as the PDF and the views do: labels, names, dd/MM/yyyy', () => {
    const select = fieldOf('select', { optionVal: [{ value: 'high', label: 'High' }] });
    expect(showValue('high', select, context())).toBe('High');
    expect(showValue(['e1'], fieldOf('employee'), context())).toBe('Ethan Clarke');
    expect(showValue('2026-11-20', fieldOf('date'), context())).toBe('20/11/2026');
    expect(showValue('', fieldOf('text'), context())).toBe('—');
  });

  it("shows the form's own attributes with names and days, and a table row by its columns", () => {
    expect(showValue('2026-11-23', undefined, context())).toBe('23/11/2026');
    expect(showValue('e1', undefined, context())).toBe('Ethan Clarke');
    const table = fieldOf('table', { optionVal: [{ _id: 'c1', name: 'Reading', type: 'number' }] });
    expect(showValue({ c1: '87' }, table, context())).toBe('(Reading: 87)');
  });
});
