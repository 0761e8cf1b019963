import {
  coursePublishProblems,
  onlineTrainingMessages as say,
  ZTrainingCourseContent,
  type TAttachment,
  type TTraineeCourse,
  type TTraineeQuestion,
  type TTrainingCourseContent,
  type TTrainingQuestion,
} from '@compass/shared';
import sanitizeHtml from 'sanitize-html';
import type { Prisma } from '../../db/prisma';
import { badRequest } from '../../errors';
import type { Snapshot } from '../../plugins/changeLog';
import { SANITIZE_OPTIONS } from '../submissions';

/**
 * A course's content as the server keeps it: each section's HTML sanitized as the forms' rich text
 * is, the files it names checked against the course's, the figures a version copies into columns.
 */

/** A stored draft read back; one that no longer reads as content counts as none. */
export function storedDraft(value: unknown): TTrainingCourseContent | null {
  if (value === null || value === undefined) return null;
  const parsed = ZTrainingCourseContent.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A published version's content: written by publish only, so one that does not read is a fault. */
export const storedVersion = (value: unknown): TTrainingCourseContent => ZTrainingCourseContent.parse(value);

/** The content as a JSON column keeps it. */
export const contentJson = (content: TTrainingCourseContent) => content as unknown as Prisma.InputJsonValue;

/** The content with every section's HTML sanitized (the browser shows it as HTML). */
export const sanitizedContent = (content: TTrainingCourseContent): TTrainingCourseContent => ({
  ...content,
  sections: content.sections.map((section) => ({
    ...section,
    body: sanitizeHtml(section.body, SANITIZE_OPTIONS),
  })),
});

/** Refuses a section that names a file the course does not have (deleted meanwhile, or another's). */
export function requireCourseFiles(content: TTrainingCourseContent, courseFiles: Set<string>): void {
  const problems = content.sections.flatMap((section, index) =>
    section.fileIds.every((id) => courseFiles.has(id))
      ? []
      : [{ field: `content.sections.${index}.fileIds`, message: say.fileUnknown }],
  );
  if (problems.length > 0) throw badRequest(say.fileUnknown, problems);
}

/** Refuses a draft a version could not be made of, naming each missing part on `content.…`. */
export function requirePublishable(content: TTrainingCourseContent): void {
  const problems = coursePublishProblems(content);
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
}

/** The figures a version keeps in columns for the lists and the attempts' rules. */
export const versionFigures = (content: TTrainingCourseContent) => ({
  passMark: content.passMark,
  attemptsAllowed: content.attemptsAllowed,
  expectedMinutes: content.expectedMinutes,
  questionCount: content.questions.length,
});

/** The file ids the content's sections name. */
export const namedFiles = (content: TTrainingCourseContent): Set<string> =>
  new Set(content.sections.flatMap((section) => section.fileIds));

/** The content without a file (deleted from the course). */
export const withoutFile = (content: TTrainingCourseContent, fileId: string): TTrainingCourseContent => ({
  ...content,
  sections: content.sections.map((section) => ({
    ...section,
    fileIds: section.fileIds.filter((id) => id !== fileId),
  })),
});

/**
 * A course as its change log compares it: the name, the description and what the content comes
 * to (the section titles, the test's size and rules), not every word of it.
 */
export function courseSnapshot(
  course: { name: string; description: string | null },
  content: TTrainingCourseContent | null,
): Snapshot {
  return {
    name: course.name,
    description: course.description,
    ...(content && {
      sections: content.sections.map((section) => section.title).join(', '),
      questions: content.questions.length,
      passMark: content.passMark,
      attemptsAllowed: content.attemptsAllowed,
      expectedMinutes: content.expectedMinutes,
    }),
  };
}

/**
 * A question as a trainee sees it. Picked field by field, never spread: the answer key
 * (correctOptionIds, correctAnswer, modelAnswer) cannot come along with it.
 */
export const traineeQuestion = (question: TTrainingQuestion): TTraineeQuestion => ({
  _id: question._id,
  kind: question.kind,
  text: question.text,
  options: question.options.map((option) => ({ _id: option._id, text: option.text })),
  points: question.points,
});

/** A version's content as a trainee takes it, with the course's files its sections name. */
export function traineeCourse(
  versionNumber: number,
  content: TTrainingCourseContent,
  courseFiles: TAttachment[],
): TTraineeCourse {
  const named = namedFiles(content);
  return {
    versionNumber,
    introduction: content.introduction,
    sections: content.sections.map((section) => ({
      _id: section._id,
      title: section.title,
      body: section.body,
      videoUrl: section.videoUrl,
      fileIds: [...section.fileIds],
    })),
    questions: content.questions.map(traineeQuestion),
    passMark: content.passMark,
    expectedMinutes: content.expectedMinutes,
    files: courseFiles.filter((file) => named.has(file._id)),
  };
}
