import { z } from 'zod';
import { FREQUENCY_KEYS } from '../rules/frequency';

/**
 * What HR's assignments share (an HR form, a course): to whom — employees by id, everyone active in
 * a position, or everyone active at a workplace, exactly one of the three — and how it repeats.
 */

/** Work that repeats: the next is due `interval` × `frequency` later; `frequencyUnknown` says a wrong unit. */
export const repeatSchema = (frequencyUnknown: string) =>
  z.object({
    frequency: z.enum(FREQUENCY_KEYS, { error: frequencyUnknown }),
    interval: z.number().int().min(1).max(12).default(1),
  });

/** The three ways of naming whom an assignment is for. */
export const ASSIGNEE_FIELDS = {
  employeeIds: z.array(z.uuid()).max(500).nullish(),
  positionId: z.uuid().nullish(),
  workplaceId: z.uuid().nullish(),
};

type Assignees = {
  employeeIds?: string[] | null;
  positionId?: string | null;
  workplaceId?: string | null;
  /** A course's only: supplier personnel (site inductions). */
  personnelIds?: string[] | null;
};

/** Refuses (on employeeIds) anything but exactly one kind of assignee, in the call's own words. */
export const oneKindOfAssignee =
  (words: { whomRequired: string; whomOne: string }) =>
  (input: Assignees, context: z.RefinementCtx): void => {
    const chosen = [
      input.employeeIds?.length,
      input.positionId,
      input.workplaceId,
      input.personnelIds?.length,
    ].filter(Boolean).length;
    if (chosen !== 1)
      context.addIssue({
        code: 'custom',
        path: ['employeeIds'],
        message: chosen === 0 ? words.whomRequired : words.whomOne,
      });
  };
