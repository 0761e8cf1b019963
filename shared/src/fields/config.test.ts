import { describe, expect, it } from 'vitest';
import { answerText } from './answerText';
import { FIELD_CONFIG_SCHEMAS, fieldConfig } from './config';
import { FIELD_TYPES } from './registry';

const YARD = 'a0000000-0000-4000-8000-000000000001';

const CHOICES = [
  { value: 'high', label: 'High' },
  { value: 'low', label: 'Low' },
];

describe('field configuration', () => {
  it('has a schema for every field type', () => {
    expect(Object.keys(FIELD_CONFIG_SCHEMAS).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('reads each type its own way', () => {
    expect(fieldConfig('select', { optionVal: CHOICES }).optionVal).toEqual(CHOICES);
    expect(fieldConfig('items', { itemList: [{ _id: YARD, name: 'Yard' }] }).itemList).toEqual([
      { _id: YARD, name: 'Yard' },
    ]);
    expect(fieldConfig('weblink', { webLink: 'https://example.com' })).toEqual({
      webLink: 'https://example.com',
    });
    expect(fieldConfig('text', {})).toEqual({ placeholder: null });
  });

  it('keeps what fits of malformed stored JSON and never throws', () => {
    const stored = {
      optionVal: [CHOICES[0], 'stray', null, { value: 3, label: 'x' }, { label: 'no value' }],
    };
    expect(fieldConfig('radio', stored).optionVal).toEqual([CHOICES[0]]);
    expect(fieldConfig('checkbox', { optionVal: 'not a list' }).optionVal).toEqual([]);
    expect(
      fieldConfig('table', { optionVal: [{ _id: 'c', name: 'Reading', type: 'colour' }] }).optionVal,
    ).toEqual([{ _id: 'c', name: 'Reading', type: 'text' }]);
    expect(fieldConfig('typeGroupings', { optionVal: [{ category: 'Physical' }] }).optionVal).toEqual([]);
    expect(fieldConfig('contentEditor', { contentEditor: 42 as unknown as string })).toEqual({
      contentEditor: null,
    });
  });
});

describe('answerText', () => {
  const names = new Map([['e1', 'Ethan Clarke']]);

  it('shows answers by their labels and names, days as dd/MM/yyyy', () => {
    expect(answerText('select', { optionVal: CHOICES }, 'high', names)).toBe('High');
    expect(answerText('checkbox', { optionVal: CHOICES }, ['low', 'gone'], names)).toBe('Low, gone');
    expect(answerText('items', { itemList: [{ _id: YARD, name: 'Yard' }] }, [YARD], names)).toBe('Yard');
    expect(answerText('typeGroupings', {}, { category: 'Physical', subCategories: ['Noise'] }, names)).toBe(
      'Physical: Noise',
    );
    expect(answerText('employee', {}, ['e1', 'unknown'], names)).toBe('Ethan Clarke');
    expect(answerText('date', {}, '2026-11-20', names)).toBe('20/11/2026');
    expect(answerText('weblink', { webLink: 'https://example.com' }, '', names)).toBe('https://example.com');
    expect(answerText('contentEditor', {}, '<p>Dock&nbsp;door</p><p>seal</p>', names)).toBe('Dock door seal');
    expect(answerText('signature', {}, 'data:image/png;base64,AA==', names)).toBe('(drawing)');
  });

  it('shows no answer, and answers that are not text, as empty', () => {
    expect(answerText('radio', { optionVal: CHOICES }, null, names)).toBe('');
    expect(answerText('typeGroupings', {}, { category: '', subCategories: ['x'] }, names)).toBe('');
    expect(answerText('table', {}, null, names)).toBe('');
    expect(answerText('number', {}, { not: 'a number' }, names)).toBe('');
  });
});
