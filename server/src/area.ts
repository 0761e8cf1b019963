import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/prisma';
import type { Reader } from './db/reader';
import type { DataVersionLookup } from './db/versionedCache';
import type { AnswerCache } from './plugins/answerCache';
import type { MailQueue } from './plugins/mail';
import type { AbuseLimits } from './plugins/rateLimit';
import type { SecretBox } from './plugins/secrets';
import type { FileStorage } from './plugins/storage';

/** What buildApp gives every area, below the modules (the platform areas' services are added by app.ts). */
export interface Platform {
  config: Config;
  db: Db;
  /** The database's address: for the jobs whose statements outlast the API's bounds (report rollups). */
  databaseUrl: string;
  reader: Reader;
  dataVersions: DataVersionLookup;
  /** Serialized answers that follow the organisation's data version (plugins/answerCache.ts). */
  answers: AnswerCache;
  storage: FileStorage;
  secrets: SecretBox;
  mail: MailQueue;
  abuseLimits: AbuseLimits;
  /** The hourly reminders (plugins/jobs.ts): supplier forms and requirements, competency expiries; an area adds the ones its services send. */
  hourlyReminders: (() => Promise<unknown>)[];
  /** Every five minutes (plugins/jobs.ts) and once at start: the report rollups' refresh; an area adds its own. */
  everyFiveMinutes: (() => Promise<unknown>)[];
}

/**
 * One feature area of the API: `register` adds its routes to the api scope (/api) from what it needs
 * (the platform and what earlier areas provide) and returns what it provides to the areas after it.
 */
export interface Area<Needs, Provides = void> {
  name: string;
  register: (api: FastifyInstance, needs: Needs) => Promise<Provides>;
}

type AnyArea = Area<never, unknown>;
type NeedsOf<A> = A extends Area<infer Needs, unknown> ? Needs : never;
type ProvidesOf<A> =
  A extends Area<never, infer Provides> ? (Provides extends void ? unknown : Provides) : never;

/** `List` where each area finds what it needs in `Has` and what the areas before it provide. */
type InOrder<Has, List> = List extends readonly [infer First, ...infer Rest]
  ? readonly [
      Has extends NeedsOf<First>
        ? First
        : { area: First; missing: Exclude<keyof NeedsOf<First>, keyof Has> | 'a need of another type' },
      ...InOrder<Has & ProvidesOf<First>, Rest>,
    ]
  : readonly [];

/**
 * Registers the areas in order, each given the platform and what the areas before it provided. The
 * type checker holds each area to find its needs there: one listed before an area it needs is an
 * error naming what is missing.
 */
export async function registerAreas<Has extends object, const List extends readonly AnyArea[]>(
  api: FastifyInstance,
  platform: Has,
  areas: List & InOrder<Has, List>,
): Promise<void> {
  const provided: object = { ...platform };
  for (const area of areas as readonly AnyArea[])
    Object.assign(provided, await area.register(api, provided as never));
}
