import { z } from 'zod';
import { RISK_COLOURS } from '../constants';
import { FREQUENCY_KEYS } from '../rules/frequency';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { defineCall } from './call';
import {
  checkReviewers,
  registerCalls,
  ZRating,
  ZRatingShown,
  ZRegisterItemParts,
  ZRegisterListBase,
  ZRegisterStewardship,
} from './registerParts';
import { reviewCalls, ZReviewComplete } from './reviews';

/** The risk register (access key `risk`): issue 19; docs/registers.md, "Risk register". */
export const riskMessages = {
  nameRequired: 'Please enter the risk.',
  nameTaken: 'A risk with this name already exists.',
  hazardRequired: 'Please describe the hazard.',
  saved: 'Risk saved.',
  deleted: 'Risk deleted.',
} as const;

const access = { callers: ['employee'], accessKeys: ['risk'] } as const;
const ZId = z.object({ _id: z.uuid() });

export const RISK_SORTS = ['name', 'rating', 'nextReview', 'updated'] as const;
export type RiskSort = (typeof RISK_SORTS)[number];
export const RISK_SORT_LABELS: Record<RiskSort, string> = {
  name: 'Name',
  rating: 'Highest rating',
  nextReview: 'Next review',
  updated: 'Recently changed',
};

export const ZRiskListRequest = ZRegisterListBase.extend({
  sort: z.enum(RISK_SORTS).default('nextReview'),
});
export type TRiskListRequest = z.input<typeof ZRiskListRequest>;

export const ZRiskRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** False once a review retired it (it leaves the forms' pick lists too). */
  isActive: z.boolean(),
  hazard: z.string(),
  workplaceName: z.string().nullable(),
  ownerName: z.string().nullable(),
  inherent: ZRatingShown.nullable(),
  residual: ZRatingShown.nullable(),
  reviewFrequency: z.enum(FREQUENCY_KEYS).nullable(),
  nextReviewDate: z.string().nullable(),
  reviewDueType: z.enum(TASK_DUE_TYPES),
  openActions: z.number().int(),
});
export type TRiskRow = z.output<typeof ZRiskRow>;

export const ZRiskList = z.object({
  rows: z.array(ZRiskRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

/** The matrix view: how many risks of the filtered list sit in each cell, after controls. */
export const ZRiskMatrix = z.object({
  cells: z.array(
    z.object({ likelihood: z.number().int(), consequence: z.number().int(), count: z.number().int() }),
  ),
  unrated: z.number().int(),
  byColour: z.record(z.enum(RISK_COLOURS), z.number().int()),
});
export type TRiskMatrix = z.output<typeof ZRiskMatrix>;

export const ZRiskSave = ZRegisterStewardship.extend({
  _id: z.uuid().optional(),
  name: z.string().trim().min(1, riskMessages.nameRequired).max(200),
  hazard: z.string().trim().min(1, riskMessages.hazardRequired).max(4000),
  consequences: z.string().trim().max(4000).default(''),
  existingControls: z.string().trim().max(4000).default(''),
  inherent: ZRating,
  residual: ZRating,
  /** A master risk is offered in the forms' "master" risk lists. */
  isMaster: z.boolean().default(false),
}).superRefine(checkReviewers);
export type TRiskSave = z.input<typeof ZRiskSave>;
export type TRiskSaveParsed = z.output<typeof ZRiskSave>;

export const ZRiskDetails = ZRegisterItemParts.extend({
  _id: z.uuid(),
  name: z.string(),
  hazard: z.string(),
  consequences: z.string(),
  existingControls: z.string(),
  inherent: ZRatingShown.nullable(),
  residual: ZRatingShown.nullable(),
  isMaster: z.boolean(),
  colour: z.enum(RISK_COLOURS),
});
export type TRiskDetails = z.output<typeof ZRiskDetails>;

export const riskListCall = defineCall({
  method: 'POST',
  path: '/riskList',
  tags: ['risks'],
  summary: 'The risk register: a page of risks, searched, filtered and sorted',
  access,
  body: ZRiskListRequest,
  response: ZRiskList,
});

export const riskMatrixCall = defineCall({
  method: 'POST',
  path: '/riskMatrix',
  tags: ['risks'],
  summary: 'The filtered register counted by rating after controls: the 5×5 matrix view',
  access,
  body: ZRiskListRequest,
  response: ZRiskMatrix,
});

/** The export takes the list's filters and sort as a query (a link the browser downloads). */
export const ZRiskExportQuery = ZRiskListRequest.omit({ page: true, pageSize: true });
export type TRiskExportQuery = z.input<typeof ZRiskExportQuery>;

export const riskExportCall = defineCall({
  method: 'GET',
  path: '/riskExport',
  tags: ['risks'],
  summary: 'The filtered register as a CSV file (the file itself; errors in the envelope)',
  access,
  query: ZRiskExportQuery,
  response: 'file',
});

export const riskDetailsCall = defineCall({
  method: 'POST',
  path: '/riskDetails',
  tags: ['risks'],
  summary: 'One risk with its rating, schedule, actions and attachments',
  access,
  body: ZId,
  response: ZRiskDetails,
});

export const riskSaveCall = defineCall({
  method: 'POST',
  path: '/riskSave',
  tags: ['risks'],
  summary: 'Create a risk or change one (_id given); its open review follows the schedule',
  access,
  body: ZRiskSave,
  response: ZId,
});

export const riskDeleteCall = defineCall({
  method: 'POST',
  path: '/riskDelete',
  tags: ['risks'],
  summary: 'Delete a risk, its actions and its open review (its history stays in the change log)',
  access,
  body: ZId,
  response: z.null(),
});

export const riskCalls = registerCalls('risk', { tag: 'risks', accessKey: 'risk', itemName: 'risk' });

/** The reviewer may re-rate the risk after controls as part of the review. */
export const ZRiskReviewComplete = ZReviewComplete.safeExtend({ residual: ZRating.optional() });
export type TRiskReviewComplete = z.output<typeof ZRiskReviewComplete>;
export const riskReviewCalls = reviewCalls('riskRegister', {
  tag: 'risks',
  accessKey: 'risk',
  completeBody: ZRiskReviewComplete,
});

/** A risk's own page and the paths of the register (the dashboard links to the review). */
export const riskPath = (id: string) => `/risk/register/${encodeURIComponent(id)}`;
export const riskEditPath = (id: string) => `/risk/register/${encodeURIComponent(id)}/edit`;
export const RISK_REGISTER_PATH = '/risk/register';
