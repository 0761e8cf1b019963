import { z } from 'zod';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZPage, ZVersion } from './envelope';

/**
 * Online training (issue 43): HR's catalogue of courses — content (sections of rich text, video
 * links and files) and a test (single and multiple choice, true/false, short answers the reviewer
 * marks) with a pass mark, the attempts allowed and the expected duration — published in versions
 * as templates are. The catalogue's calls are HR's (hrAdmin): they carry the answer key, which
 * reaches no one else. docs/online-training.md has the decisions.
 */
export const onlineTrainingMessages = {
  nameRequired: 'Please enter the name of the course.',
  nameTaken: 'A course with this name already exists.',
  saved: 'Course saved.',
  published: (version: number) => `Version ${version} published: new attempts take it.`,
  discarded: 'The unpublished changes were discarded.',
  nothingToPublish: 'There are no unpublished changes to publish.',
  nothingToDiscard: 'There are no unpublished changes to discard.',
  neverPublished: 'This course has never been published: there is no version to go back to.',
  deactivated: 'The course is no longer in use; its versions stay.',
  reactivated: 'The course is in use again.',
  stale: 'Someone else changed this course. Reload it and try again.',
  versionUnknown: 'This version of the course does not exist.',
  sectionsRequired: 'Add at least one section of content.',
  sectionTitleRequired: 'Please enter the title of the section.',
  sectionEmpty: 'A section needs its text, a video link or a file.',
  videoUrl: 'A video link is a web address starting with https://.',
  questionsRequired: 'Add at least one question to the test.',
  questionTextRequired: 'Please enter the question.',
  optionsCount: 'A choice question has from 2 to 8 answers.',
  optionTextRequired: 'Please enter the answer.',
  optionsRepeated: 'Two answers of a question are the same.',
  oneCorrect: 'Mark the one correct answer.',
  someCorrect: 'Mark at least one correct answer.',
  trueOrFalse: 'Choose whether the statement is true or false.',
  pointsRange: 'A question is worth from 1 to 10 points.',
  passMarkRange: 'The pass mark is a whole percent from 1 to 100.',
  attemptsRange: 'Allow from 1 to 10 attempts.',
  minutesRange: 'The expected duration is from 1 to 600 minutes.',
  fileUnknown: 'A file is not one of this course’s: reload it and try again.',
  filesAdded: 'Files added.',
  fileDeleted: 'The file has been deleted.',
  fileInUse: 'A published version shows this file, so it stays with the course.',
  filesRequired: 'Choose at least one file.',
} as const;
const say = onlineTrainingMessages;

export const TRAINING_QUESTION_KINDS = [
  'singleChoice',
  'multipleChoice',
  'trueFalse',
  'shortAnswer',
] as const;
export type TrainingQuestionKind = (typeof TRAINING_QUESTION_KINDS)[number];
export const TRAINING_QUESTION_KIND_LABELS: Record<TrainingQuestionKind, string> = {
  singleChoice: 'Single choice',
  multipleChoice: 'Multiple choice',
  trueFalse: 'True / false',
  shortAnswer: 'Short answer (marked by the reviewer)',
};

/** The choice kinds: their answers are options, one or several of them correct. */
export const isChoiceQuestion = (kind: TrainingQuestionKind): boolean =>
  kind === 'singleChoice' || kind === 'multipleChoice';

/** Limits of a course's content (the editor shows them, the server enforces them). */
export const TRAINING_LIMITS = {
  sections: 30,
  questions: 100,
  options: 8,
  filesPerSection: 10,
  sectionBody: 50_000,
} as const;

/** A new course's settings. */
export const TRAINING_DEFAULTS = { passMark: 80, attemptsAllowed: 3, expectedMinutes: 30 } as const;

const text = (max: number) => z.string().trim().max(max);
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const ZTrainingOption = z.object({ _id: z.uuid(), text: text(500) });
export type TTrainingOption = z.output<typeof ZTrainingOption>;

/**
 * A question with its answer key: `correctOptionIds` for the choice kinds (one for single
 * choice), `correctAnswer` for true/false, `modelAnswer` (optional guidance for the reviewer) for
 * a short answer. A draft may be incomplete; `coursePublishProblems` says what a publish needs.
 */
