import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { boundedPoolConfig, noAnswerAfter, type DatabaseWaits } from './waits';

export type Db = PrismaClient;
export type { MailMessage, Notice, Prisma, Review } from '../generated/prisma/client';

const WRITES = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);

const sessionDataListeners = new Set<() => void>();

/**
 * Calls `listener` after every write this process makes through Prisma to what a session lookup
 * reads; returns the way to stop. Other processes hear of writes from the database
 * (plugins/sessionCache.ts); this process hears of its own before its request answers.
 */
export function onSessionDataWrite(listener: () => void): () => void {
  sessionDataListeners.add(listener);
  return () => sessionDataListeners.delete(listener);
}

/** A new session changes no looked-up one, and the auth plugin's lastSeenAt touch is kept in the cache. */
function changesSessionData(model: string, operation: string, args: unknown): boolean {
  if (!WRITES.has(operation)) return false;
  if (model !== 'Session') return true;
  if (operation.startsWith('create')) return false;
  const data = (args as { data?: object }).data;
  return !(operation.startsWith('update') && data && Object.keys(data).every((key) => key === 'lastSeenAt'));
}

/** Watches one model's calls; only the models a session lookup reads get it, so no other query pays for it. */
const watchSessionData = {
  async $allOperations({
    model,
    operation,
    args,
    query,
  }: {
    model: string;
    operation: string;
    args: unknown;
    query: (args: unknown) => Promise<unknown>;
  }) {
    const result = await query(args);
    if (changesSessionData(model, operation, args)) for (const listener of sessionDataListeners) listener();
    return result;
  },
};

const dataWriteListeners = new Set<() => void>();

/**
 * Calls `listener` when this process writes, through Prisma, a table that moves the organisation's
 * data version (db/versionedCache.ts), or executes a raw statement (which might). Called as the write
 * is sent, before its transaction commits; returns the way to stop.
 */
export function onDataWrite(listener: () => void): () => void {
  dataWriteListeners.add(listener);
  return () => dataWriteListeners.delete(listener);
}

/**
 * The tables with the data version's trigger (migration dashboard_version and those since), named as
 * their models are (no model maps its table to another name); test/dataVersions.test.ts checks the
 * list against the database. A session's lastSeenAt touch, a sign-in throttle or the mail outbox
 * moves no version.
 */
export const VERSIONED_MODELS = [
  'Action',
  'Asset',
  'Attachment',
  'Audit',
  'AuditQuestionTask',
  'Branch',
  'Company',
  'Competency',
  'CompetencyRecord',
  'Document',
  'DocumentAcknowledgement',
  'DocumentAction',
  'DocumentApproval',
  'DocumentVersion',
  'Employee',
  'FormSubmission',
  'FormTemplate',
  'HazardousSubstance',
  'HrFormAssignment',
  'MaintenanceRecord',
  'Notice',
  'Obligation',
  'ObligationQuestionTask',
  'OnlineTrainingAssignment',
  'PerformanceReview',
  'Personnel',
  'Position',
  'PositionCompetency',
  'RequirementType',
  'Review',
  'Risk',
  'Role',
  'ScheduledTask',
  'SubmissionCoordinator',
  'SubmissionValue',
  'SupplierAssignment',
  'SupplierCompany',
  'SupplierRequirement',
  'TrainingCourse',
  'Workplace',
] as const;
const VERSIONED = new Set<string>(VERSIONED_MODELS);

const RAW_WRITES = new Set(['$executeRaw', '$executeRawUnsafe']);

function hearDataWrite(model: string | undefined, operation: string) {
  const versioned = model ? VERSIONED.has(model) && WRITES.has(operation) : RAW_WRITES.has(operation);
  if (versioned) for (const listener of dataWriteListeners) listener();
}

/**
 * The Prisma client on its own pool. `waits` bounds every wait of the API's client (db/waits.ts);
 * the seeds and the command-line tools leave it out, their long statements run unbounded.
 */
export function createPrisma(
  connectionString: string,
  maxConnections = 10,
  waits?: DatabaseWaits,
): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: maxConnections, ...(waits && boundedPoolConfig(waits)) });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    ...(waits && {
      transactionOptions: {
        // Starting is a connection and a BEGIN: the pool's own bounds answer first, with the reason
        // (no connection, or no answer), and this is only the backstop.
        maxWait: waits.acquireMs + noAnswerAfter(waits.statementMs),
        timeout: waits.transactionMs,
      },
    }),
  });
  // A query extension leaves the client's API as it is: the cast only names it the same.
  const extended = client.$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        hearDataWrite(model, operation);
        return query(args);
      },
      // The models whose rows a session lookup reads (plugins/sessionLookup.ts).
      session: watchSessionData,
      user: watchSessionData,
      company: watchSessionData,
      employee: watchSessionData,
      role: watchSessionData,
      supplierCompany: watchSessionData,
    },
  }) as unknown as PrismaClient;
  prismaPools.set(extended, pool);
  return extended;
}

const prismaPools = new WeakMap<PrismaClient, pg.Pool>();

/** The connection pool under a client made by createPrisma (its use is a metric, plugins/metrics.ts). */
export const prismaPoolOf = (db: PrismaClient): pg.Pool | undefined => prismaPools.get(db);
