import type { PerformanceReviewStatus } from '../../server/src/generated/prisma/client';
import type { DashboardPerson } from './dashboard';
import type { Org } from './rows';

// ---------- Performance reviews of one dashboard person (docs/human-resources.md) ----------

/** Objectives (title, weight) of the demo's reviews: each set adds up to 100. */
const OBJECTIVE_SETS: Array<Array<[string, number]>> = [
  [
    ['Zero lost-time injuries in my team', 40],
    ['Complete the warehouse racking upgrade', 35],
    ['Mentor a new starter through induction', 25],
  ],
  [
    ['Close every audit finding within its due date', 30],
    ['Cut forklift near-misses by half', 30],
    ['Run the monthly toolbox talks', 20],
    ['Finish the Certificate IV in WHS', 20],
  ],
];

const SELF_TEXT =
  'A solid year: the team worked without a lost-time injury and I took on the new starters. ' +
  'I would like more time for the WHS certificate next year.';
const MANAGER_TEXT =
  'Reliable and careful; the racking upgrade came in on time. Next year: delegate more of the ' +
  'toolbox talks and finish the certificate.';

interface Review {
  name: string;
  title: string;
  employeeId: string;
  reviewerEmployeeId: string;
  status: PerformanceReviewStatus;
  /** Days from today of its period's end and its due date. */
  periodEnd: number;
  due: number;
  objectives: Array<[string, number]>;
}

/**
 * The person's reviews: their own to self-assess (due in two weeks), the self-assessment of the
 * person they review waiting for their assessment, and last year's completed review in their history
 * (without agreed actions: the demo's action lists and the tests that count them stay as they are).
 */
export function addPerformanceReviews(o: Org, p: DashboardPerson): void {
  const year = new Date(o.cal.iso(0)).getUTCFullYear();
  const reviews: Review[] = [
    {
      name: 'current',
      title: `Annual performance review ${year}`,
      employeeId: p.employeeId,
      reviewerEmployeeId: p.reviewerId,
      status: 'selfAssessment',
      periodEnd: 0,
      due: 14 + p.variant,
      objectives: OBJECTIVE_SETS[p.variant % 2]!,
    },
    {
      name: 'reviewing',
      title: `Six-month check-in ${year}`,
      employeeId: p.revieweeId,
      reviewerEmployeeId: p.employeeId,
      status: 'managerAssessment',
      periodEnd: -3,
      due: 7 + p.variant,
      objectives: OBJECTIVE_SETS[(p.variant + 1) % 2]!,
    },
    {
      name: 'lastYear',
      title: `Annual performance review ${year - 1}`,
      employeeId: p.employeeId,
      reviewerEmployeeId: p.reviewerId,
      status: 'completed',
      periodEnd: -365,
      due: -340,
      objectives: OBJECTIVE_SETS[p.variant % 2]!,
    },
  ];
  for (const review of reviews) addReview(o, p, review);
}

function addReview(o: Org, p: DashboardPerson, review: Review): void {
  const { cal, companyId, rows } = o;
  const id = o.id('performanceReview', `${p.key}/${review.name}`);
  const selfDone = review.status !== 'selfAssessment';
  const done = review.status === 'completed';
  const signedAt = cal.at(review.due - 2, 15);
  rows.performanceReview.push({
    id,
    companyId,
    employeeId: review.employeeId,
    reviewerEmployeeId: review.reviewerEmployeeId,
    title: review.title,
    periodStart: cal.day(review.periodEnd - 364),
    periodEnd: cal.day(review.periodEnd),
    dueDate: cal.day(review.due),
    status: review.status,
    selfAssessment: selfDone ? SELF_TEXT : null,
    selfSubmittedAt: selfDone ? cal.at(review.due - 10, 11) : null,
    managerAssessment: done ? MANAGER_TEXT : null,
    overallRating: done ? 4 : null,
    managerSubmittedAt: done ? cal.at(review.due - 5, 14) : null,
    employeeSignedAt: done ? signedAt : null,
    reviewerSignedAt: done ? signedAt : null,
    completedAt: done ? signedAt : null,
    createdById: o.userOfEmployee(review.reviewerEmployeeId) ?? null,
    createdAt: cal.at(review.due - 30),
  });
  review.objectives.forEach(([title, weight], index) =>
    rows.performanceReviewObjective.push({
      id: o.id('performanceReviewObjective', `${p.key}/${review.name}/${index}`),
      companyId,
      reviewId: id,
      position: index + 1,
      title,
      weight,
      selfRating: selfDone ? 3 + ((index + p.variant) % 3) : null,
      selfComment: selfDone ? 'On track for most of the year.' : null,
      managerRating: done ? 3 + (index % 2) : null,
      managerComment: done ? 'Agreed.' : null,
    }),
  );
}