export const ZTrainingQuestion = z.object({
  _id: z.uuid(),
  kind: z.enum(TRAINING_QUESTION_KINDS),
  text: text(2000),
  options: z.array(ZTrainingOption).max(TRAINING_LIMITS.options, say.optionsCount).default([]),
  correctOptionIds: z.array(z.uuid()).max(TRAINING_LIMITS.options).default([]),
  correctAnswer: z.boolean().nullable().default(null),
  modelAnswer: text(2000).nullable().default(null),
  points: whole(1, 10, say.pointsRange).default(1),
});
export type TTrainingQuestion = z.output<typeof ZTrainingQuestion>;

/** A section of content: rich text (HTML, sanitized by the server), a video link and files. */
export const ZTrainingSection = z.object({
  _id: z.uuid(),
  title: text(200),
  body: z.string().max(TRAINING_LIMITS.sectionBody).default(''),
  /** null: none (an empty link is refused: the editor sends null). */
  videoUrl: z
    .string()
    .trim()
    .max(2000, say.videoUrl)
    .regex(/^https:\/\/\S+$/i, say.videoUrl)
    .nullable()
    .default(null),
  /** Files of the course (trainingCourseFilesAdd) shown in this section. */
  fileIds: z.array(z.uuid()).max(TRAINING_LIMITS.filesPerSection).default([]),
});
export type TTrainingSection = z.output<typeof ZTrainingSection>;

/** A course's content and test, as HR edits it (the draft) and as a version keeps it. */
export const ZTrainingCourseContent = z.object({
  /** Shown before the sections: what the course is for and who should take it (plain text). */
  introduction: text(5000).default(''),
  sections: z.array(ZTrainingSection).max(TRAINING_LIMITS.sections).default([]),
  questions: z.array(ZTrainingQuestion).max(TRAINING_LIMITS.questions).default([]),
  /** The score (percent of the points) that passes. */
  passMark: whole(1, 100, say.passMarkRange).default(TRAINING_DEFAULTS.passMark),
  attemptsAllowed: whole(1, 10, say.attemptsRange).default(TRAINING_DEFAULTS.attemptsAllowed),
  expectedMinutes: whole(1, 600, say.minutesRange).default(TRAINING_DEFAULTS.expectedMinutes),
});
export type TTrainingCourseContent = z.output<typeof ZTrainingCourseContent>;
export type TTrainingCourseContentInput = z.input<typeof ZTrainingCourseContent>;

export interface CourseProblem {
  field: string;
  message: string;
}

function questionProblems(question: TTrainingQuestion, at: string): CourseProblem[] {
  const problems: CourseProblem[] = [];
  if (!question.text) problems.push({ field: `${at}.text`, message: say.questionTextRequired });
  if (isChoiceQuestion(question.kind)) {
    const { options } = question;
    if (options.length < 2) problems.push({ field: `${at}.options`, message: say.optionsCount });
    options.forEach((option, index) => {
      if (!option.text)
        problems.push({ field: `${at}.options.${index}.text`, message: say.optionTextRequired });
    });
    const texts = options.map((option) => option.text.toLowerCase()).filter(Boolean);
    if (new Set(texts).size < texts.length)
      problems.push({ field: `${at}.options`, message: say.optionsRepeated });
    const ids = new Set(options.map((option) => option._id));
    const correct = question.correctOptionIds.filter((id) => ids.has(id));
    if (question.kind === 'singleChoice' && correct.length !== 1)
      problems.push({ field: `${at}.correctOptionIds`, message: say.oneCorrect });
    if (question.kind === 'multipleChoice' && correct.length === 0)
      problems.push({ field: `${at}.correctOptionIds`, message: say.someCorrect });
  }
  if (question.kind === 'trueFalse' && question.correctAnswer === null)
    problems.push({ field: `${at}.correctAnswer`, message: say.trueOrFalse });
  return problems;
}

/**
 * What stops a draft from being published (the editor shows them; the publish call answers them
 * as validation errors on `content.…`): at least one section, each titled and with something in
 * it; at least one question, each complete with its answer key.
 */
