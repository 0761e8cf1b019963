import { describe, expect, it } from 'vitest';
import { dateOfBirthProblem, isPhoneNumber, privateInfoMessages as say } from './employees';

describe('dateOfBirthProblem: an employee 14 to 120 years old on the day', () => {
  it.each([
    ['2012-11-29', null],
    ['2012-11-30', say.dateOfBirthRange],
    ['1905-11-30', null],
    ['1905-11-29', say.dateOfBirthRange],
    ['2026-11-29', say.dateOfBirthRange],
  ])('born %s, on 2026-11-29: %s', (born, problem) => {
    expect(dateOfBirthProblem(born, '2026-11-29')).toBe(problem);
  });

  it('counts a 29 February birthday from 1 March in a common year', () => {
    expect(dateOfBirthProblem('2012-02-29', '2026-02-28')).toBe(say.dateOfBirthRange);
    expect(dateOfBirthProblem('2012-02-29', '2026-03-01')).toBeNull();
  });
});

describe('isPhoneNumber', () => {
  it.each(['0412 345 678', '+61 7 3123 4567', '(07) 3123-4567', '07.3123.4567', '123456'])(
    'takes %s',
    (value) => expect(isPhoneNumber(value)).toBe(true),
  );
  it.each(['12345', 'call me', '0412 345 678 ext 2', '+61 1234 5678 9012 34', '++61 400 000 000'])(
    'refuses %s',
    (value) => expect(isPhoneNumber(value)).toBe(false),
  );
});
