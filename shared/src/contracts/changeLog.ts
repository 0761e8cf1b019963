import { z } from 'zod';
import type { AccessKey } from '../rules/access';
import { ACCESS, defineCall } from './call';

/**
 * The administered records whose changes are logged, and the access key that lets an employee
 * read (and make) them: the same key the record's administration calls require.
 */
export const ADMINISTERED_ENTITIES = {
  organisation: 'system',
  /** The organisation's e-mail notifications (re-enabled unsubscribes): its id is the organisation's. */
  notifications: 'system',
  workplace: 'system',
  branch: 'system',
  role: 'system',
  position: 'hrPosition',
  employee: 'hrEmployee',
  supplierCompany: 'supplier',
  personnel: 'supplier',
  notice: 'system',
  formTemplate: 'system',
  document: 'document',
  obligation: 'obligation',
  risk: 'risk',
  hazardousSubstance: 'hazardous',
  /** The catalogue is changed with hrAdmin; an employee's records are HR's (hrEmployeeRecord). */
  competency: 'hrAdmin',
  competencyRecord: 'hrEmployeeRecord',
  trainingCourse: 'hrAdmin',
  apiToken: 'system',
  webhook: 'system',
} as const satisfies Record<string, AccessKey>;
export type AdministeredEntity = keyof typeof ADMINISTERED_ENTITIES;
export const ZAdministeredEntity = z.enum(
  Object.keys(ADMINISTERED_ENTITIES) as [AdministeredEntity, ...AdministeredEntity[]],
);

export const ZChangeLogListRequest = z.object({
  entityType: ZAdministeredEntity,
  entityId: z.uuid(),
});

/** One change of a record: who, when, and each attribute's value before and after, as text. */
export const ZRecordChange = z.object({
  _id: z.uuid(),
  createdAt: z.string(),
  action: z.string(),
  /** The person who made it; 'Organisation file' or 'System' when no one signed in did. */
  changedBy: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type TRecordChange = z.output<typeof ZRecordChange>;

export const changeLogListCall = defineCall({
  method: 'POST',
  path: '/changeLogList',
  tags: ['administration'],
  summary: "An administered record's change log, newest first (the record's access key is required)",
  access: ACCESS.employee,
  body: ZChangeLogListRequest,
  response: z.object({ list: z.array(ZRecordChange) }),
});

/** One step of a record's work (an HR form's, a performance review's), read from the change log. */
export const ZStepEvent = z.object({
  action: z.string(),
  /** ISO timestamp. */
  at: z.string(),
  byName: z.string().nullable(),
  /** The reviewer's comment of a return. */
  comment: z.string().nullable(),
});
