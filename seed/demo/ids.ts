import { createHash } from 'node:crypto';
import { Prisma } from '../../server/src/generated/prisma/client';

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_ORGANISATION = 'Northwind Facilities';
export const SECOND_ORGANISATION = 'Southbank Logistics';

export type Tx = Prisma.TransactionClient;
export type Json = Prisma.InputJsonValue;

/** The deterministic id of a demo row, from its key (for example `nw:user:olivia.admin`). */
export function demoId(key: string): string {
  const hash = createHash('sha1').update(`compass-demo:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function fail(what: string): never {
  throw new Error(`Demo seed: unknown ${what}`);
}
