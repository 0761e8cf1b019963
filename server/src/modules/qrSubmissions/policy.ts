import { messages, type TQrFormRoute } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { notFound } from '../../errors';
import { USABLE_TEMPLATE } from '../submissions';

/**
 * What a guest (no session) may open and submit: the form a QR route names. The organisation,
 * template and coordinator of the route are each checked against the others: an active qr
 * template of that organisation and an active employee of it. Anything else is 404 with the
 * message naming which part is wrong.
 */
export async function guestFormOf(db: Db, route: TQrFormRoute) {
  const company = await db.company.findUnique({
    where: { id: route.companyId },
    select: { id: true, name: true },
  });
  if (!company) throw notFound(messages.qrSubmission.unknownOrganisation);
  const template = await db.formTemplate.findFirst({
    where: { id: route.formId, companyId: company.id, ...USABLE_TEMPLATE, formType: 'qr' },
    select: { id: true },
  });
  if (!template) throw notFound(messages.qrSubmission.formUnavailable);
  const coordinator = await db.employee.findFirst({
    where: { id: route.employeeId, companyId: company.id, isActive: true },
    select: { id: true, firstName: true, lastName: true },
  });
  if (!coordinator) throw notFound(messages.qrSubmission.coordinatorUnavailable);
  return { company, templateId: template.id, coordinator };
}
