import { messages, type TFormSubmissionSaveRequest } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { FormType } from '../../generated/prisma/client';
import { assignmentsOfCaller, OPEN_ASSIGNMENT, reviewerPlace } from './openAssignments';
import { day, sameJson, type StoredSubmission, type SubmissionActor } from './shapes';

/**
 * What someone outside the organisation (a supplier user, personnel, a supplier link) may save:
 * supplier forms only, a new one only of a form it is asked to fill in; the organisation's
 * coordinators, workplace and branch (the stored ones, or a new form's assignment's) and its own
 * actions stay as they are; new or changed actions go to the supplier's own personnel. The header
 * may leave the organisation's coordinators and place out but not name others; the input is
 * returned with them.
 */
export async function checkExternalSave(
  db: Db,
  auth: SubmissionActor,
  input: TFormSubmissionSaveRequest,
  template: { formType: FormType } | null,
  stored: StoredSubmission | null,
): Promise<TFormSubmissionSaveRequest> {
  if ((stored?.formType ?? template?.formType) !== 'supplier')
    throw forbidden(messages.submission.supplierFormsOnly);
  const given = stored
    ? {
        coordinators: stored.coordinators.map((row) => row.employeeId),
        workplaceId: stored.workplaceId,
        branchId: stored.branchId,
      }
    : await assignedHeader(db, auth, input.formTemplateId);
  const sentCoordinators = input.submissionUserId.map((row) => row.userId);
  if (sentCoordinators.length > 0 && !sameJson(given.coordinators, sentCoordinators))
    throw forbidden(messages.submission.coordinatorKept);
  const sentPlace = [input.workplace || null, input.branch || null];
  if (sentPlace.some(Boolean) && !sameJson([given.workplaceId, given.branchId], sentPlace))
    throw forbidden(messages.submission.placeKept);
  const organisationActions = stored ? await organisationActionIds(db, auth, stored) : new Set<string>();
  if (stored) {
    const sentTasks = new Map(input.taskData.flatMap((task) => (task._id ? [[task._id, task]] : [])));
    for (const action of stored.actions.filter((row) => organisationActions.has(row.id))) {
      const kept = sentTasks.get(action.id);
      const unchanged =
        kept !== undefined &&
        kept.investigator === (action.assigneeEmployeeId ?? action.assigneePersonnelId) &&
        kept.actionType === action.actionType &&
        kept.instruction.trim() === action.instruction &&
        kept.due === day(action.dueDate);
      if (!unchanged && !action.isComplete) throw forbidden(messages.submission.actionsOfOrganisationKept);
    }
  }
  const theirs = input.taskData.filter((task) => !(task._id && organisationActions.has(task._id)));
  if (theirs.length > 0) {
    const assignees = [...new Set(theirs.map((task) => task.investigator))];
    const ownPersonnel = auth.supplierId
      ? await db.personnel.count({
          where: { companyId: auth.companyId, supplierId: auth.supplierId, id: { in: assignees } },
        })
      : 0;
    if (theirs.some((task) => task.actionType !== 'external') || ownPersonnel !== assignees.length)
      throw forbidden(messages.submission.assigneeOutsideCompany);
  }
  return {
    ...input,
    submissionUserId: given.coordinators.map((userId) => ({ userId })),
    workplace: given.workplaceId ?? '',
    branch: given.branchId ?? '',
  };
}

/**
 * A new supplier form started by its supplier takes the header of the caller's open assignment of
 * that form (one whose form is not started yet first, as only such an assignment can take it, then
 * the one due first): its reviewer coordinates, at the reviewer's place.
 */
async function assignedHeader(db: Db, auth: SubmissionActor, formTemplateId: string) {
  const theirs = assignmentsOfCaller(auth);
  const assignment =
    theirs &&
    (await db.supplierAssignment.findFirst({
      where: { ...theirs, ...OPEN_ASSIGNMENT, formTemplateId },
      orderBy: [{ submissionId: { sort: 'asc', nulls: 'first' } }, { dueDate: 'asc' }, { id: 'asc' }],
      select: { reviewerEmployeeId: true },
    }));
  // Else saving a draft, then reading it, would show a template it may not read (templates.ts).
  if (!assignment) throw notFound(messages.submission.templateInactive);
  const reviewer = assignment.reviewerEmployeeId;
  return {
    coordinators: reviewer ? [reviewer] : [],
    ...(await reviewerPlace(db, auth.companyId, reviewer)),
  };
}

/** The actions of a stored form that the organisation raised (or assigned to its employees). */
async function organisationActionIds(
  db: Db,
  auth: SubmissionActor,
  stored: StoredSubmission,
): Promise<Set<string>> {
  const creators = [...new Set(stored.actions.flatMap((action) => action.createdByUserId ?? []))];
  const ofSupplier = new Set(
    auth.supplierId
      ? (
          await db.user.findMany({
            where: { id: { in: creators }, supplierId: auth.supplierId },
            select: { id: true },
          })
        ).map((row) => row.id)
      : [],
  );
  return new Set(
    stored.actions
      .filter(
        (action) =>
          action.assigneeEmployeeId !== null ||
          action.createdByUserId === null ||
          !ofSupplier.has(action.createdByUserId),
      )
      .map((action) => action.id),
  );
}
