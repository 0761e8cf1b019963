import { z } from 'zod';
import { defineCall } from './call';
import { trainingHrAdmin, ZTrainingId, ZTrainingRepeat } from './trainingAssignments';

/**
 * A course assigned to a position that stands (issue 43): whoever joins the position later is
 * assigned the course too, due `completeWithinDays` after joining, until HR stops it. Made by
 * trainingAssign with a position and followPosition; docs/online-training.md.
 */

/** A course's standing assignment to a position (live ones, newest first). */
export const ZTrainingPositionRule = z.object({
  _id: z.uuid(),
  courseId: z.uuid(),
  positionId: z.uuid(),
  positionName: z.string(),
  reviewerEmployeeId: z.uuid(),
  reviewerName: z.string(),
  completeWithinDays: z.number().int(),
  repeat: ZTrainingRepeat.nullable(),
  createdAt: z.string(),
});
export type TTrainingPositionRule = z.output<typeof ZTrainingPositionRule>;

export const trainingPositionRuleListCall = defineCall({
  method: 'POST',
  path: '/trainingPositionRuleList',
  tags: ['onlineTraining'],
  summary: 'A course’s standing assignments to positions: who joins the position is assigned it (hrAdmin)',
  access: trainingHrAdmin,
  body: z.object({ courseId: z.uuid() }),
  response: z.object({ rows: z.array(ZTrainingPositionRule) }),
});

export const trainingPositionRuleStopCall = defineCall({
  method: 'POST',
  path: '/trainingPositionRuleStop',
  tags: ['onlineTraining'],
  summary: 'Stop a standing assignment: people joining the position from now on are not assigned (hrAdmin)',
  access: trainingHrAdmin,
  body: ZTrainingId,
  response: z.object({ ok: z.literal(true) }),
});
