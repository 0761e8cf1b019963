import {
  coursePublishProblems,
  isChoiceQuestion,
  ZTrainingCourseContent,
  ZTrainingCourseSave,
  type TTrainingCourseContent,
  type TTrainingCourseDetails,
  type TTrainingCourseSave,
  type TTrainingQuestion,
  type TrainingQuestionKind,
  type TTrainingSection,
} from '@compass/shared';
import { schemaProblems } from '../../api/errors';

/** What the editor edits: the course's name and description, and its draft. */
export interface CourseForm {
  name: string;
  description: string;
  content: TTrainingCourseContent;
}

/** The problems of a course by field (`name`, `content.sections.0.title`…): each field's first. */
export type Problems = Record<string, string>;

/** The editor's start: the draft, or the published content when there is none (or an empty course). */
export function formOf(details: TTrainingCourseDetails): CourseForm {
  return {
    name: details.name,
    description: details.description ?? '',
    content: details.draft ?? details.published ?? ZTrainingCourseContent.parse({}),
  };
}

/** The save call's body for the form, at the revision the editor read. */
export function saveBody(courseId: string, revision: number, form: CourseForm): TTrainingCourseSave {
  return { _id: courseId, revision, name: form.name, description: form.description, content: form.content };
}

/**
 * What the server would refuse, found before sending: the save's schema (names, ranges, links) and,
 * for a publish, the publish rule. Their fields are the server's, so its own 400 lands on the same
 * controls.
 */
export function formProblems(
  body: TTrainingCourseSave,
  content: TTrainingCourseContent,
  publishing: boolean,
) {
  const problems: Problems = schemaProblems(ZTrainingCourseSave, body);
  if (publishing)
    for (const problem of coursePublishProblems(content)) problems[problem.field] ??= problem.message;
  return problems;
}

const newId = () => crypto.randomUUID();

export const newSection = (): TTrainingSection => ({
  _id: newId(),
  title: '',
  body: '',
  videoUrl: null,
  fileIds: [],
});

export const newOption = () => ({ _id: newId(), text: '' });

export const newQuestion = (): TTrainingQuestion => ({
  _id: newId(),
  kind: 'singleChoice',
  text: '',
  options: [newOption(), newOption()],
  correctOptionIds: [],
  correctAnswer: null,
  modelAnswer: null,
  points: 1,
});

/**
 * A question turned into another kind: its text and points stay; a choice keeps its answers (one
 * correct at most for a single choice), the other kinds start their answer key afresh.
 */
export function withKind(question: TTrainingQuestion, kind: TrainingQuestionKind): TTrainingQuestion {
  const choice = isChoiceQuestion(kind);
  const options = choice && question.options.length === 0 ? [newOption(), newOption()] : question.options;
  return {
    ...question,
    kind,
    options: choice ? options : [],
    correctOptionIds: !choice
      ? []
      : kind === 'singleChoice'
        ? question.correctOptionIds.slice(0, 1)
        : question.correctOptionIds,
    correctAnswer: null,
    modelAnswer: kind === 'shortAnswer' ? question.modelAnswer : null,
  };
}

/** The list with the item at `index` moved one place (`by` -1: up, 1: down). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The list with the item at `index` changed. */
export const changedAt = <T>(list: readonly T[], index: number, patch: Partial<T>): T[] =>
  list.map((item, at) => (at === index ? { ...item, ...patch } : item));

/** The list without the item at `index`. */
export const removedAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, at) => at !== index);

/** Where a problem's field is, for the summary: "Settings", "Section 2", "Question 3". */
export function placeOf(field: string): string {
  const item = /^content\.(sections|questions)\.(\d+)/.exec(field);
  if (item) return `${item[1] === 'sections' ? 'Section' : 'Question'} ${Number(item[2]) + 1}`;
  if (field === 'content.sections') return 'Sections';
  if (field === 'content.questions') return 'Test';
  if (field === 'content.introduction') return 'Introduction';
  return 'Settings';
}

/** The problems under `prefix` (`content.questions.2.`), by the rest of their field. */
export function problemsUnder(problems: Problems, prefix: string): Problems {
  return Object.fromEntries(
    Object.entries(problems)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => [field.slice(prefix.length), message]),
  );
}
