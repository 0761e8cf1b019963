import {
  displayDay,
  personName,
  trainingAttemptReviewPath,
  trainingAttemptViewPath,
  trainingTakePath,
  type MailCategory,
} from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import type { OnlineTrainingAssignment } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import { actionMail } from '../../plugins/mailLayout';

/**
 * Online training's mails: to the employee when a course is assigned to them (or its refresher
 * comes) and when their attempt is marked, to the reviewer when written answers wait for marks.
 * They name the course and link to its page; never a question or an answer.
 */

type Tx = Prisma.TransactionClient;
type Assignment = Pick<
  OnlineTrainingAssignment,
  'id' | 'companyId' | 'courseId' | 'employeeId' | 'reviewerEmployeeId' | 'completeBy' | 'message'
>;

export type TrainingMail =
  | { kind: 'assigned' }
  | { kind: 'toReview'; attemptId: string }
  | { kind: 'reviewed'; attemptId: string; result: string; comment: string | null };

const CATEGORY: Record<TrainingMail['kind'], MailCategory> = {
  assigned: 'trainingAssigned',
  toReview: 'trainingToReview',
  reviewed: 'trainingReviewed',
};

function wording(about: TrainingMail, facts: { course: string; employee: string; completeBy: string }) {
  const { course } = facts;
  switch (about.kind) {
    case 'assigned':
      return {
        subject: `Online training to complete: ${course}`,
        title: 'Online training to complete',
        what: `You are asked to complete the online training "${course}" by ${facts.completeBy}.`,
        action: 'Open the training',
      };
    case 'toReview':
      return {
        subject: `${course}: ${facts.employee}'s answers to mark`,
        title: 'Online training to review',
        what: `${facts.employee} submitted the test of "${course}". Their written answers wait for your marks.`,
        action: 'Mark the attempt',
      };
    case 'reviewed':
      return {
        subject: `${course}: your attempt has been marked`,
        title: 'Your attempt has been marked',
        what: `Your reviewer marked your attempt at "${course}". ${about.result}`,
        action: 'View your answers',
      };
  }
}

function pathOf(assignment: Assignment, about: TrainingMail): string {
  if (about.kind === 'assigned')
    return trainingTakePath(assignment.courseId, assignment.employeeId, assignment.id);
  return about.kind === 'toReview'
    ? trainingAttemptReviewPath(about.attemptId)
    : trainingAttemptViewPath(about.attemptId);
}

/** Mails the one an event is for; whether a mail was queued (none without an e-mail address). */
export async function mailAboutTraining(
  tx: Tx,
  mail: MailQueue,
  publicUrl: string,
  assignment: Assignment,
  about: TrainingMail,
): Promise<boolean> {
  const { companyId } = assignment;
  const recipientId = about.kind === 'toReview' ? assignment.reviewerEmployeeId : assignment.employeeId;
  if (!recipientId) return false;
  const [course, people] = await Promise.all([
    tx.trainingCourse.findFirstOrThrow({
      where: { id: assignment.courseId, companyId },
      select: { name: true },
    }),
    tx.employee.findMany({
      where: { companyId, id: { in: [assignment.employeeId, recipientId] } },
      select: { id: true, firstName: true, lastName: true, email: true, user: { select: { id: true } } },
    }),
  ]);
  const recipient = people.find((person) => person.id === recipientId);
  const employee = people.find((person) => person.id === assignment.employeeId);
  if (!recipient?.email || !employee) return false;
  const note =
    about.kind === 'assigned'
      ? assignment.message && `Message: ${assignment.message}`
      : about.kind === 'reviewed' && about.comment
        ? `Comment: ${about.comment}`
        : null;
  const result = await mail.enqueue(tx, {
    companyId,
    to: recipient.email,
    userId: recipient.user?.id ?? null,
    category: CATEGORY[about.kind],
    content: actionMail({
      ...wording(about, {
        course: course.name,
        employee: personName(employee),
        completeBy: displayDay(dayOf(assignment.completeBy)),
      }),
      name: personName(recipient),
      note: note || null,
      link: `${publicUrl.replace(/\/$/, '')}${pathOf(assignment, about)}`,
    }),
  });
  return result.queued;
}
