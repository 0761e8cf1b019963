/** The one HTML layout of every e-mail: small, inline-styled (mail clients ignore <style> often). */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** What a template produces; the layout and the unsubscribe footer are added by the mail queue. */
export interface MailContent {
  subject: string;
  /** Heading of the HTML part. */
  title: string;
  /** The plain-text part, without signature or footer. */
  text: string;
  /** The inner HTML of the message (escape every value with escapeHtml). */
  bodyHtml: string;
}

const BRAND = '#1f5fbf';

/** A paragraph of escaped text. */
export const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933">${escapeHtml(text)}</p>`;

/** A call-to-action button with the link also written out (some clients block buttons). */
export function button(label: string, url: string): string {
  const href = escapeHtml(url);
  return (
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 22px;` +
    `background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;font-size:15px">` +
    `${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d">If the button does not work, ` +
    `open this address: <a href="${href}" style="color:${BRAND};word-break:break-all">${href}</a></p>`
  );
}

/**
 * The usual mail of a piece of work: greets the reader by name, says what happened, adds the note
 * (a message, a reviewer's comment) if any, links to the page to act on, and ends with `after`.
 */
export function actionMail(mail: {
  subject: string;
  title: string;
  name: string;
  what: string;
  /** Already labelled: 'Message: …'. */
  note: string | null;
  action: string;
  link: string;
  after?: string | null;
}): MailContent {
  const intro = `Hello ${mail.name},`;
  const { note, after } = mail;
  return {
    subject: mail.subject,
    title: mail.title,
    text: [
      intro,
      '',
      mail.what,
      ...(note ? ['', note] : []),
      '',
      `${mail.action}: ${mail.link}`,
      ...(after ? ['', after] : []),
    ].join('\n'),
    bodyHtml: [
      paragraph(intro),
      paragraph(mail.what),
      ...(note ? [paragraph(note)] : []),
      button(mail.action, mail.link),
      ...(after ? [paragraph(after)] : []),
    ].join('\n'),
  };
}

export interface LayoutOptions {
  productName: string;
  title: string;
  bodyHtml: string;
  unsubscribeUrl?: string | null;
}

export function renderHtml({ productName, title, bodyHtml, unsubscribeUrl }: LayoutOptions): string {
  const footer = unsubscribeUrl
    ? `You receive this e-mail because of your account in ${escapeHtml(productName)}. ` +
      `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#52606d">Unsubscribe</a> from optional e-mails.`
    : `This e-mail was sent by ${escapeHtml(productName)} about your account.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #e4e7eb">
<tr><td style="background:${BRAND};padding:16px 24px;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(productName)}</td></tr>
<tr><td style="padding:28px 24px 12px">
<h1 style="margin:0 0 20px;font-size:20px;line-height:1.3;color:#1f2933">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#7b8794">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderText({
  productName,
  text,
  unsubscribeUrl,
}: {
  productName: string;
  text: string;
  unsubscribeUrl?: string | null;
}): string {
  const footer = unsubscribeUrl
    ? `To unsubscribe from optional e-mails of ${productName}, open: ${unsubscribeUrl}`
    : `This e-mail was sent by ${productName} about your account.`;
  return `${text.trimEnd()}\n\n-- \n${footer}\n`;
}
