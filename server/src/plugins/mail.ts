import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Db, Prisma } from '../db/prisma';
import { renderHtml, renderText, type MailContent } from './mailLayout';
import { hashToken, newToken } from './auth';

/**
 * Outgoing mail: a transactional outbox on pg-boss.
 *
 * `enqueue(tx, mail)` writes the MailMessage row AND the pg-boss job through the caller's Prisma
 * interactive transaction, so both exist exactly when the change that caused the mail commits.
 * A worker (`startWorker`, started by main.ts) sends each job with nodemailer over SMTP_URL, or
 * writes an .eml file into MAIL_CAPTURE_DIR when no SMTP server is configured. A failed send is
 * retried by pg-boss with exponential backoff (MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS); the
 * row keeps status, attempts and lastError, and becomes `failed` after the last retry.
 */

export const MAIL_QUEUE = 'mail';
export const PGBOSS_SCHEMA = 'pgboss';

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
  /** What kind of mail this is (passwordReset, closeOff, ...): for operations and filtering. */
  category: string;
  /** Optional mail carries an unsubscribe link and is not queued for users who unsubscribed. */
  optional: boolean;
  content: MailContent;
  attachments?: MailAttachment[];
}

export type EnqueueResult =
  { queued: true; messageId: string; jobId: string } | { queued: false; reason: 'unsubscribed' };

interface MailJob {
  messageId: string;
}

/** Reads stored content for attachments given by storageKey (set by the storage feature). */
export type AttachmentLoader = (storageKey: string) => Promise<Buffer>;

/** pg-boss's database interface over a Prisma interactive transaction: its SQL runs in that transaction. */
export function transactionExecutor(tx: Prisma.TransactionClient): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const params = values.map((value) => {
        if (value === undefined) return null;
        if (
          value !== null &&
          typeof value === 'object' &&
          !(value instanceof Date) &&
          !Buffer.isBuffer(value)
        )
          return JSON.stringify(value);
        return value;
      });
      const rows = await tx.$queryRawUnsafe<unknown[]>(text, ...params);
      return { rows };
    },
  };
}

function bossOptions(databaseUrl: string, config: Config): PgBoss.ConstructorOptions {
  return {
    connectionString: databaseUrl,
    schema: PGBOSS_SCHEMA,
    application_name: 'compass-mail',
    max: 4,
    schedule: false,
    supervise: true,
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  };
}

function queueOptions(config: Config): PgBoss.Queue {
  return {
    name: MAIL_QUEUE,
    policy: 'standard',
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 300,
    // Completed and failed jobs stay 14 days in pg-boss; the MailMessage rows stay for good.
    retentionMinutes: 14 * 24 * 60,
  };
}

/** Creates the pgboss schema and the mail queue (used once on a test template database). */
export async function installMailQueue(databaseUrl: string, config: Config): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(databaseUrl, config), supervise: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(MAIL_QUEUE, queueOptions(config));
  await boss.stop({ graceful: false, wait: true });
}

