import { addDays, addMonths, format, parseISO } from 'date-fns';
import { z } from 'zod';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay, ZPage } from './envelope';

/**
 * Competencies (issue 42, Human Resources): the catalogue of licences, tickets, certificates and
 * skills, each employee's records of them with evidence files, the competencies each position
 * requires and the matrix of people × competencies. docs/human-resources.md has the decisions.
 */
export const competencyMessages = {
  nameRequired: 'Please enter the name of the competency.',
  nameTaken: 'A competency with this name already exists.',
  kindUnknown: 'Choose the kind of competency from the list.',
  validForRequired: 'Please enter how many months the competency stays valid.',
  validForRange: 'A competency stays valid from 1 to 600 months.',
  competencyRequired: 'Choose the competency.',
  competencyInactive: 'This competency is no longer in use: choose another one.',
  achievedRequired: 'Please enter the date the competency was achieved.',
  expiryBeforeAchieved: 'The expiry date cannot be before the date achieved.',
  positionMissing: 'A chosen position does not exist.',
  saved: 'Competency saved.',
  deactivated: 'The competency is no longer in use; its records stay.',
  reactivated: 'The competency is in use again.',
  requirementsSaved: 'Required positions saved.',
  recordSaved: 'Competency record saved.',
  recordDeleted: 'Competency record deleted.',
  filesAdded: 'Files added.',
  fileDeleted: 'The file has been deleted.',
  filesRequired: 'Choose at least one file.',
} as const;

export const COMPETENCY_KINDS = ['licence', 'ticket', 'certificate', 'skill'] as const;
export type CompetencyKind = (typeof COMPETENCY_KINDS)[number];
export const COMPETENCY_KIND_LABELS: Record<CompetencyKind, string> = {
  licence: 'Licence',
  ticket: 'Ticket',
  certificate: 'Certificate',
  skill: 'Skill',
};

/** A record expiring within this many days (today included) stands as "expiring". */
export const COMPETENCY_EXPIRING_DAYS = 30;

/**
 * How an employee stands in a competency: held (current), expiring (within
 * COMPETENCY_EXPIRING_DAYS), expired, missing (their position requires it and they have no
 * record), none (not required and not held).
 */
export const COMPETENCY_STANDINGS = ['held', 'expiring', 'expired', 'missing', 'none'] as const;
export type CompetencyStanding = (typeof COMPETENCY_STANDINGS)[number];
export const COMPETENCY_STANDING_LABELS: Record<CompetencyStanding, string> = {
  held: 'Held',
  expiring: 'Expiring',
  expired: 'Expired',
  missing: 'Missing',
  none: '—',
};

/** The last day of the "expiring" window that starts today (both 'yyyy-MM-dd'). */
export function competencyExpiringUntil(today: string): string {
  return format(addDays(parseISO(today), COMPETENCY_EXPIRING_DAYS), 'yyyy-MM-dd');
}

/**
 * The standing from the latest record's expiry (null: never expires) and today. A record is valid
 * through its expiry day: it is expired from the day after. `latest` undefined: no record at all.
 */
export function competencyStanding(
  latest: { expiresOn: string | null } | undefined,
  today: string,
  required: boolean,
): CompetencyStanding {
  if (!latest) return required ? 'missing' : 'none';
  if (latest.expiresOn === null) return 'held';
  const expiresOn = latest.expiresOn.slice(0, 10);
  if (expiresOn < today) return 'expired';
  return expiresOn <= competencyExpiringUntil(today) ? 'expiring' : 'held';
}

/** The expiry a new record gets from the day achieved and how long the competency lasts. */
export function competencyDefaultExpiry(achievedOn: string, validForMonths: number): string {
  return format(addMonths(parseISO(achievedOn), validForMonths), 'yyyy-MM-dd');
}

const ZId = z.object({ _id: z.uuid() });
const employee = { callers: ['employee'] } as const;
const hrAdmin = { callers: ['employee'], accessKeys: ['hrAdmin'] } as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

const ZRef = z.object({ _id: z.uuid(), name: z.string() });

export const ZCompetencyRef = ZRef.extend({
  kind: z.enum(COMPETENCY_KINDS),
  expires: z.boolean(),
  validForMonths: z.number().int().nullable(),
});
export type TCompetencyRef = z.output<typeof ZCompetencyRef>;

