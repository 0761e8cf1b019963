import {
  ZTrainingCourseContent,
  type TTrainingCourseContentInput,
  type TTrainingCourseDetails,
  type TTrainingCourseRow,
} from '@compass/shared';
import { testId } from '../../../test/helpers';

/** The course of the online training tests: a forklift refresher, published once. */
export const COURSE = testId(1);
export const MANUAL = {
  _id: testId(50),
  name: 'Forklift manual.pdf',
  path: '/api/files/50',
  fileType: 'pdf',
  size: 2048,
};

export function courseRow(over: Partial<TTrainingCourseRow> = {}): TTrainingCourseRow {
  return {
    _id: COURSE,
    name: 'Forklift refresher',
    description: 'For every licensed driver, once a year.',
    isActive: true,
    currentVersion: 2,
    hasDraft: true,
    questionCount: 4,
    passMark: 80,
    attemptsAllowed: 3,
    expectedMinutes: 20,
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}

/** A complete course: one section and one single-choice question with its answer marked. */
export function content(over: TTrainingCourseContentInput = {}) {
  return ZTrainingCourseContent.parse({
    introduction: 'Drivers refresh the rules every year.',
    sections: [
      { _id: testId(10), title: 'Before you drive', body: '<p>Check the forks.</p>', fileIds: [MANUAL._id] },
    ],
    questions: [
      {
        _id: testId(20),
        kind: 'singleChoice',
        text: 'What do you check first?',
        options: [
          { _id: testId(31), text: 'The forks' },
          { _id: testId(32), text: 'The radio' },
        ],
        correctOptionIds: [testId(31)],
      },
    ],
    passMark: 80,
    attemptsAllowed: 3,
    expectedMinutes: 20,
    ...over,
  });
}

export function courseDetails(over: Partial<TTrainingCourseDetails> = {}): TTrainingCourseDetails {
  return {
    _id: COURSE,
    name: 'Forklift refresher',
    description: 'For every licensed driver, once a year.',
    isActive: true,
    currentVersion: 1,
    revision: 4,
    draft: null,
    published: content(),
    versions: [
      {
        number: 1,
        publishedAt: '2026-11-02T02:00:00.000Z',
        publishedBy: 'Olivia Admin',
        questionCount: 1,
        passMark: 80,
      },
    ],
    files: [MANUAL],
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}