export class MailQueue {
  private readonly boss: PgBoss;
  private readonly transport: Transporter;
  private workerId: string | null = null;
  private attachmentLoader: AttachmentLoader | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss(bossOptions(databaseUrl, config));
    // pg's errors carry the whole client object: log what helps, not that.
    this.boss.on('error', (error: Error & { code?: string }) =>
      this.log.error({ err: { message: error.message, code: error.code } }, 'mail queue error'),
    );
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Installs or migrates the pgboss schema when needed, and makes sure the mail queue exists. */
  async start(): Promise<void> {
    await this.boss.start();
    if (await this.boss.getQueue(MAIL_QUEUE))
      await this.boss.updateQueue(MAIL_QUEUE, queueOptions(this.config));
    else await this.boss.createQueue(MAIL_QUEUE, queueOptions(this.config));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.transport.close();
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
    if (mail.optional && mail.userId) {
      const user = await tx.user.findUnique({ where: { id: mail.userId }, select: { unsubscribedAt: true } });
      if (user?.unsubscribedAt) return { queued: false, reason: 'unsubscribed' };
      const token = newToken();
      await tx.unsubscribeToken.create({
        data: { companyId: mail.companyId, userId: mail.userId, tokenHash: hashToken(token) },
      });
      unsubscribeUrl = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/unsubscribe/${token}`;
    }
    const productName = this.config.PRODUCT_NAME;
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
      },
    });
    const job: MailJob = { messageId: message.id };
    const jobId = await this.boss.send(MAIL_QUEUE, job, { db: transactionExecutor(tx) });
    if (!jobId) throw new Error('the mail queue did not accept the job (is the mail queue created?)');
    return { queued: true, messageId: message.id, jobId };
  }

  /** enqueue in a transaction of its own, for mail not tied to another change. */
  send(mail: OutgoingMail): Promise<EnqueueResult> {
    return this.db.$transaction((tx) => this.enqueue(tx, mail));
  }

  /** Queues a failed mail again (after the cause is fixed): a new job, the row back to queued. */
  async requeue(messageId: string): Promise<string> {
    return this.db.$transaction(async (tx) => {
      const updated = await tx.mailMessage.updateMany({
        where: { id: messageId, status: 'failed' },
        data: { status: 'queued' },
      });
      if (updated.count !== 1) throw new Error(`mail ${messageId} is not failed`);
      const job: MailJob = { messageId };
      const jobId = await this.boss.send(MAIL_QUEUE, job, { db: transactionExecutor(tx) });
      if (!jobId) throw new Error('the mail queue did not accept the job');
      return jobId;
    });
  }

  /** Starts sending queued mail from this process (main.ts; tests that need delivery). */
  async startWorker(): Promise<void> {
    if (this.workerId) return;
    this.workerId = await this.boss.work<MailJob>(
      MAIL_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.config.MAIL_POLL_SECONDS },
      async (jobs) => {
        for (const job of jobs) await this.deliver(job);
      },
    );
  }

  async stopWorker(): Promise<void> {
    if (!this.workerId) return;
    await this.boss.offWork({ id: this.workerId });
    this.workerId = null;
  }

  /** One attempt at one mail; a throw hands the job back to pg-boss for a retry. */
  private async deliver(job: PgBoss.JobWithMetadata<MailJob>): Promise<void> {
    const message = await this.db.mailMessage.findUnique({ where: { id: job.data.messageId } });
    if (!message || message.status === 'sent') return;
    await this.db.mailMessage.update({ where: { id: message.id }, data: { attempts: { increment: 1 } } });
    try {
      const headers = (message.headers ?? {}) as Record<string, string>;
      const attachments = await this.attachmentsOf(message.attachments as MailAttachment[] | null);
      const info = await this.transport.sendMail({
        from: this.config.MAIL_FROM,
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
      await this.db.mailMessage.update({
        where: { id: message.id },
        data: { status: 'sent', sentAt: new Date(), lastError: null },
      });
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      const reason = error instanceof Error ? error.message : String(error);
      await this.db.mailMessage.update({
        where: { id: message.id },
        data: { status: last ? 'failed' : 'queued', lastError: reason.slice(0, 2000) },
      });
      this.log.warn(
        { mailMessageId: message.id, attempt: job.retryCount + 1, final: last, err: reason },
        'mail not sent',
      );
      throw error;
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

/** Starts the queue with the app (creating the pgboss schema on first start) and stops it on close. */
export const mailPlugin = fp(
  async (
    app: FastifyInstance,
    { db, config, databaseUrl }: { db: Db; config: Config; databaseUrl: string },
  ) => {
    const mail = new MailQueue(db, config, databaseUrl, app.log);
    await mail.start();
    app.decorate('mail', mail);
    app.addHook('onClose', async () => {
      await mail.stop();
    });
  },
);
