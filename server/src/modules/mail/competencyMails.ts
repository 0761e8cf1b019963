import { button, paragraph, type MailContent } from '../../plugins/mailLayout';

/**
 * A competency's expiry reminder (docs/human-resources.md, "Expiry reminders"): to the employee
 * when their latest record of it comes within the expiring window, with a copy to their manager.
 * The link opens the employee's competencies, where the renewal is added.
 */
export function competencyExpiryMail(input: {
  /** The employee the competency is theirs. */
  name: string;
  competency: string;
  /** dd/MM/yyyy */
  expiresOn: string;
  /** Their manager, named when the copy goes to them. */
  managerName: string | null;
  link: string;
}): MailContent {
  const intro = `Hello ${input.name},`;
  const what = `Your ${input.competency} expires on ${input.expiresOn}. Please renew it and add the new record with its evidence.`;
  const facts = input.managerName
    ? [`A copy of this reminder goes to your manager, ${input.managerName}.`]
    : [];
  return {
    subject: `Reminder: ${input.competency} expires on ${input.expiresOn}`,
    title: 'A competency expires soon',
    text: [intro, '', what, ...facts, '', `Open your competencies: ${input.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      ...facts.map(paragraph),
      button('Open your competencies', input.link),
    ].join('\n'),
  };
}
