import {
  hrFormEditorPath,
  hrFormMessages as say,
  personName,
  type THrFormAssign,
  type THrFormAssignOptions,
  type THrFormDetails,
  type THrFormPerson,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { emptySql, sql, uuid } from '../../db/sql';
import type { Reader } from '../../db/reader';
import { conflict, notFound } from '../../errors';
import type { HrFormAssignment } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { organisationToday } from '../../plugins/organisationDay';
import { historyOf } from '../changeLog';
import { employeeSearch } from '../employees';
import { reviewerPlace, USABLE_TEMPLATE } from '../submissions';
import { dateOf } from '../../db/days';
import { assignHrForm, assignNextOccurrences } from './assign';
import { mailAboutAssignment } from './mails';
import {
  assignmentForCaller,
  employeesAssignment,
  HR_FORM,
  requireHrForms,
  reviewersAssignment,
  sideOf,
} from './policy';
import type { HrFormRegister } from './register';

type Tx = Prisma.TransactionClient;

/**
 * Assigned HR forms: assigning, the employee's form (started on first open), its submission
 * (the forms' save tells this area: `submitted`), the reviewer's return, HR's withdrawal, and the
 * next of a repeating one when it closes (close-off tells this area: `closed`).
 */
export class HrFormService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly mail: MailQueue,
    readonly register: HrFormRegister,
    private readonly publicUrl: string,
  ) {}

  /** The assign dialog's pick lists; the route checks HR on every call, before its cache. */
  async assignOptions(auth: AuthContext): Promise<THrFormAssignOptions> {
    const companyId = auth.companyId;
    const named = { select: { id: true, name: true }, orderBy: { name: 'asc' } } as const;
    const [templates, positions, workplaces] = await Promise.all([
      this.db.formTemplate.findMany({ where: { companyId, formType: 'hr', ...USABLE_TEMPLATE }, ...named }),
      this.db.position.findMany({ where: { companyId }, ...named }),
      this.db.workplace.findMany({ where: { companyId, isActive: true }, ...named }),
    ]);
    const refs = (rows: { id: string; name: string }[]) =>
      rows.map((row) => ({ _id: row.id, name: row.name }));
    return { templates: refs(templates), positions: refs(positions), workplaces: refs(workplaces) };
  }

  /** Active employees matching the search; reviewers only among those who sign in. */
  async people(auth: AuthContext, search: string | undefined, role: 'assignee' | 'reviewer') {
    requireHrForms(auth);
    const company = uuid(auth.companyId);
    const words = search?.trim();
    const rows = await this.reader.rows<{
      id: string;
      firstName: string;
      lastName: string;
      positionName: string | null;
    }>(
      sql`SELECT e.id, e."firstName", e."lastName", p.name AS "positionName" FROM "Employee" e
        LEFT JOIN "Position" p ON p.id = e."positionId" AND p."companyId" = e."companyId"
        WHERE e."companyId" = ${company} AND e."isActive"
          ${role === 'reviewer' ? sql`AND EXISTS (SELECT 1 FROM "User" u WHERE u."employeeId" = e.id AND u."companyId" = e."companyId")` : emptySql}
          ${words ? sql`AND ${employeeSearch(words, () => [sql`false`])}` : emptySql}
        ORDER BY e."firstName", e."lastName", e.id LIMIT 20`,
    );
    return rows.map((row): THrFormPerson => ({
      _id: row.id,
      name: personName(row),
      positionName: row.positionName,
    }));
  }

  assign(auth: AuthContext, input: THrFormAssign) {
    requireHrForms(auth);
    return assignHrForm(this.db, this.mail, this.publicUrl, auth, input);
  }

  async details(auth: AuthContext, id: string): Promise<THrFormDetails> {
    const { assignment, side } = await assignmentForCaller(this.db, auth, id);
    const [row, history] = await Promise.all([
      this.register.row(auth.companyId, assignment.id),
      historyOf(
        this.reader,
        auth.companyId,
        { type: 'hrFormAssignment', id: assignment.id },
        (action, changes) =>
          action === 'returned' ? String(changes.reviewComment?.[1] ?? '') || null : null,
      ),
    ]);
    return {
      ...row,
      message: assignment.message,
      reviewComment: assignment.reviewComment,
      side,
      canFill: side === 'employee' && row.status === 'assigned',
      canReview: assignment.reviewerEmployeeId === auth.employeeId && row.status === 'submitted',
      canCancel: side === 'hr' && row.status === 'assigned',
      history,
    };
  }

  /**
   * Its employee opens the form: the first open starts it — a draft HR form of the template,
   * recorded by the employee, at their workplace, with the reviewer as its coordinator.
   */
  async open(auth: AuthContext, id: string) {
    const assignment = await employeesAssignment(this.db, auth, id);
    if (assignment.status !== 'assigned' || assignment.cancelledAt) throw conflict(say.finished);
    const submissionId = assignment.submissionId ?? (await this.startForm(assignment, auth.userId));
    return { submissionId, path: hrFormEditorPath(submissionId, assignment.id) };
  }

  private async startForm(assignment: HrFormAssignment, userId: string): Promise<string> {
    const { companyId } = assignment;
    const template = await this.db.formTemplate.findFirst({
      where: { id: assignment.formTemplateId, companyId, formType: 'hr', ...USABLE_TEMPLATE },
      include: { versions: { select: { id: true, version: true } } },
    });
    const version = template?.versions.find((row) => row.version === template.currentVersion);
    if (!template || !version) throw conflict(say.formWithdrawn);
    return this.db.$transaction(async (tx) => {
      const [place, today] = await Promise.all([
        reviewerPlace(tx, companyId, assignment.employeeId),
        organisationToday(tx, companyId),
      ]);
      const submission = await tx.formSubmission.create({
        data: {
          companyId,
          templateId: template.id,
          templateVersionId: version.id,
          formType: 'hr',
          formDescription: template.name,
          formDate: dateOf(today),
          createdByUserId: userId,
          recordedByEmployeeId: assignment.employeeId,
          ...place,
        },
      });
      if (assignment.reviewerEmployeeId)
        await tx.submissionCoordinator.create({
          data: {
            companyId,
            submissionId: submission.id,
            employeeId: assignment.reviewerEmployeeId,
            position: 0,
          },
        });
      // Two first opens at once start one form: the later one's transaction is undone.
      const claimed = await tx.hrFormAssignment.updateMany({
        where: { id: assignment.id, companyId, submissionId: null },
        data: { submissionId: submission.id },
      });
      if (claimed.count !== 1) throw conflict(say.finished);
      return submission.id;
    });
  }

  /**
   * The forms' save submitted an HR form (in its transaction): its open assignment is submitted,
   * its coordinator kept the assignment's reviewer, and the reviewer told. Mails queued.
   */
  async submitted(tx: Tx, ref: { companyId: string; submissionId: string }): Promise<number> {
    const assignment = await tx.hrFormAssignment.findFirst({
      where: { ...ref, ...HR_FORM, status: 'assigned', cancelledAt: null },
    });
    if (!assignment) return 0;
    await tx.hrFormAssignment.update({ where: { id: assignment.id }, data: { status: 'submitted' } });
    if (assignment.reviewerEmployeeId) {
      // The employee's save names the coordinators; the reviewer is the one who closes it.
      await tx.submissionCoordinator.deleteMany({ where: ref });
      await tx.submissionCoordinator.create({
        data: { ...ref, employeeId: assignment.reviewerEmployeeId, position: 0 },
      });
    }
    await recordChange(tx, {
      companyId: ref.companyId,
      userId: null,
      entityType: 'hrFormAssignment',
      entityId: assignment.id,
      action: 'submitted',
      before: { status: 'assigned' },
      after: { status: 'submitted' },
    });
    const mailed = await mailAboutAssignment(tx, this.mail, this.publicUrl, assignment, 'submitted');
    return mailed ? 1 : 0;
  }

  /** Close-off closed these assignments (in its transaction): the repeating ones get their next. */
  async closed(tx: Tx, ids: string[]): Promise<void> {
    const closed = await tx.hrFormAssignment.findMany({
      where: { id: { in: ids }, frequency: { not: null } },
    });
    await assignNextOccurrences(tx, this.mail, this.publicUrl, closed);
  }

  /**
   * The reviewer returns a submitted form with a comment: the assignment is the employee's again and
   * its form a draft they change and submit again; they are mailed the comment.
   */
  async returnToEmployee(auth: AuthContext, id: string, comment: string) {
    await this.db.$transaction(async (tx) => {
      const assignment = await reviewersAssignment(tx, auth, id);
      const claimed = await tx.hrFormAssignment.updateMany({
        where: { id, companyId: auth.companyId, status: 'submitted' },
        data: { status: 'assigned', reviewComment: comment, returnCount: { increment: 1 } },
      });
      if (claimed.count !== 1 || !assignment.submissionId) throw conflict(say.notSubmitted);
      const reopened = await tx.formSubmission.updateMany({
        where: { id: assignment.submissionId, companyId: auth.companyId, isClosed: false },
        data: { isDraft: true, version: { increment: 1 } },
      });
      if (reopened.count !== 1) throw conflict(say.notSubmitted);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'hrFormAssignment',
        entityId: id,
        action: 'returned',
        before: { status: 'submitted', reviewComment: assignment.reviewComment },
        after: { status: 'assigned', reviewComment: comment },
      });
      await mailAboutAssignment(
        tx,
        this.mail,
        this.publicUrl,
        { ...assignment, reviewComment: comment },
        'returned',
      );
    });
  }

  /** 001 §7 "Find assign form for hr": the assignment of a submission, for whoever may see it. */
  async ofSubmission(auth: AuthContext, submissionId: string) {
    const assignments = await this.db.hrFormAssignment.findMany({
      where: { companyId: auth.companyId, submissionId, ...HR_FORM },
      orderBy: { createdAt: 'desc' },
    });
    const seen = assignments.find((assignment) => sideOf(auth, assignment) !== null);
    if (!seen) throw notFound();
    return { _id: seen.id };
  }

  /** HR withdraws an assignment not yet submitted: it is closed as cancelled, and no repeat follows. */
  async cancel(auth: AuthContext, id: string) {
    requireHrForms(auth);
    await this.db.$transaction(async (tx) => {
      const claimed = await tx.hrFormAssignment.updateMany({
        where: { id, companyId: auth.companyId, ...HR_FORM, status: 'assigned', cancelledAt: null },
        data: { status: 'closed', cancelledAt: new Date() },
      });
      if (claimed.count !== 1) {
        await assignmentForCaller(tx, auth, id);
        throw conflict(say.notOpen);
      }
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'hrFormAssignment',
        entityId: id,
        action: 'cancelled',
        before: { status: 'assigned' },
        after: { status: 'cancelled' },
      });
    });
  }
}
