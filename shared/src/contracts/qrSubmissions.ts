import { z } from 'zod';
import { ACCESS, defineCall } from './call';
import {
  ZBranchList,
  ZFormSubmissionSaveRequest,
  ZFormTemplateDetail,
  ZFormValue,
  ZNamedOption,
  ZTableRowInput,
} from './submissions';

/*
 * QR guest submissions (issue #7 item 5; spec 001 sections 2.2, 2.5, 6). A person without a sign-in
 * scans a template's QR poster, which opens qr/{pageType}/{employeeId}/{formId}/{companyId}; these
 * public calls carry the ids of that route. The submission is recorded as 'Guest User' and its
 * coordinator is the route's employee. See docs/qr-submissions.md.
 */

/** The ids of the poster's route: the coordinator who receives the form, the template, the organisation. */
export const ZQrFormRoute = z.object({
  employeeId: z.uuid(),
  formId: z.uuid(),
  companyId: z.uuid(),
});
export type TQrFormRoute = z.infer<typeof ZQrFormRoute>;

/** What the guest form needs, and nothing more: no employee, supplier, asset or submission lists. */
export const ZQrSubmissionForm = z.object({
  companyName: z.string(),
  /** The coordinator named by the route; shown, not chosen. */
  coordinator: ZNamedOption,
  /** The template's current version without the fields a guest does not fill in. */
  template: ZFormTemplateDetail,
  /** The organisation's active workplaces. */
  workplace: z.array(ZNamedOption),
});
export type TQrSubmissionForm = z.infer<typeof ZQrSubmissionForm>;

export const ZQrBranchesRequest = ZQrFormRoute.extend({ workplace: z.uuid() });
export type TQrBranchesRequest = z.infer<typeof ZQrBranchesRequest>;

/** Guest forms are small: a few hundred answers and table rows at most. */
export const QR_MAX_FORM_VALUES = 500;
export const QR_MAX_TABLE_ROWS = 1000;

/**
 * The guest submit: the header and the answers, nothing else. Strict, so a draft flag, another
 * coordinator or actions are refused rather than silently dropped.
 */
export const ZQrSubmissionSaveRequest = z.strictObject({
  ...ZQrFormRoute.shape,
  ...ZFormSubmissionSaveRequest.pick({
    formDescription: true,
    formDate: true,
    workplace: true,
    branch: true,
    localTimeZone: true,
  }).shape,
  formValue: z.array(ZFormValue).max(QR_MAX_FORM_VALUES),
  tableData: z.array(ZTableRowInput).max(QR_MAX_TABLE_ROWS),
});
export type TQrSubmissionSaveRequest = z.infer<typeof ZQrSubmissionSaveRequest>;

export const ZQrSubmissionSaveResult = z.object({
  /** 'FS 1043': the number the guest can quote. */
  formatedNumber: z.string(),
});
export type TQrSubmissionSaveResult = z.infer<typeof ZQrSubmissionSaveResult>;

export const qrSubmissionFormCall = defineCall({
  method: 'POST',
  path: '/qrSubmissionForm',
  tags: ['qrSubmissions'],
  summary: "The guest form of a template's QR poster: template, coordinator's name, workplaces",
  access: ACCESS.anyone,
  body: ZQrFormRoute,
  response: ZQrSubmissionForm,
});

export const qrSubmissionBranchesCall = defineCall({
  method: 'POST',
  path: '/qrSubmissionBranches',
  tags: ['qrSubmissions'],
  summary: 'Active branches of a workplace, for the guest form',
  access: ACCESS.anyone,
  body: ZQrBranchesRequest,
  response: ZBranchList,
});

export const qrSubmissionSaveCall = defineCall({
  method: 'POST',
  path: '/qrSubmissionSave',
  tags: ['qrSubmissions'],
  summary: "Submit a guest form (recorded as 'Guest User'; never a draft)",
  access: ACCESS.anyone,
  body: ZQrSubmissionSaveRequest,
  response: ZQrSubmissionSaveResult,
});
