import type { RiskColour } from '../constants';

/**
 * The 5×5 risk matrix of the risk register and the hazardous substances register: likelihood
 * (1 Rare … 5 Almost certain) × consequence (1 Insignificant … 5 Catastrophic). The product of
 * the two is the score; the score's band gives the level and its colour, the specification's risk
 * colours (000 §3: green, yellow, orange, red). The bands are the usual AS/NZS ISO 31000 ones.
 */
export const RATING_SIDE = 5;
export const RATING_STEPS = [1, 2, 3, 4, 5] as const;
export type RatingStep = (typeof RATING_STEPS)[number];

export const LIKELIHOOD_LABELS: Record<RatingStep, string> = {
  1: 'Rare',
  2: 'Unlikely',
  3: 'Possible',
  4: 'Likely',
  5: 'Almost certain',
};
export const CONSEQUENCE_LABELS: Record<RatingStep, string> = {
  1: 'Insignificant',
  2: 'Minor',
  3: 'Moderate',
  4: 'Major',
  5: 'Catastrophic',
};

export const RISK_LEVELS = ['low', 'medium', 'high', 'extreme'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  extreme: 'Extreme',
};
export const LEVEL_COLOURS: Record<RiskLevel, RiskColour> = {
  low: 'green',
  medium: 'yellow',
  high: 'orange',
  extreme: 'red',
};
/** The colours from the lowest level up (the list filter and the legend show them in this order). */
export const RATING_COLOURS = RISK_LEVELS.map((level) => LEVEL_COLOURS[level]);

export const ratingMessages = {
  outsideMatrix: 'Likelihood and consequence must each be a whole number from 1 to 5.',
} as const;

export interface Rating {
  likelihood: number;
  consequence: number;
}

export interface RatingResult {
  score: number;
  level: RiskLevel;
  colour: RiskColour;
}

/** Whether a likelihood or consequence is a step of the matrix. */
export function isRatingStep(value: unknown): value is RatingStep {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= RATING_SIDE;
}

/** The score, level and colour of a rating; throws for a rating outside the matrix. */
export function rateRisk({ likelihood, consequence }: Rating): RatingResult {
  if (!isRatingStep(likelihood) || !isRatingStep(consequence)) throw new Error(ratingMessages.outsideMatrix);
  const score = likelihood * consequence;
  const level: RiskLevel = score >= 20 ? 'extreme' : score >= 10 ? 'high' : score >= 5 ? 'medium' : 'low';
  return { score, level, colour: LEVEL_COLOURS[level] };
}

/** The scores of one colour, as a range for a filter: [lowest, highest]. */
export function scoreRangeOf(colour: RiskColour): [number, number] {
  const scores = RATING_STEPS.flatMap((likelihood) =>
    RATING_STEPS.map((consequence) => rateRisk({ likelihood, consequence })),
  )
    .filter((rating) => rating.colour === colour)
    .map((rating) => rating.score);
  return [Math.min(...scores), Math.max(...scores)];
}
