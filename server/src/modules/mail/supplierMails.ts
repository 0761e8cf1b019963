import { actionMail, type MailContent } from '../../plugins/mailLayout';

/** What every mail asking a supplier to act names: who asks whom, by when, and the links. */
interface SupplierAsk {
  productName: string;
  organisation: string;
  name: string;
  dueDate: string;
  message: string | null;
  link: string;
  signInLink: string | null;
}

/**
 * A supplier form to fill in: the invitation when it is assigned, the reviewer's return with a
 * comment, and the reminder before its due date. The link opens the form without signing in;
 * people with an account may also sign in and find it under Assigned Forms.
 */
export function supplierAssignmentMail(
  input: SupplierAsk & {
    kind: 'invitation' | 'returned' | 'reminder';
    formName: string;
    comment: string | null;
  },
): MailContent {
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
  return supplierAskMail(input, {
    subject: subjects[input.kind],
    title: input.kind === 'returned' ? 'Changes requested' : 'A form to fill in',
    what: whats[input.kind],
    note: input.kind === 'returned' ? input.comment : input.message,
    noteLabel: input.kind === 'returned' ? 'What to change' : 'Message',
    action: 'Open the form',
    signedInPlace: 'open it under Assigned Forms',
  });
}

/**
 * The frame of a mail that asks a supplier to act: greeting, what, a note, the link, and where a
 * signed-in account finds the same.
 */
function supplierAskMail(
  ask: SupplierAsk,
  mail: {
    subject: string;
    title: string;
    what: string;
    note: string | null;
    noteLabel: string;
    action: string;
    signedInPlace: string;
  },
): MailContent {
  return actionMail({
    subject: mail.subject,
    title: mail.title,
    name: ask.name,
    what: mail.what,
    note: mail.note ? `${mail.noteLabel}: ${mail.note}` : null,
    action: mail.action,
    link: ask.link,
    after: ask.signInLink
      ? `You can also sign in to ${ask.productName} and ${mail.signedInPlace}: ${ask.signInLink}`
      : null,
  });
}

/** The mails of a supplier requirement to the party that provides the document. */
export function supplierRequirementMail(
  input: SupplierAsk & {
    kind: 'request' | 'reminder' | 'rejected' | 'expiring';
    /** 'Public Liability Insurance', or 'First Aid Certificate for Liam Walker'. */
    documentName: string;
    expiryDate: string | null;
  },
): MailContent {
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
  return supplierAskMail(input, {
    subject: subjects[input.kind],
    title: input.kind === 'rejected' ? 'Another document needed' : 'A document to send',
    what: whats[input.kind],
    note: input.message,
    noteLabel: input.kind === 'rejected' ? 'Why' : 'Message',
    action: 'Send the document',
    signedInPlace: 'find it on your dashboard',
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
  return actionMail({
    subject: `${input.documentName} from ${input.supplierName} to review`,
    title: 'A document to review',
    name: input.name,
    what: `${input.supplierName} sent ${input.documentName} for your review${
      input.expiryDate ? ` (it expires on ${input.expiryDate})` : ''
    }.`,
    note: null,
    action: 'Review it',
    link: input.link,
  });
}
