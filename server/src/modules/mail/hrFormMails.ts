import { actionMail, type MailContent } from '../../plugins/mailLayout';

/**
 * An HR form's mails: to the employee when it is assigned to them or returned with the reviewer's
 * comment, to the reviewer when the employee submits it. The link opens the form's page.
 */
export function hrFormMail(input: {
  kind: 'assigned' | 'returned' | 'submitted';
  /** The one the mail goes to. */
  name: string;
  formName: string;
  /** The employee the form is about (named to the reviewer). */
  employeeName: string;
  /** dd/MM/yyyy */
  dueDate: string;
  /** The assignment's message (assigned) or the reviewer's comment (returned). */
  note: string | null;
  link: string;
}): MailContent {
  const { formName, dueDate } = input;
  const wording = {
    assigned: {
      subject: `An HR form to fill in: ${formName}`,
      title: 'An HR form to fill in',
      what: `You are asked to fill in the HR form "${formName}" by ${dueDate}.`,
      noteLabel: 'Message',
      action: 'Fill in the form',
    },
    returned: {
      subject: `${formName}: changes requested`,
      title: 'Changes requested',
      what: `Your reviewer returned the HR form "${formName}" to you. Please change it and submit it again by ${dueDate}.`,
      noteLabel: 'What to change',
      action: 'Open the form',
    },
    submitted: {
      subject: `${formName} from ${input.employeeName} to review`,
      title: 'An HR form to review',
      what: `${input.employeeName} submitted the HR form "${formName}" for your review.`,
      noteLabel: 'Message',
      action: 'Review the form',
    },
  }[input.kind];
  return actionMail({
    ...wording,
    name: input.name,
    note: input.note ? `${wording.noteLabel}: ${input.note}` : null,
    link: input.link,
  });
}
