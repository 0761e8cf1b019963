import { button, paragraph, type MailContent } from '../../plugins/mailLayout';

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
