import { displayDay, personName, requirementProvidePath, requirementReviewPath } from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import type { SupplierRequirement as RequirementRow } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import { issueLink } from '../links';
import { supplierRequirementMail, supplierRequirementSentMail } from '../mail';
import { supplierRecipients } from './recipients';

type Tx = Prisma.TransactionClient;

/** The mails of a requirement: to the party that provides the document, and to its reviewer. */
export class RequirementMail {
  constructor(
    private readonly mail: MailQueue,
    private readonly options: { publicUrl: string; productName: string },
  ) {}

  /** Mails the party that provides the document, each recipient with a link of their own. */
  async toProvider(
    tx: Tx,
    requirement: RequirementRow,
    kind: 'request' | 'reminder' | 'rejected' | 'expiring',
    createdById: string | null,
  ): Promise<number> {
    const companyId = requirement.companyId;
    const [organisation, type, recipients] = await Promise.all([
      tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
      tx.requirementType.findFirstOrThrow({
        where: { id: requirement.requirementTypeId, companyId },
        select: { name: true },
      }),
      supplierRecipients(tx, requirement),
    ]);
    const base = this.options.publicUrl.replace(/\/$/, '');
    let queued = 0;
    for (const recipient of recipients) {
      const link = await issueLink(tx, {
        companyId,
        resourceType: 'supplierRequirement',
        resourceId: requirement.id,
        operations: ['read', 'update'],
        supplierId: requirement.supplierId,
        personnelId: requirement.personnelId,
        createdById,
      });
      const result = await this.mail.enqueue(tx, {
        companyId,
        to: recipient.email,
        userId: recipient.userId,
        category: 'supplierRequirement',
        content: supplierRequirementMail({
          kind,
          productName: this.options.productName,
          organisation: organisation.name,
          name: recipient.name,
          documentName: type.name,
          dueDate: displayDay(dayOf(requirement.dueDate)),
          expiryDate: requirement.expiryDate ? displayDay(dayOf(requirement.expiryDate)) : null,
          message: kind === 'rejected' ? requirement.rejectionReason : requirement.message,
          link: `${base}${requirementProvidePath({ _id: requirement.id, personnelId: requirement.personnelId }, link.token)}`,
          signInLink: recipient.userId ? `${base}/login` : null,
        }),
      });
      if (result.queued) queued += 1;
    }
    return queued;
  }

  async toReviewer(tx: Tx, requirement: RequirementRow, typeName: string) {
    if (!requirement.reviewerEmployeeId) return;
    const companyId = requirement.companyId;
    const [reviewer, supplier, person] = await Promise.all([
      tx.employee.findFirst({
        where: { id: requirement.reviewerEmployeeId, companyId },
        select: { firstName: true, lastName: true, email: true, user: { select: { id: true, email: true } } },
      }),
      tx.supplierCompany.findFirstOrThrow({ where: { id: requirement.supplierId, companyId } }),
      requirement.personnelId
        ? tx.personnel.findFirst({ where: { id: requirement.personnelId, companyId } })
        : null,
    ]);
    const to = reviewer?.user?.email ?? reviewer?.email;
    if (!reviewer || !to) return;
    await this.mail.enqueue(tx, {
      companyId,
      to,
      userId: reviewer.user?.id ?? null,
      category: 'supplierRequirementSent',
      content: supplierRequirementSentMail({
        name: personName(reviewer),
        supplierName: person ? `${personName(person)} of ${supplier.name}` : supplier.name,
        documentName: typeName,
        expiryDate: requirement.expiryDate ? displayDay(dayOf(requirement.expiryDate)) : null,
        link: `${this.options.publicUrl.replace(/\/$/, '')}${requirementReviewPath({ _id: requirement.id, supplierId: requirement.supplierId, personnelId: requirement.personnelId })}`,
      }),
    });
  }
}
