/**
 * The online training calls the API benchmark measures (issue 43; docs/online-training.md): the
 * catalogue's first page, searched and out of use, and the details of the largest course (30
 * sections, 100 questions, three versions), as HR (scale.admin: hrAdmin). Needs
 * seed/scale/onlineTraining.ts.
 */
import { LARGE_COURSE_ID } from '../seed/scale/onlineTraining';
import type { Case } from './cases';

const call = (name: string, body: Case['body'] = () => ({})): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who: 'admin', method: 'POST', path: () => path, body };
};

export const ONLINE_TRAINING_CASES: Case[] = [
  call('trainingCourseList'),
  call('trainingCourseList: searched', () => ({ search: 'safety' })),
  call('trainingCourseList: inactive', () => ({ status: 'inactive' })),
  call('trainingCourseDetails: the largest course', () => ({ _id: LARGE_COURSE_ID })),
];
