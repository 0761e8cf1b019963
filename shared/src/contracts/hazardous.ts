import { z } from 'zod';
import { HAZARD_CLASSES, QUANTITY_UNITS } from '../constants';
import { SDS_STATUSES } from '../rules/safetyDataSheet';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay } from './envelope';
import {
  checkReviewers,
  registerCalls,
  ZRating,
  ZRatingShown,
  ZRegisterItemParts,
  ZRegisterListBase,
  ZRegisterStewardship,
} from './registerParts';
import { reviewCalls } from './reviews';

/** The hazardous substances register (access key `hazardous`): docs/registers.md. */
export const hazardousMessages = {
  nameRequired: 'Please enter the product name.',
  nameTaken: 'A substance with this product name is already registered.',
  quantityInvalid: 'The quantity must be a number from 0 up.',
  unitRequired: 'Choose the unit of the quantity.',
  unitUnknown: 'Choose a unit from the list.',
  hazardClassUnknown: 'Choose hazard classes from the GHS list.',
  sdsFileRequired: 'Choose the safety data sheet file.',
  sdsFileType: 'A safety data sheet must be a PDF file.',
  sdsIssueRequired: 'Please enter the date the safety data sheet was issued.',
  sdsIssueFuture: 'The issue date of the safety data sheet cannot be in the future.',
  sdsExpiryBeforeIssue: 'The expiry date cannot be before the issue date.',
  sdsUploaded: 'Safety data sheet uploaded.',
  saved: 'Substance saved.',
  deleted: 'Substance deleted.',
} as const;

const access = { callers: ['employee'], accessKeys: ['hazardous'] } as const;
const ZId = z.object({ _id: z.uuid() });
const HAZARD_CLASS_KEYS = HAZARD_CLASSES.map((entry) => entry.key) as [string, ...string[]];

export const HAZARDOUS_SORTS = ['name', 'rating', 'nextReview', 'sdsIssue'] as const;
export type HazardousSort = (typeof HAZARDOUS_SORTS)[number];
export const HAZARDOUS_SORT_LABELS: Record<HazardousSort, string> = {
  name: 'Product',
  rating: 'Highest rating',
  nextReview: 'Next review',
  sdsIssue: 'Oldest SDS',
};

export const ZHazardousListRequest = ZRegisterListBase.extend({
  sort: z.enum(HAZARDOUS_SORTS).default('name'),
  /** 'yes': only substances whose SDS is missing or due (older than five years, or expired). */
  sdsDue: z.enum(['yes']).optional(),
  hazardClass: z.enum(HAZARD_CLASS_KEYS).optional(),
});
export type THazardousListRequest = z.input<typeof ZHazardousListRequest>;

export const ZHazardousRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** False once a review retired it (it leaves the forms' pick lists too). */
  isActive: z.boolean(),
  supplierName: z.string(),
  workplaceName: z.string().nullable(),
  storageLocation: z.string(),
  quantity: z.number().nullable(),
  quantityUnit: z.string().nullable(),
  hazardClasses: z.array(z.string()),
  rating: ZRatingShown.nullable(),
  sdsIssueDate: z.string().nullable(),
  sdsStatus: z.enum(SDS_STATUSES),
  nextReviewDate: z.string().nullable(),
  reviewDueType: z.enum(TASK_DUE_TYPES),
});
export type THazardousRow = z.output<typeof ZHazardousRow>;

