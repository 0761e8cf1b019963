import { button, escapeHtml, paragraph, type MailContent } from '../../plugins/mailLayout';

/** What every form-submission notification names: the form, its number and who coordinates it. */
export interface SubmissionMailFacts {
  productName: string;
  /** The recipient's name, for the greeting. */
  name: string;
  templateName: string;
  /** 'FS 1042', or 'Draft' for a submission without a number. */
  formNumber: string;
  formDescription: string;
  coordinator: string;
  /** The submission's record view. */
  link: string;
}

/** The facts of a submission as a small table, with the values escaped. */
function submissionFacts(facts: SubmissionMailFacts): { text: string[]; html: string } {
  const rows: [string, string][] = [
    ['Form', facts.templateName],
    ['Number', facts.formNumber],
    ['Description', facts.formDescription],
    ['Coordinator', facts.coordinator],
  ];
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`),
    html:
      '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933">' +
      rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#52606d;vertical-align:top">${escapeHtml(label)}</td>` +
            `<td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('') +
      '</table>',
  };
}

/**
 * E-mail notification codes 1 and 3: a copy of a submitted form, to each copied employee and to
 * the reporter. `reporter` words it for the person who recorded the form.
 */
export function submissionSubmittedMail(facts: SubmissionMailFacts & { reporter: boolean }): MailContent {
  const subject = `${facts.formNumber} ${facts.templateName} submitted`;
  const intro = `Hello ${facts.name},`;
  const what = facts.reporter
    ? `Your ${facts.templateName} form ${facts.formNumber} has been submitted.`
    : `The ${facts.templateName} form ${facts.formNumber} has been submitted and you are copied on it.`;
  const table = submissionFacts(facts);
  return {
    subject,
    title: 'Form submitted',
    text: [intro, '', what, '', ...table.text, '', `Open the form: ${facts.link}`].join('\n'),
    bodyHtml: [paragraph(intro), paragraph(what), table.html, button('Open the form', facts.link)].join('\n'),
  };
}

/**
 * E-mail notification codes 2 and 4: a closed form, with its PDF attached, to each copied employee
 * and to the reporter.
 */
export function submissionClosedMail(
  facts: SubmissionMailFacts & { reporter: boolean; closedOn: string },
): MailContent {
  const subject = `${facts.formNumber} ${facts.templateName} closed`;
  const intro = `Hello ${facts.name},`;
  const what = facts.reporter
    ? `The ${facts.templateName} form ${facts.formNumber} you recorded was closed on ${facts.closedOn}.`
    : `The ${facts.templateName} form ${facts.formNumber} you are copied on was closed on ${facts.closedOn}.`;
  const attached = 'The closed form is attached as a PDF.';
  const table = submissionFacts(facts);
  return {
    subject,
    title: 'Form closed',
    text: [intro, '', what, '', ...table.text, '', attached, `Open the form: ${facts.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      table.html,
      paragraph(attached),
      button('Open the form', facts.link),
    ].join('\n'),
  };
}

/** The task mail of a form submission: one per new or reassigned action, to its assignee. */
export function submissionTaskMail(
  facts: SubmissionMailFacts & { instruction: string; due: string; reassigned: boolean },
): MailContent {
  const subject = `${facts.formNumber} ${facts.templateName}: an action is assigned to you`;
  const intro = `Hello ${facts.name},`;
  const what = facts.reassigned
    ? `An action of the ${facts.templateName} form ${facts.formNumber} has been reassigned to you.`
    : `An action of the ${facts.templateName} form ${facts.formNumber} has been assigned to you.`;
  const table = submissionFacts(facts);
  const task = [`Instruction: ${facts.instruction}`, `Due: ${facts.due}`];
  return {
    subject,
    title: 'Action assigned',
    text: [intro, '', what, '', ...task, '', ...table.text, '', `Open the action: ${facts.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      paragraph(task[0]!),
      paragraph(task[1]!),
      table.html,
      button('Open the action', facts.link),
    ].join('\n'),
  };
}

/**
 * An action of a form was completed: a notice to the form's coordinators and to whoever recorded
 * it (not to the one who completed it), with the response.
 */
export function actionCompletedMail(
  facts: SubmissionMailFacts & {
    completedBy: string;
    instruction: string;
    response: string;
    completedOn: string;
  },
): MailContent {
  const subject = `${facts.formNumber} ${facts.templateName}: an action was completed`;
  const intro = `Hello ${facts.name},`;
  const what = `${facts.completedBy} completed an action of the ${facts.templateName} form ${facts.formNumber} on ${facts.completedOn}.`;
  const table = submissionFacts(facts);
  const task = [`Instruction: ${facts.instruction}`, `Response: ${facts.response || '—'}`];
  return {
    subject,
    title: 'Action completed',
    text: [intro, '', what, '', ...task, '', ...table.text, '', `Open the form: ${facts.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      ...task.map(paragraph),
      table.html,
      button('Open the form', facts.link),
    ].join('\n'),
  };
}

/**
 * The copy e-mail for supplier submissions (supplier form submit): to the supplier assignment's
 * reviewer and the form's coordinator. `reviewer` words it for the person who reviews it.
 */
export function supplierSubmissionCopyMail(
  facts: SubmissionMailFacts & { supplierName: string; submittedBy: string; reviewer: boolean },
): MailContent {
  const subject = `${facts.formNumber} ${facts.templateName} submitted by ${facts.supplierName}`;
  const intro = `Hello ${facts.name},`;
  const who =
    facts.submittedBy && facts.submittedBy !== facts.supplierName
      ? `${facts.submittedBy} of ${facts.supplierName}`
      : facts.supplierName;
  const what = facts.reviewer
    ? `${who} submitted the ${facts.templateName} form ${facts.formNumber} for your review.`
    : `${who} submitted the ${facts.templateName} form ${facts.formNumber} that you coordinate.`;
  const table = submissionFacts(facts);
  return {
    subject,
    title: 'Supplier form submitted',
    text: [intro, '', what, '', ...table.text, '', `Open the form: ${facts.link}`].join('\n'),
    bodyHtml: [paragraph(intro), paragraph(what), table.html, button('Open the form', facts.link)].join('\n'),
  };
}
