import { describe, expect, it } from 'vitest';
import { isRatingStep, rateRisk, RATING_STEPS, scoreRangeOf } from './riskRating';

describe('the risk matrix', () => {
  it('rates the corners and the band edges', () => {
    expect(rateRisk({ likelihood: 1, consequence: 1 })).toEqual({ score: 1, level: 'low', colour: 'green' });
    expect(rateRisk({ likelihood: 2, consequence: 2 })).toMatchObject({ score: 4, colour: 'green' });
    expect(rateRisk({ likelihood: 5, consequence: 1 })).toMatchObject({ score: 5, colour: 'yellow' });
    expect(rateRisk({ likelihood: 3, consequence: 3 })).toMatchObject({ score: 9, level: 'medium' });
    expect(rateRisk({ likelihood: 2, consequence: 5 })).toMatchObject({ score: 10, colour: 'orange' });
    expect(rateRisk({ likelihood: 4, consequence: 4 })).toMatchObject({ score: 16, level: 'high' });
    expect(rateRisk({ likelihood: 4, consequence: 5 })).toMatchObject({ score: 20, colour: 'red' });
    expect(rateRisk({ likelihood: 5, consequence: 5 })).toEqual({
      score: 25,
      level: 'extreme',
      colour: 'red',
    });
  });

  it('is symmetric and never falls as either side grows', () => {
    for (const l of RATING_STEPS) {
      for (const c of RATING_STEPS) {
        const here = rateRisk({ likelihood: l, consequence: c });
        expect(rateRisk({ likelihood: c, consequence: l })).toEqual(here);
        if (l < 5) expect(rateRisk({ likelihood: l + 1, consequence: c }).score).toBeGreaterThan(here.score);
      }
    }
  });

  it('refuses a rating outside the matrix', () => {
    for (const bad of [0, 6, 2.5, -1, Number.NaN]) {
      expect(isRatingStep(bad)).toBe(false);
      expect(() => rateRisk({ likelihood: bad, consequence: 3 })).toThrow(/from 1 to 5/);
      expect(() => rateRisk({ likelihood: 3, consequence: bad })).toThrow(/from 1 to 5/);
    }
  });

  it('gives each colour a score range that does not overlap the next', () => {
    expect(scoreRangeOf('green')).toEqual([1, 4]);
    expect(scoreRangeOf('yellow')).toEqual([5, 9]);
    expect(scoreRangeOf('orange')).toEqual([10, 16]);
    expect(scoreRangeOf('red')).toEqual([20, 25]);
  });
});
