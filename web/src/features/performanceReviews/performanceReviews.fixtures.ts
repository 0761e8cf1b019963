import type {
  TPerformanceObjective,
  TPerformanceReviewDetails,
  TPerformanceReviewRow,
} from '@compass/shared';
import { ok, testId } from '../../../test/helpers';

/** The people and the review of the performance reviews' tests: Ethan reviews Mia, his report. */
export const REVIEW = testId(5);
export const MIA = {
  _id: testId(21),
  name: 'Mia Torres',
  positionName: 'Technician',
  managerEmployeeId: testId(23),
  managerName: 'Ethan Clarke',
};
export const NOAH = {
  _id: testId(22),
  name: 'Noah Fischer',
  positionName: null,
  managerEmployeeId: null,
  managerName: null,
};
export const ETHAN = {
  _id: testId(23),
  name: 'Ethan Clarke',
  positionName: 'Safety Coordinator',
  managerEmployeeId: null,
  managerName: null,
};
export const TITLE = 'Performance review 2026';

export function reviewRow(over: Partial<TPerformanceReviewRow> = {}): TPerformanceReviewRow {
  return {
    _id: REVIEW,
    title: TITLE,
    employeeId: MIA._id,
    employeeName: MIA.name,
    reviewerEmployeeId: ETHAN._id,
    reviewerName: ETHAN.name,
    status: 'selfAssessment',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    dueDate: '2026-12-15',
    taskDueDateType: 'nodue',
    completedAt: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}

export function objective(n: number, over: Partial<TPerformanceObjective> = {}): TPerformanceObjective {
  return {
    _id: testId(60 + n),
    position: n,
    title: ['Safe work', 'Customer focus', 'Learning'][n - 1] ?? `Objective ${n}`,
    description: null,
    weight: [50, 30, 20][n - 1] ?? 0,
    selfRating: null,
    selfComment: null,
    managerRating: null,
    managerComment: null,
    ...over,
  };
}

export function reviewDetails(over: Partial<TPerformanceReviewDetails> = {}): TPerformanceReviewDetails {
  return {
    ...reviewRow(),
    version: 3,
    side: 'employee',
    shows: { self: true, manager: false },
    objectives: [objective(1), objective(2), objective(3)],
    selfAssessment: null,
    managerAssessment: null,
    overallRating: null,
    agreedActions: [],
    returnComment: null,
    selfSubmittedAt: null,
    managerSubmittedAt: null,
    employeeSignedAt: null,
    reviewerSignedAt: null,
    cancelledAt: null,
    employeeComment: null,
    reviewerComment: null,
    canEditObjectives: false,
    canSelfAssess: false,
    canManagerAssess: false,
    canReturn: false,
    canSignOff: false,
    canCancel: false,
    history: [],
    ...over,
  };
}

/** The people search of the start dialog, the filters and the actions: everyone whose name matches. */
export const peopleSearch = {
  'POST /api/performanceReviewPeopleSearch': ({ body }: { body: unknown }) => {
    const search = String((body as { search?: string }).search ?? '').toLowerCase();
    return ok([MIA, NOAH, ETHAN].filter((person) => person.name.toLowerCase().includes(search)));
  },
};
