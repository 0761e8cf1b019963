import { hrFormMessages as say, occurrenceDay, personName, type THrFormAssign } from '@compass/shared';
import { dateOf, dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import type { HrFormAssignment } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { organisationToday } from '../../plugins/organisationDay';
import { assignees, checkField, namesReviewer, repeatColumns } from '../employees';
import { USABLE_TEMPLATE } from '../submissions';
import { mailAboutAssignment } from './mails';

type Tx = Prisma.TransactionClient;

/** Assigns an HR template to employees (HR has been checked); each is mailed. */
export async function assignHrForm(
  db: Db,
  mail: MailQueue,
  publicUrl: string,
  auth: AuthContext,
  input: THrFormAssign,
): Promise<{ count: number; ids: string[]; mailsQueued: number }> {
  const companyId = auth.companyId;
  const today = await organisationToday(db, companyId);
  checkField(input.dueDate >= today, 'dueDate', say.dueInPast);
  const [template, reviewer] = await Promise.all([
    db.formTemplate.findFirst({
      where: { id: input.formTemplateId, companyId, formType: 'hr', ...USABLE_TEMPLATE },
      select: { id: true, name: true },
    }),
    db.employee.findFirst({
      where: { id: input.reviewerEmployeeId, companyId, isActive: true, user: { isNot: null } },
      select: { id: true, firstName: true, lastName: true },
    }),
  ]);
  checkField(template !== null, 'formTemplateId', say.templateNotHr);
  checkField(reviewer !== null, 'reviewerEmployeeId', say.reviewerUnknown);
  const people = await assignees(db, companyId, input, say);
  checkField(
    namesReviewer(
      auth,
      reviewer!.id,
      people.map((person) => person.managerEmployeeId),
    ),
    'reviewerEmployeeId',
    say.reviewerNotManager,
  );
  return db.$transaction(async (tx) => {
    let mailsQueued = 0;
    const ids: string[] = [];
    for (const person of people) {
      const assignment = await tx.hrFormAssignment.create({
        data: {
          companyId,
          formTemplateId: template!.id,
          sectionType: 'hrAssessment',
          employeeId: person.id,
          reviewerEmployeeId: reviewer!.id,
          dueDate: dateOf(input.dueDate),
          message: input.message || null,
          createdById: auth.userId,
          ...repeatColumns(input.repeat),
        },
      });
      ids.push(assignment.id);
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'hrFormAssignment',
        entityId: assignment.id,
        action: 'assigned',
        before: null,
        after: {
          form: template!.name,
          employee: personName(person),
          reviewer: personName(reviewer!),
          dueDate: input.dueDate,
          repeat: input.repeat ?? null,
        },
      });
      if (await mailAboutAssignment(tx, mail, publicUrl, assignment, 'assigned')) mailsQueued += 1;
    }
    return { count: people.length, ids, mailsQueued };
  });
}

/**
 * The next of each repeating assignment just closed: the same form for the same employee and
 * reviewer, due one period (interval × frequency) after the closed one's due date, mailed as
 * assigning mails. None when the template is no longer published or the employee has left: the
 * repeats stop there.
 */
export async function assignNextOccurrences(
  tx: Tx,
  mail: MailQueue,
  publicUrl: string,
  closed: HrFormAssignment[],
): Promise<void> {
  for (const previous of closed) {
    if (!previous.frequency || previous.cancelledAt) continue;
    const { companyId } = previous;
    const [template, employee] = await Promise.all([
      tx.formTemplate.findFirst({
        where: { id: previous.formTemplateId, companyId, formType: 'hr', ...USABLE_TEMPLATE },
        select: { id: true },
      }),
      tx.employee.findFirst({
        where: { id: previous.employeeId, companyId, isActive: true },
        select: { id: true },
      }),
    ]);
    if (!template || !employee) continue;
    const dueDate = occurrenceDay(dayOf(previous.dueDate), previous.frequency, previous.repeatInterval ?? 1);
    const next = await tx.hrFormAssignment.create({
      data: {
        companyId,
        formTemplateId: previous.formTemplateId,
        sectionType: previous.sectionType,
        employeeId: previous.employeeId,
        reviewerEmployeeId: previous.reviewerEmployeeId,
        dueDate: dateOf(dueDate),
        message: previous.message,
        createdById: previous.createdById,
        frequency: previous.frequency,
        repeatInterval: previous.repeatInterval,
      },
    });
    await recordChange(tx, {
      companyId,
      userId: null,
      entityType: 'hrFormAssignment',
      entityId: next.id,
      action: 'assigned',
      before: null,
      after: { repeatOf: previous.id, dueDate },
    });
    await mailAboutAssignment(tx, mail, publicUrl, next, 'assigned');
  }
}