// ---- Catalogue

export const ZCompetencyListRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  kind: z.enum(COMPETENCY_KINDS).optional(),
  /** active (default): in use; inactive: deactivated; all: both. */
  status: z.enum(['active', 'inactive', 'all']).default('active'),
});
export type TCompetencyListRequest = z.input<typeof ZCompetencyListRequest>;

export const ZCompetencyRow = ZCompetencyRef.extend({
  description: z.string().nullable(),
  isActive: z.boolean(),
  /** The positions that require it, by name. */
  positions: z.array(ZRef),
});
export type TCompetencyRow = z.output<typeof ZCompetencyRow>;

export const ZCompetencyList = z.object({ rows: z.array(ZCompetencyRow), total: z.number().int() });
export type TCompetencyList = z.output<typeof ZCompetencyList>;

export const ZCompetencySave = z
  .object({
    _id: z.uuid().optional(),
    name: z.string().trim().min(1, competencyMessages.nameRequired).max(200),
    kind: z.enum(COMPETENCY_KINDS, { message: competencyMessages.kindUnknown }),
    description: optionalText(2000),
    expires: z.boolean(),
    /** Required when it expires; ignored (stored empty) when it does not. */
    validForMonths: z
      .number({ message: competencyMessages.validForRange })
      .int(competencyMessages.validForRange)
      .min(1, competencyMessages.validForRange)
      .max(600, competencyMessages.validForRange)
      .nullable()
      .default(null),
  })
  .superRefine((input, ctx) => {
    if (input.expires && input.validForMonths === null)
      ctx.addIssue({
        code: 'custom',
        path: ['validForMonths'],
        message: competencyMessages.validForRequired,
      });
  });
export type TCompetencySave = z.input<typeof ZCompetencySave>;
export type TCompetencySaveParsed = z.output<typeof ZCompetencySave>;

export const ZCompetencySetActive = z.object({ _id: z.uuid(), isActive: z.boolean() });
export type TCompetencySetActive = z.input<typeof ZCompetencySetActive>;

export const ZCompetencyPositionsSet = z.object({
  _id: z.uuid(),
  positionIds: z.array(z.uuid()).max(500),
});
export type TCompetencyPositionsSet = z.input<typeof ZCompetencyPositionsSet>;

/** What the screens pick from: the active catalogue, the positions and the workplaces. */
export const ZCompetencyOptions = z.object({
  competencies: z.array(ZCompetencyRef),
  positions: z.array(ZRef),
  workplaces: z.array(ZRef),
});
export type TCompetencyOptions = z.output<typeof ZCompetencyOptions>;

// ---- An employee's records

export const ZCompetencyRecord = z.object({
  _id: z.uuid(),
  competency: ZCompetencyRef,
  achievedOn: z.string(),
  /** null: the competency does not expire. */
  expiresOn: z.string().nullable(),
  reference: z.string().nullable(),
  issuer: z.string().nullable(),
  notes: z.string().nullable(),
  /** This record alone against today (held, expiring or expired). */
  standing: z.enum(COMPETENCY_STANDINGS),
  /** The latest record of its competency: the one the employee's standing comes from. */
  isLatest: z.boolean(),
  createdBy: z.string().nullable(),
  attachments: z.array(ZAttachment),
  updatedAt: z.string(),
});
export type TCompetencyRecord = z.output<typeof ZCompetencyRecord>;

export const ZEmployeeCompetencyRequest = z.object({ employeeId: z.uuid() });
export type TEmployeeCompetencyRequest = z.input<typeof ZEmployeeCompetencyRequest>;

/** What the caller may do with this employee's records (the server checks again on each call). */
export const ZCompetencyRights = z.object({
  /** Add, renew, change records and their files. */
  mayEdit: z.boolean(),
  mayDelete: z.boolean(),
});

