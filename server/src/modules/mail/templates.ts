import { button, escapeHtml, paragraph, type MailContent } from './layout';

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
