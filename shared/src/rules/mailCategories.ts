/** One kind of e-mail the product sends: what the administrator reads about it, and its rule. */
export interface MailCategoryDefinition {
  label: string;
  /** What makes the product send it, and to whom. */
  trigger: string;
  /**
   * Optional mail carries an unsubscribe link and is not sent to a user who unsubscribed (000
   * section 6); the rest is needed to use the product (sign-in, work given to someone) and always goes.
   */
  optional: boolean;
}

/**
 * Every kind of e-mail, by the category each MailMessage row is stored under. The one list: the
 * outbox reads whether a mail is optional from here (server/src/plugins/mail.ts), and System
 * Administration > Notifications shows it.
 */
export const MAIL_CATEGORIES = {
  passwordReset: {
    label: 'Password reset',
    trigger:
      'Someone asks for a new password on the sign-in page: a single-use link to the account’s address.',
    optional: false,
  },
  invitation: {
    label: 'Invitation',
    trigger:
      'An administrator invites an employee, a supplier company or one of its people: a link to choose a password.',
    optional: false,
  },
  signInEmailChanged: {
    label: 'Sign-in e-mail changed',
    trigger: 'The e-mail address an account signs in with is changed: a notice to the old address.',
    optional: false,
  },
  submissionTask: {
    label: 'Form action',
    trigger: 'An action is set on a form submission: to the employee or supplier person who must do it.',
    optional: false,
  },
  actionCompleted: {
    label: 'Form action completed',
    trigger:
      'An action set on a form submission is completed: to the form’s coordinators and the person who recorded it, not to the one who completed it.',
    optional: true,
  },
  submissionSubmittedCopy: {
    label: 'Form submitted (copy)',
    trigger: 'A form whose template has e-mail notification 1 is submitted: to each employee it copies.',
    optional: true,
  },
  submissionSubmittedReporter: {
    label: 'Form submitted (reporter)',
    trigger: 'A form whose template has e-mail notification 3 is submitted: to the person who recorded it.',
    optional: true,
  },
  submissionClosedCopy: {
    label: 'Form closed (copy)',
    trigger:
      'A form whose template has e-mail notification 2 is closed off: its PDF to each employee it copies.',
    optional: true,
  },
  submissionClosedReporter: {
    label: 'Form closed (reporter)',
    trigger:
      'A form whose template has e-mail notification 4 is closed off: its PDF to the person who recorded it.',
    optional: true,
  },
  supplierAssignment: {
    label: 'Form for a supplier',
    trigger: 'A form is assigned to a supplier, sent back for changes or reminded of: a link to fill it in.',
    optional: false,
  },
  supplierSubmissionCopy: {
    label: 'Supplier form submitted',
    trigger: 'A supplier submits an assigned form: to its reviewer and the form’s coordinator.',
    optional: true,
  },
  supplierRequirement: {
    label: 'Document requested of a supplier',
    trigger:
      'A document is requested of a supplier or one of its people, reminded of, rejected or about to expire: a link to send it.',
    optional: false,
  },
  supplierRequirementSent: {
    label: 'Supplier document received',
    trigger: 'A supplier sends a requested document: to the employee who reviews it.',
    optional: true,
  },
  hrForm: {
    label: 'HR form',
    trigger:
      'An HR form is assigned to an employee or returned to them with a comment, submitted for review, or its due date three days away: to the employee, or to the reviewer.',
    optional: false,
  },
  performanceReview: {
    label: 'Performance review',
    trigger:
      'A performance review is started, its self-assessment submitted or returned, its assessment ready to sign, or its due date three days away: to the employee or the reviewer whose step it is.',
    optional: false,
  },
  trainingAssigned: {
    label: 'Online training assigned',
    trigger:
      'A course is assigned to an employee or a supplier’s person, or its refresher comes after a pass, or its complete-by day is three days away (a reminder): to the trainee, a link to take it.',
    optional: false,
  },
  trainingToReview: {
    label: 'Online training to review',
    trigger: 'An employee submits a test with written answers: to the reviewer, a link to mark them.',
    optional: false,
  },
  trainingReviewed: {
    label: 'Online training marked',
    trigger: 'The reviewer marks an attempt: to the employee, the result and a link to their answers.',
    optional: false,
  },
  taskReminder: {
    label: 'Reminder due soon',
    trigger: 'A reminder (Reminders) comes due within a few days: to the employee it is for.',
    optional: true,
  },
  competencyExpiry: {
    label: 'Competency expiring',
    trigger:
      "A competency's latest record comes within 30 days of its expiry: to the employee, copy to their manager.",
    optional: true,
  },
  taskOverdueDigest: {
    label: 'Overdue reminders',
    trigger: 'Once a day while reminders are overdue: one list to each employee they are for.',
    optional: true,
  },
  auditFinding: {
    label: 'Audit finding',
    trigger: 'An audit raises a finding with an action: to the employee who must do it.',
    optional: false,
  },
  documentAction: {
    label: 'Document action',
    trigger: 'An action is raised on a document: to the employee who must do it.',
    optional: false,
  },
  registerAction: {
    label: 'Register action',
    trigger:
      'An action is raised on a risk, hazardous substance or obligation, or agreed in a completed performance review: to the employee who must do it.',
    optional: false,
  },
  actionsReassigned: {
    label: 'Actions reassigned',
    trigger: 'Open actions are given to someone else (Action Register): one mail to the new assignee.',
    optional: false,
  },
  privateInfoChanged: {
    label: 'Private information changed',
    trigger:
      'HR changes an employee’s private information (date of birth, address, personal contacts): a notice to the employee, without the values.',
    optional: false,
  },
  visitorArrived: {
    label: 'Visitor arrived',
    trigger:
      'A visitor or contractor signs in at a Vismate kiosk naming an employee as their host: to that employee, when the workplace’s setup says to tell the host.',
    optional: true,
  },
  scheduledReport: {
    label: 'Scheduled report',
    trigger:
      'A saved report scheduled daily, weekly or monthly is due (Reports & Charts): to the person who saved it, with the report as a PDF.',
    optional: true,
  },
  testMail: {
    label: 'Test mail',
    trigger:
      'A system administrator sends a test mail from Notifications: to their own address, to check the mail settings.',
    optional: false,
  },
} as const satisfies Record<string, MailCategoryDefinition>;

export type MailCategory = keyof typeof MAIL_CATEGORIES;
export const MAIL_CATEGORY_NAMES = Object.keys(MAIL_CATEGORIES) as [MailCategory, ...MailCategory[]];