export const ZEmployeeCompetencySummary = z.object({
  employee: ZRef.extend({ position: ZRef.nullable(), manager: ZRef.nullable() }),
  /** Each competency the position requires or the employee holds, by name. */
  rows: z.array(
    z.object({
      competency: ZCompetencyRef,
      required: z.boolean(),
      standing: z.enum(COMPETENCY_STANDINGS),
      latest: ZCompetencyRecord.nullable(),
      /** How many records the employee has of it (renewals included). */
      recordCount: z.number().int(),
    }),
  ),
  counts: z.record(z.enum(COMPETENCY_STANDINGS), z.number().int()),
  rights: ZCompetencyRights,
});
export type TEmployeeCompetencySummary = z.output<typeof ZEmployeeCompetencySummary>;

export const ZCompetencyRecordListRequest = ZEmployeeCompetencyRequest.extend({
  /** Only this competency's records (its history). */
  competencyId: z.uuid().optional(),
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TCompetencyRecordListRequest = z.input<typeof ZCompetencyRecordListRequest>;

export const ZCompetencyRecordList = z.object({
  /** Newest first (by expiry, then the day achieved). */
  rows: z.array(ZCompetencyRecord),
  total: z.number().int(),
  rights: ZCompetencyRights,
});
export type TCompetencyRecordList = z.output<typeof ZCompetencyRecordList>;

/**
 * A new record (a renewal is a new record) or a change to one (_id given). expiresOn left out or
 * null on a competency that expires: the day achieved plus its months. On one that does not
 * expire the expiry is always empty.
 */
export const ZCompetencyRecordSave = z
  .object({
    _id: z.uuid().optional(),
    employeeId: z.uuid(),
    competencyId: z.uuid(competencyMessages.competencyRequired),
    achievedOn: ZDay,
    expiresOn: ZDay.nullable().default(null),
    reference: optionalText(200),
    issuer: optionalText(200),
    notes: optionalText(4000),
  })
  .superRefine((input, ctx) => {
    if (input.expiresOn && input.expiresOn < input.achievedOn)
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: competencyMessages.expiryBeforeAchieved });
  });
export type TCompetencyRecordSave = z.input<typeof ZCompetencyRecordSave>;
export type TCompetencyRecordSaveParsed = z.output<typeof ZCompetencyRecordSave>;

// ---- The matrix

export const ZCompetencyMatrixRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  /** The employee's name or number. */
  search: z.string().trim().max(200).optional(),
  workplaceId: z.uuid().optional(),
  positionId: z.uuid().optional(),
  /** One competency's column only. */
  competencyId: z.uuid().optional(),
  /** Employees with this standing in the competency chosen, or in any competency when none is. */
  standing: z.enum(['held', 'expiring', 'expired', 'missing']).optional(),
});
export type TCompetencyMatrixRequest = z.input<typeof ZCompetencyMatrixRequest>;

export const ZCompetencyMatrixCell = z.object({
  competencyId: z.uuid(),
  standing: z.enum(COMPETENCY_STANDINGS),
  expiresOn: z.string().nullable(),
});
export type TCompetencyMatrixCell = z.output<typeof ZCompetencyMatrixCell>;

export const ZCompetencyMatrix = z.object({
  /**
   * The competencies in view: the one chosen, or those the page's employees are required to hold
   * or hold, by name.
   */
  columns: z.array(ZCompetencyRef),
  /** Employees by name; one cell per column, in the columns' order. */
  rows: z.array(
    z.object({
      employee: ZRef,
      position: z.string().nullable(),
      workplace: z.string().nullable(),
      cells: z.array(ZCompetencyMatrixCell),
    }),
  ),
  total: z.number().int(),
});
export type TCompetencyMatrix = z.output<typeof ZCompetencyMatrix>;

export const ZCompetencyMatrixExportQuery = ZCompetencyMatrixRequest.omit({ page: true, pageSize: true });
export type TCompetencyMatrixExportQuery = z.input<typeof ZCompetencyMatrixExportQuery>;

// ---- Calls

export const competencyListCall = defineCall({
  method: 'POST',
  path: '/competencyList',
  tags: ['competencies'],
  summary: 'The competency catalogue: a page of competencies by name, searched and filtered by kind',
  access: employee,
  body: ZCompetencyListRequest,
  response: ZCompetencyList,
});

export const competencyOptionsCall = defineCall({
  method: 'POST',
  path: '/competencyOptions',
  tags: ['competencies'],
  summary: 'The active competencies, the positions and the workplaces, for pick lists and filters',
  access: employee,
  response: ZCompetencyOptions,
});

