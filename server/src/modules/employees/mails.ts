import { personName, profilePagePath } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import type { MailQueue } from '../../plugins/mail';
import { button, paragraph, type MailContent } from '../../plugins/mailLayout';

/**
 * To the employee when HR changed their private information: which fields, never the values (a
 * mailbox is no place for them), and who, so a change they did not expect is raised with HR.
 */
export function privateInfoChangedMail(input: {
  name: string;
  changedBy: string;
  fields: string[];
  link: string;
}): MailContent {
  const intro = `Hello ${input.name},`;
  const what = `${input.changedBy} changed your private information: ${input.fields.join(', ')}.`;
  const check = 'You can see it on your profile. If the change is not right, tell HR.';
  return {
    subject: 'Your private information was changed',
    title: 'Your private information was changed',
    text: [intro, '', what, '', check, '', `Open your profile: ${input.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      paragraph(check),
      button('Open your profile', input.link),
    ].join('\n'),
  };
}

/** Queues the notice in the save's transaction; none for an employee without an e-mail address. */
export async function mailPrivateInfoChanged(
  tx: Prisma.TransactionClient,
  mail: MailQueue,
  publicUrl: string,
  change: {
    employee: {
      id: string;
      companyId: string;
      firstName: string;
      lastName: string;
      email: string | null;
      user: { id: string } | null;
    };
    changedById: string | null;
    fields: string[];
  },
): Promise<void> {
  const { employee } = change;
  if (!employee.email) return;
  const changer = change.changedById
    ? await tx.employee.findFirst({
        where: { id: change.changedById, companyId: employee.companyId },
        select: { firstName: true, lastName: true },
      })
    : null;
  await mail.enqueue(tx, {
    companyId: employee.companyId,
    to: employee.email,
    userId: employee.user?.id ?? null,
    category: 'privateInfoChanged',
    content: privateInfoChangedMail({
      name: personName(employee),
      changedBy: changer ? personName(changer) : 'HR',
      fields: change.fields,
      link: `${publicUrl.replace(/\/$/, '')}${profilePagePath(employee.id)}`,
    }),
  });
}
