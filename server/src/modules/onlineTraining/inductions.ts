import {
  inductionExpiry,
  requirementMessages,
  type FrequencyUnit,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import { dateOf, dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { recordChange } from '../../plugins/changeLog';
import { organisationToday } from '../../plugins/organisationDay';

/**
 * Site inductions (docs/external-parties.md, "Site inductions"): a supplier's person meets a
 * requirement whose type is met by an online course by passing that course. The requirement rows are
 * External Parties'; what a pass does to them is written here, in the transaction that passes the
 * assignment, so the two never disagree.
 */

type Tx = Prisma.TransactionClient;

/** A passed assignment, as what it meets needs it. */
export interface PassedAssignment {
  id: string;
  companyId: string;
  courseId: string;
  personnelId: string | null;
  score: number | null;
  passedAt: Date | null;
  frequency: FrequencyUnit | null;
  repeatInterval: number | null;
}

/**
 * Approves the person's requirements met by the course: those still to provide or rejected whose
 * type the course meets, or which name the assignment; and renews those approved by an earlier pass
 * of a repeating course (they carry its refresher day). Each gets what a reviewer's approval writes —
 * reviewed by the system — with the note of the pass and, as expiry, the refresher's due day (none
 * for a course taken once). Returns how many were approved.
 */
export async function meetInductionRequirements(
  tx: Tx,
  assignment: PassedAssignment,
  courseName: string,
): Promise<number> {
  const { companyId, personnelId } = assignment;
  if (!personnelId || !assignment.passedAt) return 0;
  const types = await tx.requirementType.findMany({
    where: { companyId, trainingCourseId: assignment.courseId },
    select: { id: true },
  });
  const ofCourse = {
    OR: [
      { requirementTypeId: { in: types.map((type) => type.id) } },
      { trainingAssignmentId: assignment.id },
    ],
  };
  const requirements = await tx.supplierRequirement.findMany({
    where: {
      companyId,
      personnelId,
      AND: [
        ofCourse,
        {
          OR: [
            { status: { in: ['pending', 'rejected'] } },
            { status: 'approved', expiryDate: { not: null } },
          ],
        },
      ],
    },
  });
  if (requirements.length === 0) return 0;
  const passDay = await organisationToday(tx, companyId, assignment.passedAt);
  const expiryDate = inductionExpiry(passDay, assignment);
  const score = assignment.score ?? 0;
  const note = requirementMessages.passedCourse(courseName, score);
  let met = 0;
  for (const requirement of requirements) {
    const claimed = await tx.supplierRequirement.updateMany({
      where: { id: requirement.id, status: requirement.status },
      data: {
        status: 'approved',
        trainingAssignmentId: assignment.id,
        note,
        expiryDate: expiryDate ? dateOf(expiryDate) : null,
        reviewedAt: new Date(),
        reviewedById: null,
        rejectionReason: null,
        expiryReminderSentAt: null,
      },
    });
    if (claimed.count !== 1) continue;
    met += 1;
    await recordChange(tx, {
      companyId,
      userId: null,
      entityType: 'supplierRequirement',
      entityId: requirement.id,
      action: 'approved',
      before: { status: requirement.status, expiryDate: dayOf(requirement.expiryDate) },
      after: { status: 'approved', expiryDate, course: courseName, score },
    });
  }
  return met;
}

/** What a requirement's page shows of the assignment of its course (none yet: all null). */
export async function inductionOf(
  db: Db | Tx,
  companyId: string,
  assignmentId: string | null,
): Promise<Omit<NonNullable<TSupplierRequirementDetails['training']>, 'courseName'>> {
  const assignment = assignmentId
    ? await db.onlineTrainingAssignment.findFirst({
        where: { id: assignmentId, companyId },
        select: { id: true, status: true, score: true, passedAt: true },
      })
    : null;
  return {
    assignmentId: assignment?.id ?? null,
    status: assignment?.status ?? null,
    score: assignment?.score ?? null,
    passedAt: assignment?.passedAt?.toISOString() ?? null,
  };
}
