import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serializer';
import { databaseWaitsOf, type Config } from './config';
import { ANSWER_COMPRESSION } from './plugins/compression';
import type { Db } from './db/prisma';
import { AuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { configurationRoutes } from './modules/configuration/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { pgDataVersions, RememberedDataVersions } from './db/versionedCache';
import { createReadPool, GENERIC_SESSION_OPTIONS, pgReader, READ_SESSION_OPTIONS } from './db/reader';
import { shippedMigrationNames } from './db/migrate';
import { DashboardService } from './modules/dashboard/service';
import { healthRoutes } from './modules/health/routes';
import { HealthService } from './modules/health/service';
import { accountRoutes } from './modules/account/routes';
import { changeLogRoutes } from './modules/changeLog/routes';
import { administrationRoutes } from './modules/administration/routes';
import { OrganisationProfileService } from './modules/administration/profile';
import { OrganisationStructureService } from './modules/administration/structure';
import { notificationRoutes } from './modules/notifications/routes';
import { NotificationService } from './modules/notifications/service';
import { employeeRoutes } from './modules/employees/routes';
import { documentRoutes } from './modules/documents/routes';
import { DocumentService } from './modules/documents/service';
import { DocumentWorkItems } from './modules/documents/workItems';
import { ReviewService } from './modules/reviews/service';
import { noticeboardRoutes } from './modules/noticeboard/routes';
import { auditRoutes } from './modules/audits/routes';
import { AuditService } from './modules/audits/service';
import { obligationRoutes } from './modules/obligations/routes';
import { ObligationService } from './modules/obligations/service';
import { taskRoutes } from './modules/tasks/routes';
import { TaskService } from './modules/tasks/service';
import { riskRoutes } from './modules/risks/routes';
import { RiskService } from './modules/risks/service';
import { hazardousRoutes } from './modules/hazardous/routes';
import { HazardousService } from './modules/hazardous/service';
import { RegisterParts } from './modules/registerParts/service';
import { templateRoutes } from './modules/templates/routes';
import { externalPartiesRoutes } from './modules/externalParties/routes';
import { SupplierRequirementService } from './modules/externalParties/requirements';
import { supplierAccessRoutes } from './modules/supplierAccess/routes';
import { SupplierAccessService } from './modules/supplierAccess/service';
import { ExternalPartiesService } from './modules/externalParties/service';
import { TemplateAdminService } from './modules/templates/service';
import { supplierRoutes } from './modules/suppliers/routes';
import { SupplierAdminService } from './modules/suppliers/service';
import { NoticeAdminService } from './modules/noticeboard/service';
import { EmployeeService } from './modules/employees/service';
import { Invitations } from './modules/password/invitations';
import { ChangeLogService } from './modules/changeLog/service';
import { AccountService } from './modules/account/service';
import { passwordRoutes } from './modules/password/routes';
import { PasswordService } from './modules/password/service';
import { ssoRoutes } from './modules/sso/routes';
import { SsoService } from './modules/sso/service';
import { AnswerCache } from './plugins/answerCache';
import { authPlugin } from './plugins/auth';
import { PasswordHasher } from './modules/auth/passwords';
import { SignInThrottle } from './modules/auth/throttle';
import { closeRenderPools } from './modules/closeOff/renderPool';
import { pgSessionLookup } from './plugins/sessionLookup';
import { cookiesPlugin } from './plugins/cookies';
import { envelopePlugin, frameworkErrorHandler } from './plugins/envelope';
import { textGuardPlugin } from './plugins/textGuard';
import { mailPlugin } from './plugins/mail';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rateLimit';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { SessionCache } from './plugins/sessionCache';
import { webPlugin } from './plugins/web';
import { loadSecretsKey, SecretBox } from './plugins/secrets';
import { LocalFileStorage } from './plugins/storage';
import { uploadsPlugin } from './plugins/uploads';
import { AttachmentService } from './modules/attachments/service';
import { FileSweeper } from './modules/attachments/sweeper';
import { attachmentRoutes } from './modules/attachments/routes';
import { AssignedActionService } from './modules/assignedActions/service';
import { assignedActionRoutes } from './modules/assignedActions/routes';
import { actionRegisterRoutes } from './modules/actionRegister/routes';
import { ActionRegisterService } from './modules/actionRegister/service';
import { clockInRoutes } from './modules/clockIn/routes';
import { ClockInService } from './modules/clockIn/service';
import { closeOffRoutes } from './modules/closeOff/routes';
import { CloseOffService } from './modules/closeOff/service';
import { noticeAttachmentPolicy } from './modules/dashboard/noticeAttachments';
import { ExternalTaskService } from './modules/links/externalTask';
import { linkRoutes } from './modules/links/routes';
import { LinkService } from './modules/links/service';
import { qrCodeRoutes } from './modules/qrCodes/routes';
import { qrSubmissionRoutes } from './modules/qrSubmissions/routes';
import { QrSubmissionService } from './modules/qrSubmissions/service';
import { QrCodeService } from './modules/qrCodes/service';
import { submissionRoutes } from './modules/submissions/routes';
import { SubmissionPolicy } from './modules/submissions/policy';
import { SubmissionRecords } from './modules/submissions/records';
import { SubmissionService } from './modules/submissions/service';
import { SubmissionTemplates } from './modules/submissions/templates';
import { PickLists } from './modules/submissions/pickLists';
import { SupplierLinkService } from './modules/submissions/supplierLinks';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The database of `db`, for the read pool's own connections; defaults to config.DATABASE_URL. */
  databaseUrl?: string;
  /** The clock of the scheduled tasks (tests cross month ends and daylight-saving changes). */
  now?: () => Date;
}

