import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAIL_CATEGORIES, type MailCategory } from '@compass/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { PollingWorker } from '../db/pollingWorker';
import type { Db, MailMessage, Prisma } from '../db/prisma';
import { describeError } from '../errors';
import { renderHtml, renderText, type MailContent } from './mailLayout';
import { hashToken, newToken } from './auth';
import type { MailCounts } from './metrics';

/**
 * Outgoing mail: a transactional outbox, the MailMessage table.
 *
 * `enqueue(tx, mail)` writes the row through the caller's Prisma interactive transaction, so the
 * mail exists exactly when the change that caused it commits. A worker (`startWorker`, started by
 * main.ts) claims up to MAIL_BATCH_SIZE due rows at a time with a lease (claimedUntil, claimToken:
 * FOR UPDATE SKIP LOCKED, so two workers never hold the same row), renews the lease while it sends,
 * and marks each row sent only while the claim is still its own. A worker that dies leaves a claim
 * that expires after MAIL_SEND_TIMEOUT_SECONDS and is taken again. Mail goes out with nodemailer
 * over SMTP_URL, or as .eml files in MAIL_CAPTURE_DIR without one. A failed send is tried again
 * after MAIL_RETRY_DELAY_SECONDS, doubling each time, up to MAIL_RETRY_LIMIT retries; the row keeps
 * attempts and lastError, and becomes `failed` after the last.
 */

/** A file attached to a mail: its content in the row (base64), or a key of stored content. */
export type MailAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; storageKey: string };

export interface OutgoingMail {
  companyId: string;
  to: string;
  cc?: string[];
  /** The recipient's account: needed for optional mail (unsubscribe link and check). */
  userId?: string | null;
  /**
   * What kind of mail this is: its category decides whether it is optional (MAIL_CATEGORIES).
   * Optional mail carries an unsubscribe link and is not queued for users who unsubscribed.
   */
  category: MailCategory;
  content: MailContent;
  attachments?: MailAttachment[];
}

export type EnqueueResult = { queued: true; messageId: string } | { queued: false; reason: 'unsubscribed' };

/** Reads stored content for attachments given by storageKey (set by the storage feature). */
export type AttachmentLoader = (storageKey: string) => Promise<Buffer>;

