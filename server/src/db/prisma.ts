import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;
export type { MailMessage, Notice, Prisma, Review } from '../generated/prisma/client';

export function createPrisma(connectionString: string, maxConnections = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: maxConnections }) });
}
