import { button, escapeHtml, paragraph, type MailContent } from '../../plugins/mailLayout';

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
