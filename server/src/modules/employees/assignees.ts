import type { FrequencyUnit } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { badRequest } from '../../errors';

/** A repeat of assigned work as asked for: every `interval` (1 when not said) × `frequency`. */
export type Repeat = { frequency: FrequencyUnit; interval?: number };

/** A repeat as its two columns (`frequency`, `repeatInterval`): both null for work done once. */
export const repeatColumns = (repeat: Repeat | null | undefined) => ({
  frequency: repeat?.frequency ?? null,
  repeatInterval: repeat ? (repeat.interval ?? 1) : null,
});

/** The repeat its two columns store, as the wire has it; null for work done once. */
export const storedRepeat = (row: { frequency: FrequencyUnit | null; repeatInterval: number | null }) =>
  row.frequency ? { frequency: row.frequency, interval: row.repeatInterval ?? 1 } : null;

/** Who a piece of work goes to: chosen employees, or everyone in a position or at a workplace. */
export interface AssigneeChoice {
  employeeIds?: string[] | null | undefined;
  positionId?: string | null | undefined;
  workplaceId?: string | null | undefined;
  reviewerEmployeeId: string;
}

/** The calling area's words for what `assignees` refuses. */
export interface AssigneeMessages {
  employeeUnknown: string;
  reviewerIsAssignee: string;
  positionUnknown: string;
  workplaceUnknown: string;
  nobodyToAssign: string;
}

/** Refuses the request with `message` on `field` unless `holds`. */
export function checkField(holds: boolean, field: string, message: string): void {
  if (!holds) throw badRequest(message, [{ field, message }]);
}

/**
 * The active employees a piece of work goes to (HR forms, online training): those chosen (every one
 * must be an active employee of the organisation, the reviewer not among them), or everyone active
 * in the position or at the workplace, the reviewer left out.
 */
export async function assignees(db: Db, companyId: string, input: AssigneeChoice, say: AssigneeMessages) {
  const select = { id: true, firstName: true, lastName: true, managerEmployeeId: true } as const;
  if (input.employeeIds?.length) {
    const wanted = [...new Set(input.employeeIds)];
    const found = await db.employee.findMany({
      where: { companyId, id: { in: wanted }, isActive: true },
      select,
    });
    checkField(found.length === wanted.length, 'employeeIds', say.employeeUnknown);
    checkField(!wanted.includes(input.reviewerEmployeeId), 'reviewerEmployeeId', say.reviewerIsAssignee);
    return found;
  }
  const [group, field, unknown] = input.positionId
    ? [
        await db.position.findFirst({ where: { id: input.positionId, companyId } }),
        'positionId',
        say.positionUnknown,
      ]
    : [
        await db.workplace.findFirst({ where: { id: input.workplaceId!, companyId, isActive: true } }),
        'workplaceId',
        say.workplaceUnknown,
      ];
  checkField(group !== null, field, unknown);
  const found = await db.employee.findMany({
    where: {
      companyId,
      isActive: true,
      id: { not: input.reviewerEmployeeId },
      ...(input.positionId ? { positionId: input.positionId } : { workplaceId: input.workplaceId! }),
    },
    select,
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
  });
  checkField(found.length > 0, field, say.nobodyToAssign);
  return found;
}