export const competencySaveCall = defineCall({
  method: 'POST',
  path: '/competencySave',
  tags: ['competencies'],
  summary: 'Add a competency to the catalogue or change one (_id given)',
  access: hrAdmin,
  body: ZCompetencySave,
  response: ZId,
});

export const competencySetActiveCall = defineCall({
  method: 'POST',
  path: '/competencySetActive',
  tags: ['competencies'],
  summary: 'Take a competency out of use (its records stay) or back into use',
  access: hrAdmin,
  body: ZCompetencySetActive,
  response: z.null(),
});

export const competencyPositionsSetCall = defineCall({
  method: 'POST',
  path: '/competencyPositionsSet',
  tags: ['competencies'],
  summary: 'Set the positions that require a competency (the list given replaces the old one)',
  access: hrAdmin,
  body: ZCompetencyPositionsSet,
  response: z.null(),
});

export const employeeCompetencySummaryCall = defineCall({
  method: 'POST',
  path: '/employeeCompetencySummary',
  tags: ['competencies'],
  summary:
    "An employee's competencies (My Competency): each required or held one with its standing, " +
    'latest record and number of records; for the employee, their manager and HR',
  access: employee,
  body: ZEmployeeCompetencyRequest,
  response: ZEmployeeCompetencySummary,
});

export const competencyRecordListCall = defineCall({
  method: 'POST',
  path: '/competencyRecordList',
  tags: ['competencies'],
  summary: "A page of an employee's competency records with their files, newest first",
  access: employee,
  body: ZCompetencyRecordListRequest,
  response: ZCompetencyRecordList,
});

export const competencyRecordSaveCall = defineCall({
  method: 'POST',
  path: '/competencyRecordSave',
  tags: ['competencies'],
  summary: 'Add a competency record (a renewal is a new record) or change one (_id given)',
  access: employee,
  body: ZCompetencyRecordSave,
  response: ZId,
});

export const competencyRecordDeleteCall = defineCall({
  method: 'POST',
  path: '/competencyRecordDelete',
  tags: ['competencies'],
  summary: 'Delete a competency record and its files (HR only)',
  access: employee,
  body: ZId,
  response: z.null(),
});

export const ZCompetencyRecordFilesAdd = z.object({ _id: z.uuid() });

export const competencyRecordFilesAddCall = defineCall({
  method: 'POST',
  path: '/competencyRecordFilesAdd',
  tags: ['competencies'],
  summary: 'Attach evidence files to a competency record (multipart: _id and files)',
  access: employee,
  multipart: ZCompetencyRecordFilesAdd,
  response: z.null(),
});

export const ZCompetencyRecordFileDelete = z.object({ _id: z.uuid(), fileId: z.uuid() });
export type TCompetencyRecordFileDelete = z.input<typeof ZCompetencyRecordFileDelete>;

export const competencyRecordFileDeleteCall = defineCall({
  method: 'POST',
  path: '/competencyRecordFileDelete',
  tags: ['competencies'],
  summary: 'Delete an evidence file of a competency record (_id: the record, fileId: the file)',
  access: employee,
  body: ZCompetencyRecordFileDelete,
  response: z.null(),
});

export const competencyMatrixCall = defineCall({
  method: 'POST',
  path: '/competencyMatrix',
  tags: ['competencies'],
  summary:
    'People × competencies: a page of employees with their standing in each competency in view; ' +
    'HR sees everyone, a manager their direct reports',
  access: employee,
  body: ZCompetencyMatrixRequest,
  response: ZCompetencyMatrix,
});

export const competencyMatrixExportCall = defineCall({
  method: 'GET',
  path: '/competencyMatrixExport',
  tags: ['competencies'],
  summary: 'The filtered matrix as a CSV file (the file itself; errors in the envelope)',
  access: employee,
  query: ZCompetencyMatrixExportQuery,
  response: 'file',
});

/** The screens' paths: the catalogue (HR Admin) and My Competency (an employee's own page). */
export const COMPETENCY_ADMIN_PATH = '/human-resource/admin/competencies';
export const employeeCompetencyPath = (employeeId: string) =>
  `/human-resource/employee/competency/${encodeURIComponent(employeeId)}`;