export function coursePublishProblems(content: TTrainingCourseContent): CourseProblem[] {
  const problems: CourseProblem[] = [];
  if (content.sections.length === 0)
    problems.push({ field: 'content.sections', message: say.sectionsRequired });
  content.sections.forEach((section, index) => {
    const at = `content.sections.${index}`;
    if (!section.title) problems.push({ field: `${at}.title`, message: say.sectionTitleRequired });
    const hasText = section.body.replace(/<[^>]*>/g, '').trim() !== '';
    if (!hasText && !section.videoUrl && section.fileIds.length === 0)
      problems.push({ field: `${at}.body`, message: say.sectionEmpty });
  });
  if (content.questions.length === 0)
    problems.push({ field: 'content.questions', message: say.questionsRequired });
  content.questions.forEach((question, index) =>
    problems.push(...questionProblems(question, `content.questions.${index}`)),
  );
  return problems;
}

/** The points a course's test is worth. */
export const coursePoints = (content: Pick<TTrainingCourseContent, 'questions'>): number =>
  content.questions.reduce((sum, question) => sum + question.points, 0);

// ---- The catalogue

export const ZTrainingCourseListRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  /** The course's name or description. */
  search: z.string().trim().max(200).optional(),
  /** active (default): in use; inactive: no longer in use; all: both. */
  status: z.enum(['active', 'inactive', 'all']).default('active'),
});
export type TTrainingCourseListRequest = z.input<typeof ZTrainingCourseListRequest>;

export const ZTrainingCourseRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  /** The published version's number; 0: never published. */
  currentVersion: z.number().int(),
  /** There are unpublished changes. */
  hasDraft: z.boolean(),
  /** Of the published version (null: never published). */
  questionCount: z.number().int().nullable(),
  passMark: z.number().int().nullable(),
  attemptsAllowed: z.number().int().nullable(),
  expectedMinutes: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TTrainingCourseRow = z.output<typeof ZTrainingCourseRow>;

export const ZTrainingCourseList = z.object({
  rows: z.array(ZTrainingCourseRow),
  total: z.number().int(),
  /** The count stopped at its cap (a search counts four pages ahead): `total` is the cap. */
  totalCapped: z.boolean().optional(),
});
export type TTrainingCourseList = z.output<typeof ZTrainingCourseList>;

export const ZTrainingCourseVersionRow = z.object({
  number: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  questionCount: z.number().int(),
  passMark: z.number().int(),
});
export type TTrainingCourseVersionRow = z.output<typeof ZTrainingCourseVersionRow>;

/** A course as HR edits it: the draft (or the published content when there is none), its versions and files. */
export const ZTrainingCourseDetails = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  currentVersion: z.number().int(),
  revision: z.number().int(),
  /** The unpublished changes; null when there are none. */
  draft: ZTrainingCourseContent.nullable(),
  /** The published version's content; null: never published. */
  published: ZTrainingCourseContent.nullable(),
  /** Newest first. */
  versions: z.array(ZTrainingCourseVersionRow),
  /** Every file of the course (the sections name them by id). */
  files: z.array(ZAttachment),
  updatedAt: z.string(),
});
export type TTrainingCourseDetails = z.output<typeof ZTrainingCourseDetails>;

/**
 * A new course (no `_id`: its draft is `content`, or an empty one) or a change to one: name,
 * description and the draft, at `revision` (409 when another write came first).
 */
export const ZTrainingCourseSave = z.object({
  _id: z.uuid().optional(),
  revision: ZVersion.optional(),
  name: z.string().trim().min(1, say.nameRequired).max(200),
  description: text(2000)
    .nullable()
    .optional()
    .transform((value) => value || null),
  content: ZTrainingCourseContent,
});
export type TTrainingCourseSave = z.input<typeof ZTrainingCourseSave>;
export type TTrainingCourseSaveParsed = z.output<typeof ZTrainingCourseSave>;

export const ZTrainingCourseRevision = z.object({ _id: z.uuid(), revision: ZVersion });
export type TTrainingCourseRevision = z.input<typeof ZTrainingCourseRevision>;

export const ZTrainingCourseSetActive = ZTrainingCourseRevision.extend({ isActive: z.boolean() });
export type TTrainingCourseSetActive = z.input<typeof ZTrainingCourseSetActive>;

export const ZTrainingCourseVersionRequest = z.object({ _id: z.uuid(), number: z.number().int().min(1) });
export type TTrainingCourseVersionRequest = z.input<typeof ZTrainingCourseVersionRequest>;

