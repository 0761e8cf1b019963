/**
 * The online training calls the API benchmark measures (issue 43; docs/online-training.md): the
 * catalogue's first page, searched and out of use, and the details of the largest course (30
 * sections, 100 questions, three versions), as HR (scale.admin: hrAdmin); the largest course's
 * assignments (first page, searched) as HR; and as the busy employee (scale.busy), the largest
 * course to take (their open assignment of it) and their passed attempt at it (every question with
 * its answer and marks). Site inductions as HR: the induction's assignments (supplier personnel, named
 * with their company), the personnel to assign it to (searched) and a course's standing assignments.
 * Needs seed/scale/onlineTraining.ts, trainingAttempts.ts and inductions.ts; the dashboard's two
 * training sections are measured with dashboardList (bench/dashboard.ts).
 */
import { INDUCTION_COURSE_ID } from '../seed/scale/inductions';
import { LARGE_COURSE_ID, scaleSeedId } from '../seed/scale/onlineTraining';
import type { Case } from './cases';

const call = (name: string, body: Case['body'] = () => ({}), who: Case['who'] = 'admin'): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who, method: 'POST', path: () => path, body };
};

/** The busy employee's assignments of the largest course (seed/scale/trainingAttempts.ts ids). */
const busyAssignment = (slot: 'passed' | 'open') =>
  scaleSeedId(`training:${scaleSeedId('emp:1')}:${slot === 'passed' ? 0 : 2}:${LARGE_COURSE_ID}`);

export const ONLINE_TRAINING_CASES: Case[] = [
  call('trainingCourseList'),
  call('trainingCourseList: searched', () => ({ search: 'safety' })),
  call('trainingCourseList: inactive', () => ({ status: 'inactive' })),
  call('trainingCourseDetails: the largest course', () => ({ _id: LARGE_COURSE_ID })),
  call('trainingAssignmentList: the largest course', () => ({ courseId: LARGE_COURSE_ID })),
  call('trainingAssignmentList: the largest course, searched', () => ({
    courseId: LARGE_COURSE_ID,
    search: 'son',
  })),
  call(
    'trainingAssignmentOpen: the largest course, to take',
    () => ({ _id: busyAssignment('open') }),
    'busy',
  ),
  call(
    'trainingAttemptDetails: a passed attempt at the largest course',
    () => ({ _id: scaleSeedId(`trainingAttempt:${busyAssignment('passed')}:1`) }),
    'busy',
  ),
  call('trainingAssignmentList: the site induction (personnel)', () => ({ courseId: INDUCTION_COURSE_ID })),
  call('trainingPersonnelOptions: searched', () => ({ search: 'son' })),
  call('trainingPositionRuleList', () => ({ courseId: scaleSeedId('tc:2') })),
];
