import {
  ZTrainingCourseContent,
  type TTraineeCourse,
  type TTraineeQuestion,
  type TTrainingAssignmentRow,
  type TTrainingAssignmentView,
  type TTrainingAttemptRow,
  type TTrainingAttemptView,
  type TTrainingCourseContentInput,
  type TTrainingCourseDetails,
  type TTrainingCourseRow,
} from '@compass/shared';
import { ok, testId } from '../../../test/helpers';

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

/** The assignment of the attempts' tests: Mia takes the course, Ethan reviews it. */
export const ASSIGNMENT = testId(60);
export const ATTEMPT = testId(61);
export const MIA = { _id: testId(71), name: 'Mia Chen', positionName: 'Storeman' };
export const ETHAN = { _id: testId(72), name: 'Ethan Clarke', positionName: 'Site Manager' };

/** The test as a trainee gets it: a single choice, a multiple choice, a true/false and a short answer. */
export const QUESTIONS = {
  single: testId(80),
  multiple: testId(81),
  trueFalse: testId(82),
  written: testId(83),
};
export const OPTION = {
  forks: testId(90),
  radio: testId(91),
  tyres: testId(92),
  horn: testId(93),
  lunch: testId(94),
};

export function traineeCourse(): TTraineeCourse {
  return {
    versionNumber: 1,
    introduction: 'Drivers refresh the rules every year.',
    sections: [
      {
        _id: testId(10),
        title: 'Before you drive',
        body: '<p>Check the forks.</p>',
        videoUrl: 'https://video.example/forks',
        fileIds: [MANUAL._id],
      },
    ],
    questions: [
      {
        _id: QUESTIONS.single,
        kind: 'singleChoice',
        text: 'What do you check first?',
        options: [
          { _id: OPTION.forks, text: 'The forks' },
          { _id: OPTION.radio, text: 'The radio' },
        ],
        points: 1,
      },
      {
        _id: QUESTIONS.multiple,
        kind: 'multipleChoice',
        text: 'What do you check daily?',
        options: [
          { _id: OPTION.tyres, text: 'Tyres' },
          { _id: OPTION.horn, text: 'Horn' },
          { _id: OPTION.lunch, text: 'Lunch' },
        ],
        points: 2,
      },
      { _id: QUESTIONS.trueFalse, kind: 'trueFalse', text: 'Forks travel low.', options: [], points: 1 },
      { _id: QUESTIONS.written, kind: 'shortAnswer', text: 'Why check the forks?', options: [], points: 2 },
    ],
    passMark: 80,
    expectedMinutes: 20,
    files: [MANUAL],
  };
}

export function assignmentRow(over: Partial<TTrainingAssignmentRow> = {}): TTrainingAssignmentRow {
  return {
    _id: ASSIGNMENT,
    courseId: COURSE,
    courseName: 'Forklift refresher',
    employeeId: MIA._id,
    personnelId: null,
    supplierName: null,
    employeeName: MIA.name,
    reviewerEmployeeId: ETHAN._id,
    reviewerName: ETHAN.name,
    status: 'assigned',
    completeBy: '2026-12-09',
    taskDueDateType: 'nodue',
    attemptsUsed: 0,
    attemptsAllowed: 3,
    lastAttemptId: null,
    score: null,
    passedAt: null,
    repeat: null,
    createdAt: '2026-11-25T02:00:00.000Z',
    ...over,
  };
}

export function assignmentView(over: Partial<TTrainingAssignmentView> = {}): TTrainingAssignmentView {
  return {
    ...assignmentRow(),
    message: 'Before the audit, please.',
    side: 'employee',
    course: traineeCourse(),
    attempts: [],
    inProgress: null,
    canAttempt: true,
    ...over,
  };
}

export function attemptRow(over: Partial<TTrainingAttemptRow> = {}): TTrainingAttemptRow {
  return {
    _id: ATTEMPT,
    number: 1,
    status: 'inProgress',
    score: null,
    startedAt: new Date().toISOString(),
    submittedAt: null,
    durationSeconds: null,
    ...over,
  };
}

/** Mia's first attempt, submitted: the choices scored, the short answer waiting for Ethan. */
export function attemptView(over: Partial<TTrainingAttemptView> = {}): TTrainingAttemptView {
  const [single, multiple, trueFalse, written] = traineeCourse().questions as [
    TTraineeQuestion,
    TTraineeQuestion,
    TTraineeQuestion,
    TTraineeQuestion,
  ];
  return {
    ...attemptRow({
      status: 'awaitingReview',
      submittedAt: '2026-11-28T03:00:00.000Z',
      durationSeconds: 305,
    }),
    assignmentId: ASSIGNMENT,
    courseId: COURSE,
    courseName: 'Forklift refresher',
    versionNumber: 1,
    employeeId: MIA._id,
    personnelId: null,
    employeeName: MIA.name,
    reviewerName: ETHAN.name,
    reviewComment: null,
    reviewedAt: null,
    points: null,
    maxPoints: 6,
    passMark: 80,
    attemptsUsed: 1,
    attemptsAllowed: 3,
    assignmentStatus: 'awaitingReview',
    side: 'reviewer',
    canMark: true,
    canRetest: false,
    questions: [
      { ...single, answer: [OPTION.forks], result: 'correct', pointsAwarded: 1, modelAnswer: null },
      { ...multiple, answer: [OPTION.tyres], result: 'incorrect', pointsAwarded: 0, modelAnswer: null },
      { ...trueFalse, answer: true, result: 'correct', pointsAwarded: 1, modelAnswer: null },
      {
        ...written,
        answer: 'Cracked forks drop loads.',
        result: 'awaitingReview',
        pointsAwarded: null,
        modelAnswer: 'A cracked fork can break under load.',
      },
    ],
    ...over,
  };
}

/** The people search of the assign dialog: everyone whose name matches. */
export const peopleSearch = {
  'POST /api/hrFormPeopleSearch': ({ body }: { body: unknown }) => {
    const search = String((body as { search?: string }).search ?? '').toLowerCase();
    return ok([MIA, ETHAN].filter((person) => person.name.toLowerCase().includes(search)));
  },
};