export const ZTrainingCourseVersion = ZTrainingCourseVersionRow.extend({ content: ZTrainingCourseContent });
export type TTrainingCourseVersion = z.output<typeof ZTrainingCourseVersion>;

export const ZTrainingCourseFilesAdd = z.object({ _id: z.uuid() });
export const ZTrainingCourseFileDelete = z.object({ _id: z.uuid(), fileId: z.uuid() });
export type TTrainingCourseFileDelete = z.input<typeof ZTrainingCourseFileDelete>;

// ---- Calls (HR: hrAdmin)

const hrAdmin = { callers: ['employee'], accessKeys: ['hrAdmin'] } as const;
const ZRevisionAnswer = z.object({ revision: z.number().int() });

export const trainingCourseListCall = defineCall({
  method: 'POST',
  path: '/trainingCourseList',
  tags: ['onlineTraining'],
  summary: 'The course catalogue: a page of courses by name, searched, in use or not',
  access: hrAdmin,
  body: ZTrainingCourseListRequest,
  response: ZTrainingCourseList,
});

export const trainingCourseDetailsCall = defineCall({
  method: 'POST',
  path: '/trainingCourseDetails',
  tags: ['onlineTraining'],
  summary: 'One course as HR edits it: draft, published content (with the answer key), versions, files',
  access: hrAdmin,
  body: z.object({ _id: z.uuid() }),
  response: ZTrainingCourseDetails,
});

export const trainingCourseSaveCall = defineCall({
  method: 'POST',
  path: '/trainingCourseSave',
  tags: ['onlineTraining'],
  summary: 'Add a course or save its name, description and draft; 409 when `revision` is stale',
  access: hrAdmin,
  body: ZTrainingCourseSave,
  response: z.object({ _id: z.uuid(), revision: z.number().int() }),
});

export const trainingCoursePublishCall = defineCall({
  method: 'POST',
  path: '/trainingCoursePublish',
  tags: ['onlineTraining'],
  summary: 'Check the draft and make it the next version (400 names what is missing); 409 when stale',
  access: hrAdmin,
  body: ZTrainingCourseRevision,
  response: z.object({ currentVersion: z.number().int(), revision: z.number().int() }),
});

export const trainingCourseDiscardCall = defineCall({
  method: 'POST',
  path: '/trainingCourseDiscard',
  tags: ['onlineTraining'],
  summary: 'Drop the unpublished changes of a published course; 409 when stale',
  access: hrAdmin,
  body: ZTrainingCourseRevision,
  response: ZRevisionAnswer,
});

export const trainingCourseSetActiveCall = defineCall({
  method: 'POST',
  path: '/trainingCourseSetActive',
  tags: ['onlineTraining'],
  summary: 'Take a course out of use or back into use; 409 when stale',
  access: hrAdmin,
  body: ZTrainingCourseSetActive,
  response: ZRevisionAnswer,
});

export const trainingCourseVersionCall = defineCall({
  method: 'POST',
  path: '/trainingCourseVersion',
  tags: ['onlineTraining'],
  summary: 'One published version of a course, as it was published',
  access: hrAdmin,
  body: ZTrainingCourseVersionRequest,
  response: ZTrainingCourseVersion,
});

export const trainingCourseFilesAddCall = defineCall({
  method: 'POST',
  path: '/trainingCourseFilesAdd',
  tags: ['onlineTraining'],
  summary: 'Add files to a course (multipart: _id and files); the draft’s sections then name them',
  access: hrAdmin,
  multipart: ZTrainingCourseFilesAdd,
  response: z.array(ZAttachment),
});

export const trainingCourseFileDeleteCall = defineCall({
  method: 'POST',
  path: '/trainingCourseFileDelete',
  tags: ['onlineTraining'],
  summary: 'Delete a file no published version shows (409 otherwise); the draft stops naming it',
  access: hrAdmin,
  body: ZTrainingCourseFileDelete,
  response: ZRevisionAnswer,
});

/** The screens' paths: the catalogue (HR Admin > Online Training) and one course's editor. */
export const ONLINE_TRAINING_ADMIN_PATH = '/human-resource/admin/online-training';
export const trainingCoursePath = (courseId: string) =>
  `${ONLINE_TRAINING_ADMIN_PATH}/${encodeURIComponent(courseId)}`;
