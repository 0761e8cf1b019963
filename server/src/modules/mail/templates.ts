import { button, escapeHtml, paragraph, type MailContent } from '../../plugins/mailLayout';

/** The mail of POST /api/forgotPassword: a single-use link to /reset-password/{token}. */
export function passwordResetMail(input: {
  productName: string;
  name: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailContent {
  const { productName, name, username, link, validMinutes } = input;
  const subject = `Reset your ${productName} password`;
  const intro = `Hello ${name},`;
  const asked = `We received a request to reset the password of your ${productName} account "${username}".`;
  const validity = `The link works once and expires in ${validMinutes} minutes.`;
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  return {
    subject,
    title: 'Reset your password',
    text: [intro, '', asked, '', `Set a new password here: ${link}`, '', validity, ignore].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(asked),
      button('Reset password', link),
      paragraph(validity),
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

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
 * The action register reassigned actions to this person: one mail for the whole reassignment,
 * naming up to ten of them (what each is and when it is due).
 */
export function actionsReassignedMail(facts: {
  name: string;
  reassignedBy: string;
  actions: { source: string; instruction: string; due: string }[];
  total: number;
  link: string;
}): MailContent {
  const one = facts.total === 1;
  const subject = one
    ? 'An action has been reassigned to you'
    : `${facts.total} actions have been reassigned to you`;
  const intro = `Hello ${facts.name},`;
  const what = `${facts.reassignedBy} reassigned ${one ? 'an action' : `${facts.total} actions`} to you.`;
  const lines = facts.actions.map((action) => `${action.source}: ${action.instruction} (due ${action.due})`);
  if (facts.total > facts.actions.length) lines.push(`… and ${facts.total - facts.actions.length} more.`);
  return toDashboard({ subject, title: 'Actions reassigned', intro, what, lines, link: facts.link });
}

/** A mail that tells someone what is now theirs to do, line by line, and opens their dashboard. */
function toDashboard(input: {
  subject: string;
  title: string;
  intro: string;
  what: string;
  lines: string[];
  link: string;
  /** Where the link goes, when not the dashboard. */
  open?: string;
}): MailContent {
  const { intro, what, lines, link, open = 'Open your dashboard' } = input;
  return {
    subject: input.subject,
    title: input.title,
    text: [intro, '', what, '', ...lines, '', `${open}: ${link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      ...lines.map((line) => paragraph(line)),
      button(open, link),
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

/** The invitation to a new account: a link to choose the first password. */
export function invitationMail(input: {
  productName: string;
  companyName: string;
  name: string;
  username: string;
  link: string;
  validDays: number;
}): MailContent {
  const { productName, companyName, name, username, link, validDays } = input;
  const subject = `${companyName} invites you to ${productName}`;
  const intro = `Hello ${name},`;
  const invited = `${companyName} has created a ${productName} account for you. Your username is "${username}".`;
  const validity = `The link works once and expires in ${validDays} days. If it has expired, ask your administrator for a new invitation.`;
  return {
    subject,
    title: 'Set your password',
    text: [intro, '', invited, '', `Choose your password here: ${link}`, '', validity].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(invited),
      button('Set your password', link),
      paragraph(validity),
    ].join('\n'),
  };
}

/**
 * To the old address when an account's sign-in e-mail is changed: its owner learns of it even when
 * someone else changed it to take the account over (the reset mail now goes to the new address).
 */
export function signInEmailChangedMail(input: {
  productName: string;
  companyName: string;
  name: string;
  username: string;
  newEmail: string | null;
  changedBy: string;
}): MailContent {
  const { productName, companyName, name, username, newEmail, changedBy } = input;
  const subject = `The e-mail address of your ${productName} account was changed`;
  const intro = `Hello ${name},`;
  const changed = newEmail
    ? `${changedBy} changed the e-mail address of your ${companyName} account "${username}" from this address to ${newEmail}.`
    : `${changedBy} removed the e-mail address of your ${companyName} account "${username}".`;
  const effect =
    'You were signed out, and password reset and invitation links sent before the change no longer work.';
  const unexpected = `If you did not expect this, tell your ${companyName} administrator at once.`;
  return {
    subject,
    title: 'Your e-mail address was changed',
    text: [intro, '', changed, effect, '', unexpected].join('\n'),
    bodyHtml: [paragraph(intro), paragraph(changed), paragraph(effect), paragraph(unexpected)].join('\n'),
  };
}

/**
 * A supplier form to fill in: the invitation when it is assigned, the reviewer's return with a
 * comment, and the reminder before its due date. The link opens the form without signing in;
 * people with an account may also sign in and find it under Assigned Forms.
 */
export function supplierAssignmentMail(input: {
  kind: 'invitation' | 'returned' | 'reminder';
  productName: string;
  organisation: string;
  name: string;
  formName: string;
  dueDate: string;
  message: string | null;
  comment: string | null;
  link: string;
  signInLink: string | null;
}): MailContent {
  const { organisation, formName, dueDate } = input;
  const subjects = {
    invitation: `${organisation} asks you to fill in ${formName}`,
    returned: `${formName}: ${organisation} asks for changes`,
    reminder: `Reminder: ${formName} for ${organisation} is due on ${dueDate}`,
  };
  const whats = {
    invitation: `${organisation} asks you to fill in the form "${formName}" by ${dueDate}.`,
    returned: `${organisation} has looked at the form "${formName}" and returned it to you. Please change it and submit it again by ${dueDate}.`,
    reminder: `The form "${formName}" that ${organisation} asked you to fill in is due on ${dueDate} and has not been submitted yet.`,
  };
  return supplierAskMail({
    subject: subjects[input.kind],
    title: input.kind === 'returned' ? 'Changes requested' : 'A form to fill in',
    name: input.name,
    what: whats[input.kind],
    note: input.kind === 'returned' ? input.comment : input.message,
    noteLabel: input.kind === 'returned' ? 'What to change' : 'Message',
    action: 'Open the form',
    link: input.link,
    signIn: input.signInLink
      ? `You can also sign in to ${input.productName} and open it under Assigned Forms: ${input.signInLink}`
      : null,
  });
}

/** The frame of a mail that asks a supplier to act: greeting, what, a note, the link, signing in. */
function supplierAskMail(input: {
  subject: string;
  title: string;
  name: string;
  what: string;
  note: string | null;
  noteLabel: string;
  action: string;
  link: string;
  signIn: string | null;
}): MailContent {
  const intro = `Hello ${input.name},`;
  const note = input.note ? `${input.noteLabel}: ${input.note}` : null;
  return {
    subject: input.subject,
    title: input.title,
    text: [
      intro,
      '',
      input.what,
      ...(note ? ['', note] : []),
      '',
      `${input.action}: ${input.link}`,
      ...(input.signIn ? ['', input.signIn] : []),
    ].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(input.what),
      ...(note ? [paragraph(note)] : []),
      button(input.action, input.link),
      ...(input.signIn ? [paragraph(input.signIn)] : []),
    ].join('\n'),
  };
}

/** The mails of a supplier requirement to the party that provides the document. */
export function supplierRequirementMail(input: {
  kind: 'request' | 'reminder' | 'rejected' | 'expiring';
  productName: string;
  organisation: string;
  name: string;
  /** 'Public Liability Insurance', or 'First Aid Certificate for Liam Walker'. */
  documentName: string;
  dueDate: string;
  expiryDate: string | null;
  message: string | null;
  link: string;
  signInLink: string | null;
}): MailContent {
  const { organisation, documentName, dueDate } = input;
  const subjects = {
    request: `${organisation} asks you for ${documentName}`,
    reminder: `Reminder: ${documentName} for ${organisation} is due on ${dueDate}`,
    rejected: `${documentName}: ${organisation} needs another document`,
    expiring: `${documentName} expires on ${input.expiryDate ?? dueDate}: please send the new one`,
  };
  const whats = {
    request: `${organisation} asks you to send ${documentName} by ${dueDate}.`,
    reminder: `${documentName}, which ${organisation} asked you for, is due on ${dueDate} and has not been sent yet.`,
    rejected: `${organisation} could not accept the document you sent as ${documentName}. Please send another one.`,
    expiring: `The ${documentName} that ${organisation} holds for you expires on ${input.expiryDate ?? dueDate}. Please send the renewed document before then.`,
  };
  return supplierAskMail({
    subject: subjects[input.kind],
    title: input.kind === 'rejected' ? 'Another document needed' : 'A document to send',
    name: input.name,
    what: whats[input.kind],
    note: input.message,
    noteLabel: input.kind === 'rejected' ? 'Why' : 'Message',
    action: 'Send the document',
    link: input.link,
    signIn: input.signInLink
      ? `You can also sign in to ${input.productName} and find it on your dashboard: ${input.signInLink}`
      : null,
  });
}

/** To a requirement's reviewer: a supplier sent a document. */
export function supplierRequirementSentMail(input: {
  name: string;
  supplierName: string;
  documentName: string;
  expiryDate: string | null;
  link: string;
}): MailContent {
  const intro = `Hello ${input.name},`;
  const what = `${input.supplierName} sent ${input.documentName} for your review${
    input.expiryDate ? ` (it expires on ${input.expiryDate})` : ''
  }.`;
  return {
    subject: `${input.documentName} from ${input.supplierName} to review`,
    title: 'A document to review',
    text: [intro, '', what, '', `Review it: ${input.link}`].join('\n'),
    bodyHtml: [paragraph(intro), paragraph(what), button('Review it', input.link)].join('\n'),
  };
}

/** A finding of an audit assigned to an employee: answered from their dashboard. */
export function auditFindingMail(input: {
  productName: string;
  name: string;
  auditName: string;
  auditor: string;
  question: string;
  instruction: string;
  /** dd/MM/yyyy */
  due: string;
  link: string;
}): MailContent {
  const subject = `${input.auditName}: an audit finding is assigned to you`;
  const intro = `Hello ${input.name},`;
  const what = `${input.auditor || 'The auditor'} raised a finding in the audit ${input.auditName} and assigned it to you.`;
  const lines = [`Question: ${input.question}`, `Instruction: ${input.instruction}`, `Due: ${input.due}`];
  return toDashboard({ subject, title: 'Audit finding assigned', intro, what, lines, link: input.link });
}

/**
 * An action raised from a register's item (a risk, a hazardous substance: on the dashboard) or
 * from a document (completed on the document's page, which `open` names), to its assignee.
 */
export function registerActionMail(input: {
  name: string;
  /** 'risk', 'hazardous substance' or 'document', as the sentence names it. */
  itemKind: string;
  itemName: string;
  raisedBy: string;
  instruction: string;
  /** dd/MM/yyyy */
  due: string;
  link: string;
  open?: string;
}): MailContent {
  const subject = `${input.itemName}: an action is assigned to you`;
  const intro = `Hello ${input.name},`;
  const what = `${input.raisedBy || 'Someone'} raised an action on the ${input.itemKind} ${input.itemName} and assigned it to you.`;
  const lines = [`Instruction: ${input.instruction}`, `Due: ${input.due}`];
  const { link, open } = input;
  return toDashboard({ subject, title: 'Action assigned', intro, what, lines, link, open });
}

/** The reminder before a scheduled task's due day, to its assignee (else its owner). */
export function taskReminderMail(input: {
  productName: string;
  name: string;
  title: string;
  detail: string;
  dueDate: string;
  frequency: string | null;
  link: string;
}): MailContent {
  const intro = `Hello ${input.name},`;
  const what = `The task "${input.title}" is due on ${input.dueDate}.`;
  const facts = [
    ...(input.detail ? [`Instructions: ${input.detail}`] : []),
    ...(input.frequency ? [`It recurs: ${input.frequency}`] : []),
  ];
  return {
    subject: `Reminder: ${input.title} is due on ${input.dueDate}`,
    title: 'A task is due soon',
    text: [intro, '', what, ...facts, '', `Open the task: ${input.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      ...facts.map(paragraph),
      button('Open the task', input.link),
    ].join('\n'),
  };
}

/** The daily digest of a person's overdue scheduled tasks (one mail a day, listing them all). */
export function taskOverdueDigestMail(input: {
  productName: string;
  name: string;
  tasks: { title: string; dueDate: string; link: string }[];
  /** Overdue tasks beyond the listed ones. */
  more: number;
  listLink: string;
}): MailContent {
  const count = input.tasks.length + input.more;
  const intro = `Hello ${input.name},`;
  const what = count === 1 ? 'You have 1 overdue task:' : `You have ${count} overdue tasks:`;
  const lines = input.tasks.map((task) => `${task.title} (due ${task.dueDate}): ${task.link}`);
  const more = input.more > 0 ? [`… and ${input.more} more.`] : [];
  const items = input.tasks
    .map(
      (task) =>
        `<li style="margin:0 0 6px"><a href="${escapeHtml(task.link)}">${escapeHtml(task.title)}</a> — due ${escapeHtml(task.dueDate)}</li>`,
    )
    .join('');
  return {
    subject: count === 1 ? '1 overdue task' : `${count} overdue tasks`,
    title: 'Overdue tasks',
    text: [intro, '', what, ...lines, ...more, '', `All your tasks: ${input.listLink}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5">${items}</ul>`,
      ...more.map(paragraph),
      button('Open the reminders', input.listLink),
    ].join('\n'),
  };
}

/** System Administration > Notifications: the test mail an administrator sends to their own address. */
export function testMail(input: { productName: string; name: string; link: string }): MailContent {
  const intro = `Hello ${input.name},`;
  const what = `You sent this test mail from System Administration > Notifications in ${input.productName}.`;
  const works = 'It reached you, so e-mail from the product reaches this address. There is nothing to do.';
  return {
    subject: `${input.productName} test mail`,
    title: 'Test mail',
    text: [intro, '', what, works, '', `Notifications: ${input.link}`].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(what),
      paragraph(works),
      button('Open Notifications', input.link),
    ].join('\n'),
  };
}