export const ZHazardousList = z.object({
  rows: z.array(ZHazardousRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

export const ZHazardousSave = ZRegisterStewardship.extend({
  _id: z.uuid().optional(),
  name: z.string().trim().min(1, hazardousMessages.nameRequired).max(200),
  supplierName: z.string().trim().max(200).default(''),
  storageLocation: z.string().trim().max(200).default(''),
  quantity: z
    .number({ message: hazardousMessages.quantityInvalid })
    .min(0, hazardousMessages.quantityInvalid)
    .max(1e9, hazardousMessages.quantityInvalid)
    .nullable()
    .default(null),
  quantityUnit: z.enum(QUANTITY_UNITS, { message: hazardousMessages.unitUnknown }).nullable().default(null),
  hazardClasses: z
    .array(z.enum(HAZARD_CLASS_KEYS, { message: hazardousMessages.hazardClassUnknown }))
    .max(HAZARD_CLASSES.length)
    .default([]),
  rating: ZRating,
})
  .superRefine(checkReviewers)
  .superRefine((input, ctx) => {
    if (input.quantity !== null && !input.quantityUnit)
      ctx.addIssue({ code: 'custom', path: ['quantityUnit'], message: hazardousMessages.unitRequired });
  });
export type THazardousSave = z.input<typeof ZHazardousSave>;
export type THazardousSaveParsed = z.output<typeof ZHazardousSave>;

export const ZHazardousDetails = ZRegisterItemParts.extend({
  _id: z.uuid(),
  name: z.string(),
  supplierName: z.string(),
  storageLocation: z.string(),
  quantity: z.number().nullable(),
  quantityUnit: z.enum(QUANTITY_UNITS).nullable(),
  hazardClasses: z.array(z.string()),
  rating: ZRatingShown.nullable(),
  sds: z.object({
    issueDate: z.string().nullable(),
    expiryDate: z.string().nullable(),
    status: z.enum(SDS_STATUSES),
    /** The current sheet (the latest uploaded); earlier ones stay in `sheets`. */
    file: ZAttachment.nullable(),
    sheets: z.array(ZAttachment),
  }),
});
export type THazardousDetails = z.output<typeof ZHazardousDetails>;

/** The dates sent with a safety data sheet upload (multipart fields beside the file). */
export const ZSdsUpload = z
  .object({
    _id: z.uuid(),
    issueDate: ZDay,
    expiryDate: z.union([ZDay, z.literal('')]).default(''),
  })
  .superRefine((input, ctx) => {
    if (input.expiryDate && input.expiryDate < input.issueDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: hazardousMessages.sdsExpiryBeforeIssue });
  });
export type TSdsUpload = z.input<typeof ZSdsUpload>;

export const hazardousListCall = defineCall({
  method: 'POST',
  path: '/hazardousList',
  tags: ['hazardous'],
  summary: 'The hazardous substances register: a page of substances, searched, filtered and sorted',
  access,
  body: ZHazardousListRequest,
  response: ZHazardousList,
});

/** The export takes the list's filters and sort as a query (a link the browser downloads). */
export const ZHazardousExportQuery = ZHazardousListRequest.omit({ page: true, pageSize: true });
export type THazardousExportQuery = z.input<typeof ZHazardousExportQuery>;

export const hazardousExportCall = defineCall({
  method: 'GET',
  path: '/hazardousExport',
  tags: ['hazardous'],
  summary: 'The filtered register as a CSV file (the file itself; errors in the envelope)',
  access,
  query: ZHazardousExportQuery,
  response: 'file',
});

export const hazardousDetailsCall = defineCall({
  method: 'POST',
  path: '/hazardousDetails',
  tags: ['hazardous'],
  summary: 'One substance with its safety data sheet, rating, schedule, actions and attachments',
  access,
  body: ZId,
  response: ZHazardousDetails,
});

export const hazardousSaveCall = defineCall({
  method: 'POST',
  path: '/hazardousSave',
  tags: ['hazardous'],
  summary: 'Register a substance or change one (_id given); its open review follows the schedule',
  access,
  body: ZHazardousSave,
  response: ZId,
});

export const hazardousDeleteCall = defineCall({
  method: 'POST',
  path: '/hazardousDelete',
  tags: ['hazardous'],
  summary: 'Delete a substance, its actions and its open review',
  access,
  body: ZId,
  response: z.null(),
});

export const hazardousSdsUploadCall = defineCall({
  method: 'POST',
  path: '/hazardousSdsUpload',
  tags: ['hazardous'],
  summary: 'Upload a new safety data sheet (multipart: _id, issueDate, expiryDate and one PDF file)',
  access,
  multipart: ZSdsUpload,
  response: z.null(),
});

export const hazardousCalls = registerCalls('hazardous', {
  tag: 'hazardous',
  accessKey: 'hazardous',
  itemName: 'hazardous substance',
});

export const hazardousReviewCalls = reviewCalls('hazardousRegister', {
  tag: 'hazardous',
  accessKey: 'hazardous',
});

export const hazardousPath = (id: string) => `/hazardous/register/${encodeURIComponent(id)}`;
export const hazardousEditPath = (id: string) => `/hazardous/register/${encodeURIComponent(id)}/edit`;
export const HAZARDOUS_REGISTER_PATH = '/hazardous/register';
