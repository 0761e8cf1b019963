import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A received message, parsed enough for tests (mailparser does not install here). */
export interface ReceivedMail {
  raw: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (nothing listens on it when this resolves). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const smtpUrl = (port: number) =>
  `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=2000&greetingTimeout=2000&socketTimeout=5000`;

/**
 * A real SMTP server in this process, accepting every message without authentication; with
 * `answerAfterMs`, a slow one that takes that long to accept each message.
 */
export async function startSmtpServer(port = 0, { answerAfterMs = 0 } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        setTimeout(callback, answerAfterMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: smtpUrl(actualPort),
    received,
    waitFor(match, timeoutMs = 15_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) {
            waiters.splice(index, 1);
            reject(new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`));
          }
        }, timeoutMs);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------- A small MIME reader: headers, multipart, quoted-printable, base64, encoded words ----------

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(value: string): Buffer {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words of a header. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function param(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

interface Leaf {
  headers: Record<string, string>;
  content: Buffer;
}

function leaves(raw: string): Leaf[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers['content-type'] ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) return [];
    const parts = body.split(`--${boundary}`).slice(1);
    return parts
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => leaves(part.replace(/^\r?\n/, '')));
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return [{ headers, content }];
}

export function parseMail(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const headers = parseHeaders(splitHead(raw).head);
  const parts = leaves(raw);
  const isAttachment = (leaf: Leaf) => /attachment/i.test(leaf.headers['content-disposition'] ?? '');
  const bodyOf = (type: RegExp) =>
    parts
      .find((leaf) => !isAttachment(leaf) && type.test(leaf.headers['content-type'] ?? 'text/plain'))
      ?.content.toString('utf8')
      .trim() ?? '';
  return {
    raw,
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: bodyOf(/^text\/plain/i),
    html: bodyOf(/^text\/html/i),
    attachments: parts.filter(isAttachment).map((leaf) => ({
      filename: decodeWords(
        param(leaf.headers['content-disposition'], 'filename') ??
          param(leaf.headers['content-type'], 'name') ??
          '',
      ),
      contentType: (leaf.headers['content-type'] ?? '').split(';')[0]!.trim(),
      content: leaf.content,
    })),
  };
}

/** The first link in a text that starts with the given prefix. */
export function linkIn(text: string, prefix: string): string | null {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}[A-Za-z0-9_\\-/]+`).exec(text)?.[0] ?? null;
}

/**
 * The newest mail received since `from` (a length of `received`) to `address` whose subject
 * matches, once there is one: the mail a call just queued, not an earlier test's late one.
 */
export async function latestMail(
  smtp: TestSmtpServer,
  from: number,
  address: string,
  subject: RegExp,
): Promise<ReceivedMail> {
  const matches = (mail: ReceivedMail) => mail.envelopeTo.includes(address) && subject.test(mail.subject);
  await smtp.waitFor((mail) => smtp.received.indexOf(mail) >= from && matches(mail));
  return smtp.received.slice(from).filter(matches).at(-1)!;
}