/** Sessions one API process remembers at most (about 1 KB each). */
const SESSION_CACHE_ENTRIES = 20_000;

const REDACTED_PATHS = [
  'req.headers.authtoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.confirmPassword',
];

/** Secrets that travel in query strings (SSO return token, authorization code, link tokens) stay out of logs. */
const SECRET_QUERY = /([?&](?:token|code|state|authtoken)=)[^&#]*/gi;
/** So do the tokens of e-mailed links (reset password, unsubscribe), which sit in the path. */
const SECRET_PATH = /(\/(?:reset-password|unsubscribe|external-parties-account-activate)\/)[^/?#]+/gi;
const redactedUrl = (url: string) =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes stored files of transactions that never committed; started by main.ts. */
    fileSweeper: FileSweeper;
    /** Encrypts and decrypts secrets stored in the database (SSO client secrets). */
    secrets: SecretBox;
    /** Scheduled tasks: the job queue (plugins/jobs.ts) sends their reminders through it. */
    tasks: TaskService;
    /** The supplier form and document reminders, run hourly by the job queue (plugins/jobs.ts). */
    sendSupplierReminders: () => Promise<void>;
  }
}

/** The Fastify instance of the product; main.ts listens with it and every test injects into it. */
export async function buildApp({ config, db, databaseUrl, now }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactedUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
          },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(securityHeadersPlugin);
  // Answers over 1 KB go out compressed to a browser that accepts it (a busy user's dashboard is
  // 232 KB, a stored form's pick lists 57 KB): brotli at a fast level, else gzip. The web client's
  // files are already compressed at build time (plugins/web.ts) and pass through as they are.
  await app.register(fastifyCompress, ANSWER_COMPRESSION);
  await app.register(envelopePlugin);
  await app.register(textGuardPlugin);
  const readDatabaseUrl = databaseUrl ?? config.DATABASE_URL;
  if (!readDatabaseUrl)
    throw new Error('buildApp needs databaseUrl (or config.DATABASE_URL) for the read pool');
  // Prepared reads of the hot paths: the session lookup of every signed-in call, the dashboard, Records, permissions.
  // Every wait on them is bounded (db/waits.ts), as on the Prisma client's (server.ts): the session
  // lookup and the data versions read through them too.
  const waits = databaseWaitsOf(config);
  const readPool = createReadPool(readDatabaseUrl, config.DATABASE_POOL_SIZE, READ_SESSION_OPTIONS, waits);
  app.addHook('onClose', () => readPool.end());
  // Connections open as statements need them: only lists that ask for generic plans use these.
  const genericPool = createReadPool(
    readDatabaseUrl,
    config.DATABASE_POOL_SIZE,
    GENERIC_SESSION_OPTIONS,
    waits,
  );
  app.addHook('onClose', () => genericPool.end());
  const reader = pgReader(readPool, false, genericPool, config.DATABASE_EXPORT_TIMEOUT_SECONDS * 1000);
  const versions = new RememberedDataVersions(pgDataVersions(readPool), {
    databaseUrl: readDatabaseUrl,
    ttlSeconds: config.DATA_VERSION_CACHE_SECONDS,
    log: app.log,
  });
  app.addHook('onClose', () => versions.close());
  const dataVersions = versions.lookup;
  // Serialized answers that follow the organisation's data version (plugins/answerCache.ts).
  const answers = new AnswerCache(dataVersions, config.DASHBOARD_CACHE_MB * 1024 * 1024);
  const links = new LinkService(db);
  const sessions = new SessionCache(pgSessionLookup(readPool), {
    databaseUrl: readDatabaseUrl,
    ttlSeconds: config.SESSION_CACHE_SECONDS,
    maxEntries: SESSION_CACHE_ENTRIES,
    log: app.log,
  });
  app.addHook('onClose', () => sessions.close());
  await app.register(authPlugin, {
    db,
    links,
    sessions: sessions.get,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
  });
  await app.register(cookiesPlugin, {
    secret: config.COOKIE_SECRET,
    production: config.NODE_ENV === 'production',
  });
  await app.register(openApiPlugin, { productName: config.PRODUCT_NAME });
  await app.register(rateLimitPlugin);
  await app.register(uploadsPlugin);
  await app.register(mailPlugin, { db, config });
  const storage = new LocalFileStorage(config.FILE_STORAGE_DIR);
  const fileSweeper = new FileSweeper(
    db,
    storage,
    { graceMinutes: config.FILE_SWEEP_GRACE_MINUTES, intervalMinutes: config.FILE_SWEEP_INTERVAL_MINUTES },
    app.log,
  );
  app.decorate('fileSweeper', fileSweeper);
  const secrets = new SecretBox(loadSecretsKey(config));
  app.decorate('secrets', secrets);
  const tasks = new TaskService(db, reader, app.mail, {
    publicUrl: config.PUBLIC_URL,
    productName: config.PRODUCT_NAME,
    now,
  });
  app.decorate('tasks', tasks);
  // Filled in with the services that send them, below; each runs even when another fails.
  const supplierReminders: (() => Promise<unknown>)[] = [];
  app.decorate('sendSupplierReminders', async () => {
    const results = await Promise.allSettled(supplierReminders.map((send) => send()));
    for (const result of results)
      if (result.status === 'rejected') app.log.warn({ err: result.reason }, 'supplier reminders failed');
  });
  app.addHook('onClose', () => fileSweeper.stop());

  const passwords = new PasswordHasher({
    concurrency: config.PASSWORD_HASH_CONCURRENCY,
    queue: config.PASSWORD_HASH_QUEUE,
  });
  const throttle = new SignInThrottle(db, {
    perAddress: { failures: config.LOCKOUT_THRESHOLD, minutes: config.LOCKOUT_MINUTES },
    perAccount: { failures: config.ACCOUNT_LOCKOUT_THRESHOLD, minutes: config.ACCOUNT_LOCKOUT_MINUTES },
  });
  const throttleSweep = setInterval(() => {
    throttle.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'sign-in throttle sweep failed'));
  }, 3_600_000).unref();
  app.addHook('onClose', () => clearInterval(throttleSweep));
  app.addHook('onClose', closeRenderPools);
  const auth = new AuthService(db, reader, passwords, throttle, {
    sessionTtlHours: config.SESSION_TTL_HOURS,
  });
  const abuseLimits = {
    perAddressPerMinute: config.RATE_LIMIT_PER_ADDRESS,
    perAccountPerMinute: config.RATE_LIMIT_PER_ACCOUNT,
  };
  const sso = new SsoService(db, auth, {
    publicUrl: config.PUBLIC_URL,
    allowInsecureIssuers: config.NODE_ENV !== 'production',
    secrets,
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        health: new HealthService(db, storage, {
          timeoutMs: config.HEALTH_CHECK_TIMEOUT_SECONDS * 1000,
          migrations: shippedMigrationNames(),
        }),
      });
      await api.register(configurationRoutes, { config, sso });
      await api.register(ssoRoutes, { sso, publicUrl: config.PUBLIC_URL, abuseLimits });
      await api.register(authRoutes, { auth, abuseLimits });
      await api.register(dashboardRoutes, {
        dashboard: new DashboardService(reader),
        cache: answers,
      });
      await api.register(passwordRoutes, {
        password: new PasswordService(db, app.mail, passwords, throttle, {
          publicUrl: config.PUBLIC_URL,
          productName: config.PRODUCT_NAME,
        }),
        abuseLimits,
      });
      await api.register(accountRoutes, { account: new AccountService(db) });
      await api.register(changeLogRoutes, { changeLog: new ChangeLogService(reader) });
      await api.register(administrationRoutes, {
        profile: new OrganisationProfileService(db, storage, secrets),
        structure: new OrganisationStructureService(db, reader),
        cache: answers,
      });
      await api.register(notificationRoutes, {
        notifications: new NotificationService(db, app.mail, {
          productName: config.PRODUCT_NAME,
          publicUrl: config.PUBLIC_URL,
        }),
      });
      const invitations = new Invitations(app.mail, {
        publicUrl: config.PUBLIC_URL,
        productName: config.PRODUCT_NAME,
      });
      await api.register(employeeRoutes, {
        employees: new EmployeeService(db, reader, invitations, throttle),
        cache: answers,
      });
      await api.register(supplierRoutes, { suppliers: new SupplierAdminService(db, reader, invitations) });
      await api.register(supplierAccessRoutes, { supplierAccess: new SupplierAccessService(db, storage) });
      const attachments = new AttachmentService(db, storage);
      // Mails that attach stored files (the close-off PDF) read them through the same storage.
      app.mail.setAttachmentLoader(async (key) => Buffer.concat(await storage.read(key).toArray()));
      attachments.registerPolicy('notice', noticeAttachmentPolicy(db));
      await api.register(noticeboardRoutes, { notices: new NoticeAdminService(db, reader, attachments) });
      await api.register(templateRoutes, { templates: new TemplateAdminService(db, reader) });
      // One review schedule for every register (modules/reviews).
      const reviews = new ReviewService(db);
      const registerParts = new RegisterParts(db, attachments, reviews, app.mail, {
        publicUrl: config.PUBLIC_URL,
      });
      await api.register(riskRoutes, {
        risks: new RiskService(db, reader, registerParts),
        parts: registerParts,
      });
      await api.register(hazardousRoutes, {
        hazardous: new HazardousService(db, reader, attachments, registerParts),
        parts: registerParts,
      });
      const externalParties = new ExternalPartiesService(db, reader, app.mail, {
        publicUrl: config.PUBLIC_URL,
        productName: config.PRODUCT_NAME,
      });
      const requirements = new SupplierRequirementService(db, reader, app.mail, attachments, {
        publicUrl: config.PUBLIC_URL,
        productName: config.PRODUCT_NAME,
      });
      attachments.registerPolicy('requirement', requirements.attachmentPolicy);
      await api.register(externalPartiesRoutes, { externalParties, requirements, cache: answers });
      // The reminders before a supplier form's or document's due date and a document's expiry,
      // each sent once (claimed in the database): hourly, by the job queue (plugins/jobs.ts).
      supplierReminders.push(
        () => externalParties.sendReminders(),
        () => requirements.sendReminders(),
      );
      const assignedActions = new AssignedActionService(db, reader, attachments, app.mail, {
        publicUrl: config.PUBLIC_URL,
        productName: config.PRODUCT_NAME,
      });
      await api.register(assignedActionRoutes, { assignedActions });
      await api.register(taskRoutes, { tasks });
      await api.register(actionRegisterRoutes, {
        actionRegister: new ActionRegisterService(db, reader, app.mail, assignedActions, {
          publicUrl: config.PUBLIC_URL,
        }),
      });
      await api.register(obligationRoutes, {
        obligations: new ObligationService(db, reader, attachments, reviews),
      });
      const documents = new DocumentService(db, reader, attachments, reviews, app.mail, {
        publicUrl: config.PUBLIC_URL,
      });
      attachments.registerPolicy('document', documents.documentFilePolicy);
      attachments.registerPolicy('documentVersion', documents.versionFilePolicy);
      await api.register(documentRoutes, { documents, workItems: new DocumentWorkItems(db, reader) });
      await api.register(linkRoutes, {
        links,
        externalTask: new ExternalTaskService(db, attachments, assignedActions),
      });
      await api.register(attachmentRoutes, { attachments });
      await api.register(clockInRoutes, { clockIn: new ClockInService(db) });
      await api.register(qrCodeRoutes, { qrCodes: new QrCodeService(db, config.PUBLIC_URL) });
      const submissionPolicy = new SubmissionPolicy(db, reader, attachments);
      const closeOff = new CloseOffService(
        db,
        storage,
        app.mail,
        { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME },
        submissionPolicy,
      );
      await api.register(closeOffRoutes, { closeOff });
      const submissionOptions = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
      const templates = new SubmissionTemplates(db, reader);
      const submissions = new SubmissionService(
        db,
        reader,
        attachments,
        app.mail,
        submissionOptions,
        submissionPolicy,
        templates,
      );
      await api.register(auditRoutes, {
        audits: new AuditService(db, reader, storage, attachments, templates, app.mail, submissionOptions),
      });
      await api.register(qrSubmissionRoutes, {
        qrSubmissions: new QrSubmissionService(db, submissions, templates),
      });
      const pickLists = new PickLists(db, reader, submissionPolicy, dataVersions);
      await api.register(submissionRoutes, {
        submissions,
        templates,
        pickLists,
        cache: answers,
        records: new SubmissionRecords(db, reader, submissionPolicy),
        supplierLinks: new SupplierLinkService(
          db,
          submissions,
          templates,
          pickLists,
          attachments,
          storage,
          app.mail,
          submissionOptions,
        ),
      });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}
