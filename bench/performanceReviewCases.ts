/**
 * The performance review calls the API benchmark measures (issue 42; docs/human-resources.md
 * "Performance reviews"): the register's first page, a deep page, filtered by status and searched,
 * as HR (scale.admin); the busy employee's history and their own current review, whose open step is
 * on their dashboard (the dashboard's own case). Needs seed/scale/performanceReviews.ts.
 */
import { createHash } from 'node:crypto';
import type { Case, Ids } from './cases';

/** A POST case of the call its name starts with (`performanceReviewList: page 50` calls /api/performanceReviewList). */
const call = (name: string, who: Case['who'], body: Case['body'] = () => ({})): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who, method: 'POST', path: () => path, body };
};

/** This year's review of an employee: its name-based id as seed/scale/performanceReviews.ts makes it. */
function currentReviewOf(employeeId: string): string {
  const hex = createHash('md5').update(`compass-scale:review:${employeeId}:1`).digest('hex').split('');
  hex[12] = '5';
  hex[16] = '8';
  const id = hex.join('');
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

export const PERFORMANCE_REVIEW_CASES: Case[] = [
  call('performanceReviewList', 'admin'),
  call('performanceReviewList: page 50', 'admin', () => ({ page: 50 })),
  call('performanceReviewList: managerAssessment', 'admin', () => ({ status: 'managerAssessment' })),
  call('performanceReviewList: searched', 'admin', () => ({ search: 'son' })),
  call('performanceReviewHistory', 'busy', (ids: Ids) => ({ employeeId: ids.employeeId })),
  call('performanceReviewDetails', 'busy', (ids: Ids) => ({ _id: currentReviewOf(ids.employeeId) })),
];
