import { describe, expect, it } from 'vitest';
import { auditScore, scoredOptions } from './auditScore';

const choice = (id: string, type: 'radio' | 'select' | 'checkbox', labels: string[]) => ({
  _id: id,
  type,
  optionVal: labels.map((label) => ({ value: label.toLowerCase().replace(/[^a-z]+/g, '-'), label })),
  itemList: null,
});

describe('the audit score', () => {
  const fields = [
    choice('a', 'radio', ['Yes', 'No', 'N/A']),
    choice('b', 'select', ['YES', 'no']),
    choice('c', 'radio', ['Good', 'Poor']),
    choice('d', 'checkbox', ['Yes', 'No']),
    choice('e', 'radio', ['Yes', 'No', 'N/A']),
  ];

  it('scores radio and select questions offering Yes and No, whatever the case', () => {
    expect(scoredOptions(fields[0]!)).toEqual({ yes: 'yes', no: 'no' });
    expect(scoredOptions(fields[1]!)).toEqual({ yes: 'yes', no: 'no' });
    expect(scoredOptions(fields[2]!)).toBeNull();
    expect(scoredOptions(fields[3]!)).toBeNull();
  });

  it('is the rounded share of Yes among Yes and No; N/A and blanks are left out', () => {
    expect(auditScore(fields, { a: 'yes', b: 'no', e: 'n-a', c: 'poor', d: ['no'] })).toEqual({
      passed: 1,
      failed: 1,
      percent: 50,
    });
    expect(auditScore(fields, { a: 'yes', b: 'yes', e: 'no' }).percent).toBe(67);
    expect(auditScore(fields, { a: 'n-a' }).percent).toBeNull();
    expect(auditScore(fields, {}).percent).toBeNull();
  });
});
