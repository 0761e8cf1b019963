import { describe, expect, it } from 'vitest';
import { obligationCompliance, tallyQuestions } from './obligationCompliance';

const TODAY = '2026-11-25';

describe('obligationCompliance', () => {
  it('is not assessed while no question was asked', () => {
    expect(obligationCompliance({ questions: 0, open: 0, firstOpenDue: null }, TODAY)).toBe('notAssessed');
  });

  it('is compliant once every question is answered', () => {
    expect(obligationCompliance({ questions: 3, open: 0, firstOpenDue: null }, TODAY)).toBe('compliant');
  });

  it('has questions open while the first open one is due today or later', () => {
    expect(obligationCompliance({ questions: 2, open: 1, firstOpenDue: TODAY }, TODAY)).toBe('inProgress');
    expect(obligationCompliance({ questions: 2, open: 2, firstOpenDue: '2026-12-01' }, TODAY)).toBe(
      'inProgress',
    );
  });

  it('is overdue when an open question was due before today', () => {
    expect(obligationCompliance({ questions: 2, open: 1, firstOpenDue: '2026-11-24' }, TODAY)).toBe(
      'overdue',
    );
  });
});

describe('tallyQuestions', () => {
  it('counts the open questions and finds the one due first', () => {
    expect(
      tallyQuestions([
        { isComplete: false, dueDate: '2026-12-05' },
        { isComplete: true, dueDate: '2026-10-01' },
        { isComplete: false, dueDate: '2026-11-30' },
      ]),
    ).toEqual({ questions: 3, open: 2, firstOpenDue: '2026-11-30' });
    expect(tallyQuestions([])).toEqual({ questions: 0, open: 0, firstOpenDue: null });
  });
});
