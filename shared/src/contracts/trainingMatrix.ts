import { z } from 'zod';
import { defineCall } from './call';
import { ZPage } from './envelope';
import { ONLINE_TRAINING_ADMIN_PATH } from './onlineTraining';

/**
 * Online training's records (issue 43): the training matrix — people × courses, where each person
 * stands in each course by their latest assignment of it (withdrawn ones aside) — on screen and as
 * CSV. HR (hrAdmin) sees every employee; a manager their direct reports; anyone else 403.
 * docs/online-training.md, "The training matrix".
 */
export const TRAINING_STANDINGS = ['done', 'due', 'overdue', 'expired', 'failed', 'notAssigned'] as const;
export type TrainingStanding = (typeof TRAINING_STANDINGS)[number];
export const TRAINING_STANDING_LABELS: Record<TrainingStanding, string> = {
  done: 'Done',
  due: 'Due',
  overdue: 'Overdue',
  expired: 'Expired',
  failed: 'Not passed',
  notAssigned: 'Not assigned',
};

/**
 * Where a person stands in a course, by their latest assignment of it: passed → done; to take or
 * awaiting review → due until its complete-by day, then overdue — or expired when it is a
 * refresher (they passed the course before); every attempt used → failed; none → notAssigned.
 */
export function trainingStanding(
  latest: { status: string; completeBy: string; passedBefore: boolean } | null,
  today: string,
): TrainingStanding {
  if (!latest || latest.status === 'cancelled') return 'notAssigned';
  if (latest.status === 'passed') return 'done';
  if (latest.status === 'failed') return 'failed';
  if (latest.completeBy >= today) return 'due';
  return latest.passedBefore ? 'expired' : 'overdue';
}

export const ZTrainingMatrixRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  /** The employee's name or number. */
  search: z.string().trim().max(200).optional(),
  workplaceId: z.uuid().optional(),
  positionId: z.uuid().optional(),
  /** One course's column only. */
  courseId: z.uuid().optional(),
  /** Employees with this standing in the course chosen, or in any course when none is. */
  standing: z.enum(['done', 'due', 'overdue', 'expired', 'failed']).optional(),
});
export type TTrainingMatrixRequest = z.input<typeof ZTrainingMatrixRequest>;

export const ZTrainingMatrixCell = z.object({
  courseId: z.uuid(),
  standing: z.enum(TRAINING_STANDINGS),
  /** yyyy-MM-dd: the pass day (done), the complete-by day (due, overdue, expired), else null. */
  day: z.string().nullable(),
  /** The latest assignment (null: not assigned). */
  assignmentId: z.uuid().nullable(),
  /** Its last submitted attempt (null: none yet): HR opens it from the cell. */
  lastAttemptId: z.uuid().nullable(),
  score: z.number().int().nullable(),
});
export type TTrainingMatrixCell = z.output<typeof ZTrainingMatrixCell>;

const ZRef = z.object({ _id: z.uuid(), name: z.string() });

export const ZTrainingMatrix = z.object({
  /** The courses in view: the one chosen, or those assigned to the page's employees, by name. */
  columns: z.array(ZRef),
  /** Employees by name; one cell per column, in the columns' order. */
  rows: z.array(
    z.object({
      employee: ZRef,
      position: z.string().nullable(),
      workplace: z.string().nullable(),
      cells: z.array(ZTrainingMatrixCell),
    }),
  ),
  total: z.number().int(),
});
export type TTrainingMatrix = z.output<typeof ZTrainingMatrix>;

export const ZTrainingMatrixExportQuery = ZTrainingMatrixRequest.omit({ page: true, pageSize: true });
export type TTrainingMatrixExportQuery = z.input<typeof ZTrainingMatrixExportQuery>;

/** HR (hrAdmin) or a manager: the service checks which. */
const employee = { callers: ['employee'] } as const;

export const trainingMatrixCall = defineCall({
  method: 'POST',
  path: '/trainingMatrix',
  tags: ['onlineTraining'],
  summary:
    'People × courses: a page of employees with where they stand in each course in view; HR ' +
    '(hrAdmin) sees everyone, a manager their direct reports',
  access: employee,
  body: ZTrainingMatrixRequest,
  response: ZTrainingMatrix,
});

export const trainingMatrixExportCall = defineCall({
  method: 'GET',
  path: '/trainingMatrixExport',
  tags: ['onlineTraining'],
  summary: 'The filtered training matrix as a CSV file (the file itself; errors in the envelope)',
  access: employee,
  query: ZTrainingMatrixExportQuery,
  response: 'file',
});

/** The matrix's screen (HR Admin > Online Training > Training matrix). */
export const TRAINING_MATRIX_PATH = `${ONLINE_TRAINING_ADMIN_PATH}/matrix`;
