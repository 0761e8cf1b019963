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
