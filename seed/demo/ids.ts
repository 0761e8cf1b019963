import { createHash } from 'node:crypto';
import { Prisma } from '../../server/src/generated/prisma/client';

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_ORGANISATION = 'Northwind Facilities';
export const SECOND_ORGANISATION = 'Southbank Logistics';

/**
 * Every demo account with a dashboard (noah.expired must change his password, zoe.noportal's portal
 * is off): the tests that open every item each one lists go through these.
 */
export const DASHBOARD_ACCOUNTS = [
  'olivia.admin',
  'ethan.coordinator',
  'mia.employee',
  'ava.dual',
  'ava.nguyen@acme-contracting.example',
  'acme.supplier',
  'liam.personnel',
  'sam.southbank',
] as const;

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
