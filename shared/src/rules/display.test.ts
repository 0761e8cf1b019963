import { describe, expect, it } from 'vitest';
import { displayDay, formattedNumber, formNumberLabel, personName } from './display';

describe('display helpers', () => {
  it('names a person first name first, and nobody as empty', () => {
    expect(personName({ firstName: 'Mia', lastName: 'Torres' })).toBe('Mia Torres');
    expect(personName({ firstName: 'Mia', lastName: '' })).toBe('Mia');
    expect(personName(null)).toBe('');
  });

  it('shows form numbers with their prefix, and drafts by their label', () => {
    expect(formNumberLabel(1042)).toBe('FS 1042');
    expect(formNumberLabel(null)).toBe('Draft');
    expect(formattedNumber(null)).toBe('(Draft)');
    expect(formattedNumber(7)).toBe('FS 7');
  });

  it('shows wire days and instants as dd/MM/yyyy and leaves anything else alone', () => {
    expect(displayDay('2026-11-20')).toBe('20/11/2026');
    expect(displayDay('2026-11-20T23:00:00.000Z')).toBe('20/11/2026');
    expect(displayDay('2026-02-31')).toBe('2026-02-31');
    expect(displayDay('soon')).toBe('soon');
    expect(displayDay(null)).toBe('');
  });
});
