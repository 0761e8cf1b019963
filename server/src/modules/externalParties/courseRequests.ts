import { externalPartiesMessages, inductionExpiry, requirementMessages as say } from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import { badRequest, conflict } from '../../errors';
import type { SupplierRequirement } from '../../generated/prisma/client';
import { organisationToday } from '../../plugins/organisationDay';
import {
  assignPersonnelTraining,
  mailTrainingLink,
  meetInductionRequirements,
  OPEN_TRAINING_STATUSES,
} from '../onlineTraining';

// A requirement met by an online course (a site induction, docs/external-parties.md): instead of a
// document link, its person is given the course to take; passing it approves the requirement
// (onlineTraining's meetInductionRequirements, in the transaction that passes it).

type Tx = Prisma.TransactionClient;

/** The course a requirement type is met by: its id and name. */
export interface TypeCourse {
  id: string;
  name: string;
}

/**
 * The person's latest pass of the course, if it still meets a requirement on `today` (a course
 * taken once always does; a repeating one until its refresher is due).
 */
async function currentPass(tx: Tx, companyId: string, courseId: string, personnelId: string, today: string) {
  const passed = await tx.onlineTrainingAssignment.findFirst({
    where: { companyId, courseId, personnelId, status: 'passed', passedAt: { not: null } },
    orderBy: [{ passedAt: 'desc' }, { id: 'desc' }],
  });
  if (!passed) return null;
  const expiry = inductionExpiry(await organisationToday(tx, companyId, passed.passedAt!), passed);
  return expiry === null || expiry >= today ? passed : null;
}

/**
 * Asks the requirement's person to take its course, in the request's (or send again's)
 * transaction. A pass that still counts approves it at once; a course they have open (to take,
 * awaiting review, not passed) is linked to it and its link mailed again; else the course is
 * assigned to them, due on the requirement's due day (today, when that has passed), with its
 * reviewer and message. An approved requirement is only reminded of what is open (else 409).
 */
export async function requestCourse(
  tx: Tx,
  requirement: SupplierRequirement,
  course: TypeCourse,
  createdById: string | null,
): Promise<{ mailsQueued: number; met: boolean }> {
  const { companyId } = requirement;
  // A personnel type always names its person (checked when requested).
  const personnelId = requirement.personnelId!;
  // Two requests or sends of the person at once would both find nothing open and both assign it.
  await tx.$queryRaw`SELECT id FROM "Personnel" WHERE id = ${personnelId}::uuid FOR UPDATE`;
  const today = await organisationToday(tx, companyId);
  const approved = requirement.status === 'approved';
  const passed = await currentPass(tx, companyId, course.id, personnelId, today);
  if (passed && !approved) {
    await meetInductionRequirements(tx, passed, course.name);
    return { mailsQueued: 0, met: true };
  }
  const link = (assignmentId: string) =>
    tx.supplierRequirement.update({
      where: { id: requirement.id },
      data: { trainingAssignmentId: assignmentId },
    });
  const open = await tx.onlineTrainingAssignment.findFirst({
    where: {
      companyId,
      courseId: course.id,
      personnelId,
      status: { in: OPEN_TRAINING_STATUSES },
    },
    select: { id: true },
  });
  if (open) {
    if (!approved) await link(open.id);
    return { mailsQueued: await mailTrainingLink(tx, companyId, open.id, createdById), met: false };
  }
  if (passed) throw conflict(say.courseMet);
  const reviewer = requirement.reviewerEmployeeId;
  if (!reviewer) {
    const message = externalPartiesMessages.reviewerUnknown;
    throw badRequest(message, [{ field: 'reviewerEmployeeId', message }]);
  }
  const dueDay = dayOf(requirement.dueDate);
  const assigned = await assignPersonnelTraining(tx, {
    companyId,
    createdById,
    courseId: course.id,
    personnelIds: [personnelId],
    reviewerEmployeeId: reviewer,
    completeBy: dueDay < today ? today : dueDay,
    message: requirement.message,
  });
  await link(assigned.ids[0]!);
  return { mailsQueued: assigned.mailsQueued, met: false };
}
