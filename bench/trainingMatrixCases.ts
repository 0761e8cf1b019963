/**
 * The training matrix the API benchmark measures (issue 43; docs/online-training.md, "The training
 * matrix"), as HR (scale.admin: hrAdmin, every employee): the first page, the largest course's
 * column, everyone overdue in any course, and a search. Needs seed/scale/onlineTraining.ts and
 * seed/scale/trainingAttempts.ts.
 */
import { LARGE_COURSE_ID } from '../seed/scale/onlineTraining';
import type { Case } from './cases';

const matrix = (name: string, body: Record<string, unknown> = {}): Case => ({
  name: `trainingMatrix${name}`,
  who: 'admin',
  method: 'POST',
  path: () => '/api/trainingMatrix',
  body: () => body,
});

export const TRAINING_MATRIX_CASES: Case[] = [
  matrix(''),
  matrix(': the largest course', { courseId: LARGE_COURSE_ID }),
  matrix(': overdue anywhere', { standing: 'overdue' }),
  matrix(': searched', { search: 'son' }),
];