export class MailQueue {
  private readonly transport: Transporter;
  private attachmentLoader: AttachmentLoader | null = null;
  /** Batch after batch while there is due mail; idle, a look every MAIL_POLL_SECONDS. */
  private readonly worker: PollingWorker;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    /** compass_mail_sent_total and compass_mail_failed_total of the app's metrics. */
    private readonly counts?: MailCounts,
  ) {
    // A pool keeps a few SMTP connections open, so a batch goes out over them side by side instead of
    // a new connection per mail. Settings in SMTP_URL (?maxConnections=…) take precedence.
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport({ url: config.SMTP_URL, pool: true })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.worker = new PollingWorker({
      runBatch: (signal) => this.sendBatch(signal),
      batchSize: config.MAIL_BATCH_SIZE,
      pollSeconds: config.MAIL_POLL_SECONDS,
      log,
      failureMessage: 'mail worker could not read the outbox',
    });
  }

  async stop(): Promise<void> {
    await this.stopWorker();
    this.transport.close();
  }

  /** The address of MAIL_FROM ('Name <address>' or a bare address), sent under an organisation's name. */
  private get fromAddress(): string {
    const from = this.config.MAIL_FROM;
    return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  }

  setAttachmentLoader(loader: AttachmentLoader): void {
    this.attachmentLoader = loader;
  }

  /**
   * Queues a mail inside the caller's transaction: the MailMessage row and the job commit or roll
   * back with the change that caused them. Optional mail to an unsubscribed user is skipped.
   */
  async enqueue(tx: Prisma.TransactionClient, mail: OutgoingMail): Promise<EnqueueResult> {
    let unsubscribeUrl: string | null = null;
    if (MAIL_CATEGORIES[mail.category].optional && mail.userId) {
      const user = await tx.user.findUnique({ where: { id: mail.userId }, select: { unsubscribedAt: true } });
      if (user?.unsubscribedAt) return { queued: false, reason: 'unsubscribed' };
      const token = newToken();
      await tx.unsubscribeToken.create({
        data: { companyId: mail.companyId, userId: mail.userId, tokenHash: hashToken(token) },
      });
      unsubscribeUrl = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/unsubscribe/${token}`;
    }
    // The organisation's mail sender name heads the mail and names its sender (docs/administration.md).
    const company = await tx.company.findUnique({
      where: { id: mail.companyId },
      select: { mailSenderName: true },
    });
    const fromName = company?.mailSenderName ?? null;
    const productName = fromName ?? this.config.PRODUCT_NAME;
    const message = await tx.mailMessage.create({
      data: {
        companyId: mail.companyId,
        userId: mail.userId ?? null,
        toAddress: mail.to,
        ccAddresses: mail.cc ?? [],
        subject: mail.content.subject,
        textBody: renderText({ productName, text: mail.content.text, unsubscribeUrl }),
        htmlBody: renderHtml({
          productName,
          title: mail.content.title,
          bodyHtml: mail.content.bodyHtml,
          unsubscribeUrl,
        }),
        attachments: mail.attachments?.length ? (mail.attachments as Prisma.InputJsonValue) : undefined,
        headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>` } : undefined,
        category: mail.category,
        fromName,
      },
    });
    return { queued: true, messageId: message.id };
  }

  /** enqueue in a transaction of its own, for mail not tied to another change. */
  send(mail: OutgoingMail): Promise<EnqueueResult> {
    return this.db.$transaction((tx) => this.enqueue(tx, mail));
  }

  /** Queues a failed mail again (after the cause is fixed), with its retries afresh. */
  async requeue(messageId: string): Promise<void> {
    const updated = await this.db.mailMessage.updateMany({
      where: { id: messageId, status: 'failed' },
      data: {
        status: 'queued',
        attempts: 0,
        nextAttemptAt: new Date(),
        claimToken: null,
        claimedUntil: null,
      },
    });
    if (updated.count !== 1) throw new Error(`mail ${messageId} is not failed`);
  }

  /** Starts sending queued mail from this process (main.ts; tests that need delivery). */
  async startWorker(): Promise<void> {
    this.worker.start();
  }

  /** Stops once the batch being sent is done. */
  stopWorker(): Promise<void> {
    return this.worker.stop();
  }

  /** Claims due mail under a lease of our own, sends it, and releases what it did not get to. */
  private async sendBatch(signal: AbortSignal): Promise<number> {
    const token = randomUUID();
    const lease = this.config.MAIL_SEND_TIMEOUT_SECONDS;
    const claimed = await this.db.$queryRaw<{ id: string }[]>`
      UPDATE "MailMessage"
      SET "claimToken" = ${token}::uuid,
          "claimedUntil" = (now() AT TIME ZONE 'UTC') + ${lease}::int * interval '1 second'
      WHERE id IN (
        SELECT id FROM "MailMessage"
        WHERE status = 'queued'
          AND "nextAttemptAt" <= (now() AT TIME ZONE 'UTC')
          AND ("claimedUntil" IS NULL OR "claimedUntil" < (now() AT TIME ZONE 'UTC'))
        ORDER BY "nextAttemptAt"
        LIMIT ${this.config.MAIL_BATCH_SIZE}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`;
    if (claimed.length === 0) return 0;
    // While this worker lives its claim does not expire, however slow the SMTP server; a crashed
    // worker stops renewing, and its claim lapses within the lease.
    const renewal = setInterval(
      () => {
        this.db.$executeRaw`
          UPDATE "MailMessage"
          SET "claimedUntil" = (now() AT TIME ZONE 'UTC') + ${lease}::int * interval '1 second'
          WHERE "claimToken" = ${token}::uuid AND status = 'queued'`.catch((error: unknown) =>
          this.log.warn({ err: describeError(error) }, 'mail lease not renewed'),
        );
      },
      (lease * 1000) / 3,
    );
    try {
      const messages = await this.db.mailMessage.findMany({
        where: { id: { in: claimed.map((row) => row.id) } },
        orderBy: { nextAttemptAt: 'asc' },
      });
      await Promise.all(messages.map((message) => (signal.aborted ? null : this.deliver(message, token))));
    } finally {
      clearInterval(renewal);
      await this.db.mailMessage.updateMany({
        where: { claimToken: token, status: 'queued' },
        data: { claimToken: null, claimedUntil: null },
      });
    }
    return claimed.length;
  }

  /** One attempt at one claimed mail. Every change to the row requires the claim to be still ours. */
  private async deliver(message: MailMessage, token: string): Promise<void> {
    const ours = { id: message.id, claimToken: token, status: 'queued' as const };
    const counted = await this.db.mailMessage.updateMany({
      where: ours,
      data: { attempts: { increment: 1 } },
    });
    if (counted.count !== 1) return;
    const attempt = message.attempts + 1;
    try {
      const headers = (message.headers ?? {}) as Record<string, string>;
      const attachments = await this.attachmentsOf(message.attachments as MailAttachment[] | null);
      const info = await this.transport.sendMail({
        from: message.fromName
          ? { name: message.fromName, address: this.fromAddress }
          : this.config.MAIL_FROM,
        to: message.toAddress,
        cc: message.ccAddresses.length ? message.ccAddresses : undefined,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        headers,
        attachments,
        messageId: `<${message.id}@${new URL(this.config.PUBLIC_URL).hostname}>`,
      });
      if (!this.config.SMTP_URL) await this.capture(message.id, message.createdAt, info.message as Buffer);
      await this.db.mailMessage.updateMany({
        where: ours,
        data: { status: 'sent', sentAt: new Date(), lastError: null, claimToken: null, claimedUntil: null },
      });
      this.counts?.sent();
    } catch (error) {
      this.counts?.failed();
      const final = attempt > this.config.MAIL_RETRY_LIMIT;
      const reason = describeError(error);
      const delaySeconds = this.config.MAIL_RETRY_DELAY_SECONDS * 2 ** (attempt - 1);
      await this.db.mailMessage.updateMany({
        where: ours,
        data: {
          status: final ? 'failed' : 'queued',
          lastError: reason.slice(0, 2000),
          nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
          claimToken: null,
          claimedUntil: null,
        },
      });
      this.log.warn({ mailMessageId: message.id, attempt, final, err: reason }, 'mail not sent');
    }
  }

  private async attachmentsOf(stored: MailAttachment[] | null) {
    if (!stored?.length) return undefined;
    return Promise.all(
      stored.map(async (attachment) => {
        if ('contentBase64' in attachment) {
          return {
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.contentBase64,
            encoding: 'base64',
          };
        }
        if (!this.attachmentLoader) throw new Error('no attachment loader for stored attachments');
        return {
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: await this.attachmentLoader(attachment.storageKey),
        };
      }),
    );
  }

  /** The local capture: one .eml file per message, readable by any mail client. */
  private async capture(id: string, createdAt: Date, raw: Buffer): Promise<void> {
    await fs.mkdir(this.config.MAIL_CAPTURE_DIR, { recursive: true });
    const stamp = createdAt.toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.config.MAIL_CAPTURE_DIR, `${stamp}-${id}.eml`);
    await fs.writeFile(file, raw);
    this.log.info({ mailMessageId: id, file }, 'mail captured (no SMTP_URL)');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue;
  }
}

/** The outbox with the app; its worker (started by main.ts) stops when the app closes. */
export const mailPlugin = fp(
  async (app: FastifyInstance, { db, config, counts }: { db: Db; config: Config; counts?: MailCounts }) => {
    const mail = new MailQueue(db, config, app.log, counts);
    app.decorate('mail', mail);
    app.addHook('onClose', async () => {
      await mail.stop();
    });
  },
);
