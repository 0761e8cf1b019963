import {
  displayDay,
  personName,
  trainingAttemptReviewPath,
  trainingAttemptViewPath,
  trainingLinkPaths,
  trainingTakePath,
  type MailCategory,
} from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import type { OnlineTrainingAssignment } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import { actionMail } from '../../plugins/mailLayout';
import { issueLink } from '../links';

/**
 * Online training's mails: to the trainee when a course is assigned to them (or its refresher
 * comes), a few days before its complete-by day and when their attempt is marked, to the reviewer when written answers wait for marks.
 * They name the course and link to its page (a trainee who does not sign in: through a link of
 * their own); never a question or an answer.
 */

type Tx = Prisma.TransactionClient;

/** Where online training's mails go out and what their links start with. */
export type Mailing = { mail: MailQueue; publicUrl: string };

let registered: Mailing | null = null;

/**
 * Set when the area registers: other areas call assignPersonnelTraining and mailTrainingLink with
 * their transaction only, and the mails those queue go out through the app's queue.
 */
export const registerMailing = (mailing: Mailing): void => {
  registered = mailing;
};

export function registeredMailing(): Mailing {
  if (!registered) throw new Error('Online training is not registered: no mail queue.');
  return registered;
}
type Assignment = Pick<
  OnlineTrainingAssignment,
  | 'id'
  | 'companyId'
  | 'courseId'
  | 'employeeId'
  | 'personnelId'
  | 'reviewerEmployeeId'
  | 'completeBy'
  | 'message'
  | 'createdById'
>;

export type TrainingMail =
  | { kind: 'assigned' }
  | { kind: 'reminder' }
  | { kind: 'toReview'; attemptId: string }
  | { kind: 'reviewed'; attemptId: string; result: string; comment: string | null };

const CATEGORY: Record<TrainingMail['kind'], MailCategory> = {
  assigned: 'trainingAssigned',
  reminder: 'trainingAssigned',
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
    case 'reminder':
      return {
        subject: `Reminder: ${course} is due by ${facts.completeBy}`,
        title: 'Online training due soon',
        what: `The online training "${course}" is yours to complete by ${facts.completeBy}.`,
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

interface Trainee {
  name: string;
  email: string | null;
  userId: string | null;
  /** A supplier's person: the link names their company. */
  supplierId: string | null;
  /** A person who left (or was archived) is not reminded. */
  isActive: boolean;
  /** Who signs in takes the training on the screens; anyone else through a link (read+update, 30 days). */
  takesByLink: boolean;
}

/** The trainee of an assignment: its employee or its supplier's person. */
async function traineeOf(tx: Tx, assignment: Assignment): Promise<Trainee | null> {
  const { companyId } = assignment;
  const select = {
    firstName: true,
    lastName: true,
    email: true,
    isActive: true,
    user: { select: { id: true } },
  };
  if (assignment.personnelId) {
    const person = await tx.personnel.findFirst({
      where: { id: assignment.personnelId, companyId },
      select: { ...select, supplierId: true },
    });
    return (
      person && {
        name: personName(person),
        email: person.email,
        userId: person.user?.id ?? null,
        supplierId: person.supplierId,
        isActive: person.isActive,
        takesByLink: true,
      }
    );
  }
  const employee = await tx.employee.findFirst({ where: { id: assignment.employeeId!, companyId }, select });
  return (
    employee && {
      name: personName(employee),
      email: employee.email,
      userId: employee.user?.id ?? null,
      supplierId: null,
      isActive: employee.isActive,
      takesByLink: employee.user === null,
    }
  );
}

/** The path a mail links to; the trainee's through a new link of theirs when they take it by link. */
async function pathOf(
  tx: Tx,
  assignment: Assignment,
  about: TrainingMail,
  trainee: Trainee,
  createdById: string | null,
): Promise<string> {
  if (about.kind === 'toReview') return trainingAttemptReviewPath(about.attemptId);
  if (trainee.takesByLink) {
    const { token } = await issueLink(tx, {
      companyId: assignment.companyId,
      resourceType: 'trainingAssignment',
      resourceId: assignment.id,
      operations: ['read', 'update'],
      supplierId: trainee.supplierId,
      personnelId: assignment.personnelId,
      createdById,
    });
    return about.kind === 'reviewed'
      ? trainingLinkPaths.attempt(about.attemptId, token)
      : trainingLinkPaths.status(assignment.id, token);
  }
  return about.kind === 'reviewed'
    ? trainingAttemptViewPath(about.attemptId)
    : trainingTakePath(assignment.courseId, assignment.employeeId!, assignment.id);
}

/**
 * Mails the one an event is for; whether a mail was queued (none without an e-mail address). A
 * trainee who does not sign in (a supplier's person, a new starter) gets a link of their own.
 */
export async function mailAboutTraining(
  tx: Tx,
  mail: MailQueue,
  publicUrl: string,
  assignment: Assignment,
  about: TrainingMail,
  createdById: string | null = assignment.createdById,
): Promise<boolean> {
  const { companyId } = assignment;
  const [course, trainee, reviewer] = await Promise.all([
    tx.trainingCourse.findFirstOrThrow({
      where: { id: assignment.courseId, companyId },
      select: { name: true },
    }),
    traineeOf(tx, assignment),
    about.kind === 'toReview' && assignment.reviewerEmployeeId
      ? tx.employee.findFirst({
          where: { companyId, id: assignment.reviewerEmployeeId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        })
      : null,
  ]);
  if (!trainee || (about.kind === 'reminder' && !trainee.isActive)) return false;
  const recipient =
    about.kind === 'toReview'
      ? reviewer && { name: personName(reviewer), email: reviewer.email, userId: reviewer.user?.id ?? null }
      : trainee;
  if (!recipient?.email) return false;
  const note =
    about.kind === 'assigned'
      ? assignment.message && `Message: ${assignment.message}`
      : about.kind === 'reviewed' && about.comment
        ? `Comment: ${about.comment}`
        : null;
  const path = await pathOf(tx, assignment, about, trainee, createdById);
  const result = await mail.enqueue(tx, {
    companyId,
    to: recipient.email,
    userId: recipient.userId,
    category: CATEGORY[about.kind],
    content: actionMail({
      ...wording(about, {
        course: course.name,
        employee: trainee.name,
        completeBy: displayDay(dayOf(assignment.completeBy)),
      }),
      name: recipient.name,
      note: note || null,
      link: `${publicUrl.replace(/\/$/, '')}${path}`,
    }),
  });
  return result.queued;
}
