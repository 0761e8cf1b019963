import { personName } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import type { MailQueue } from '../../plugins/mail';
import { paragraph, type MailContent } from '../../plugins/mailLayout';

/** What the host's mail says of a visitor who signed in at a kiosk. */
export interface ArrivedVisitor {
  companyId: string;
  hostEmployeeId: string;
  fullName: string;
  visitorCompany: string;
  purpose: string;
  signInAt: Date;
  workplace: string;
}

/** The sign-in time as the host reads it: the organisation's time zone. */
const timeIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);

function arrivedMail(visitor: ArrivedVisitor, hostName: string, timeZone: string): MailContent {
  const lines = [
    `Name: ${visitor.fullName}`,
    ...(visitor.visitorCompany ? [`Company: ${visitor.visitorCompany}`] : []),
    `Purpose of visit: ${visitor.purpose}`,
    `Signed in: ${timeIn(visitor.signInAt, timeZone)}`,
    `Workplace: ${visitor.workplace}`,
  ];
  const intro = `Hello ${hostName},`;
  const what = `${visitor.fullName} signed in at ${visitor.workplace} to visit you.`;
  return {
    subject: `Your visitor has arrived: ${visitor.fullName}`,
    title: 'Your visitor has arrived',
    text: [intro, '', what, '', ...lines].join('\n'),
    bodyHtml: [paragraph(intro), paragraph(what), ...lines.map(paragraph)].join('\n'),
  };
}

/**
 * Tells the host employee their visitor has arrived, in the sign-in's transaction (the mail goes
 * only if the visit is kept). A host without an e-mail address is not told.
 */
export async function mailHost(tx: Prisma.TransactionClient, mail: MailQueue, visitor: ArrivedVisitor) {
  const host = await tx.employee.findFirst({
    where: { id: visitor.hostEmployeeId, companyId: visitor.companyId },
    select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
  });
  if (!host?.email) return;
  const company = await tx.company.findUniqueOrThrow({
    where: { id: visitor.companyId },
    select: { timeZone: true },
  });
  await mail.enqueue(tx, {
    companyId: visitor.companyId,
    to: host.email,
    userId: host.user?.id ?? null,
    category: 'visitorArrived',
    content: arrivedMail(visitor, personName(host), company.timeZone),
  });
}
