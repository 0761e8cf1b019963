import { z } from 'zod';
import { FIELD_TYPES } from '../fields/registry';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { ZAttachment } from './attachments';
import { ACCESS, defineCall } from './call';
import { ZTimeZone } from './dashboard';
import { ZLinkQuery } from './links';
import { INT4_MAX, INTEGER_MESSAGE, ZDay, ZPage, ZVersion, ZYesNo } from './envelope';

/*
 * Form submissions (issue #4; spec 001 sections 2.2, 3, 5, 7). Wire names follow the spec
 * (_id, relatedFormId, submissionUserId, ...). Every call is POST with a JSON body except the
 * uploads (multipart). Dates are 'yyyy-MM-dd', times 'HH:mm'.
 */

/** Empty until the user picks one; the header rule names what is missing. */
const ZOptionalId = z.union([z.literal(''), z.uuid()]);

export const FORM_TYPES = ['form-submission', 'supplier', 'hr', 'qr', 'audit'] as const;
export const ZFormType = z.enum(FORM_TYPES);
export type TFormType = z.infer<typeof ZFormType>;
export const ZSecMandatoryType = z.enum(['newEntry', 'investigation']).nullable();
export const ZActionType = z.enum(['internal', 'external']);
export type TActionType = z.infer<typeof ZActionType>;

/** A { _id, name } pick-list entry. */
export const ZNamedOption = z.object({ _id: z.uuid(), name: z.string() });
export type TNamedOption = z.infer<typeof ZNamedOption>;

// ---------- Related lists ----------

export const ZRelatedListsRequest = z.object({
  supplierCompanyId: z.uuid().optional(),
  /**
   * The stored submission shown: the long lists (people, submissions) then name what it refers to
   * (its answers, coordinators, actions and change log). Without it they are empty but for the
   * template's default coordinator; new choices are searched (relatedOptionSearch).
   */
  formSubmissionId: z.uuid().optional(),
  /** A new submission's template: its default coordinator is named. */
  formTemplateId: z.uuid().optional(),
});
export type TRelatedListsRequest = z.infer<typeof ZRelatedListsRequest>;

export const ZPersonOption = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
});
export type TPersonOption = z.infer<typeof ZPersonOption>;
export const ZRecordOption = ZNamedOption.extend({ isActive: z.boolean() });
export type TRecordOption = z.infer<typeof ZRecordOption>;
export const ZRiskOption = ZRecordOption.extend({ colour: z.string().nullable() });
export type TRiskOption = z.infer<typeof ZRiskOption>;
export const ZFormTemplateOption = ZNamedOption.extend({ formType: ZFormType });
export type TFormTemplateOption = z.infer<typeof ZFormTemplateOption>;

/**
 * The pick lists of a form (spec 3 "Reference lists loaded"): all (for display) and active (to
 * pick). The short lists (templates, suppliers, workplaces) are whole; the long ones
 * (employees, personnel, submissions, risks, assets) hold only what the request's submission or
 * template names (see ZRelatedListsRequest), and new choices of them are searched with relatedOptionSearch.
 */
export const ZRelatedLists = z.object({
  formTemplate: z.array(ZFormTemplateOption),
  /** Assets (plants) the request names, and the active ones among them; new ones are searched (kind asset). */
  listPlan: z.array(ZRecordOption),
  activePlantList: z.array(ZRecordOption),
  /** The risks the request's submission names (the master risks among them apart). */
  listRisk: z.object({ allRiskList: z.array(ZRiskOption), masterRiskList: z.array(ZRiskOption) }),
  listSupplier: z.array(ZRecordOption),
  activeSupplierList: z.array(ZRecordOption),
  listEmployee: z.array(ZPersonOption),
  activeEmployeeList: z.array(ZPersonOption),
  activePersonnelList: z.array(ZPersonOption),
  allPersonnelList: z.array(ZPersonOption),
  workplace: z.array(ZNamedOption),
  /** Submissions the request's submission names, for the 'submission' field type. */
  submissionList: z.array(ZNamedOption),
});
export type TRelatedLists = z.infer<typeof ZRelatedLists>;

/** The long lists a picker searches on the server instead of receiving them whole. */
export const RELATED_SEARCH_KINDS = ['employee', 'personnel', 'submission', 'risk', 'asset'] as const;
export type TRelatedSearchKind = (typeof RELATED_SEARCH_KINDS)[number];
export const RELATED_SEARCH_PAGE_SIZE = 20;

export const ZRelatedOptionSearchRequest = z.object({
  kind: z.enum(RELATED_SEARCH_KINDS),
  /** Words each matching a first or last name; for risks the name; for submissions the number, form or description. */
  search: z.string().trim().max(200).default(''),
  page: ZPage.default(1),
});
export type TRelatedOptionSearchRequest = z.input<typeof ZRelatedOptionSearchRequest>;

/** One page of active matches, by name (submissions newest first). */
export const ZRelatedOptionPage = z.object({ options: z.array(ZNamedOption), hasMore: z.boolean() });
export type TRelatedOptionPage = z.infer<typeof ZRelatedOptionPage>;

// ---------- Template ----------

export const ZTemplateSection = z.object({
  _id: z.uuid(),
  level: z.string(),
  secMandatoryType: ZSecMandatoryType,
  orderNo: z.number().int(),
  isDelete: ZYesNo,
  /** Shown folded when the form opens. */
  collapsed: z.boolean().optional(),
});
export type TTemplateSection = z.infer<typeof ZTemplateSection>;

export const ZTemplateField = z.object({
  _id: z.uuid(),
  type: z.enum(FIELD_TYPES),
  level: z.string(),
  /** The section id. */
  section: z.uuid(),
  orderNo: z.number().int(),
  colSize: z.number().int(),
  isMandatory: ZYesNo,
  isDelete: ZYesNo,
  /** radio/select/checkbox [{value,label}], typeGroupings [{category,subCategories}], table columns [{_id,name,type}] */
  optionVal: z.unknown().nullable(),
  itemList: z.array(ZNamedOption).nullable(),
  webLink: z.string().nullable(),
  contentEditor: z.string().nullable(),
  placeholder: z.string().nullable(),
  mandatoryComment: z.string().nullable(),
  /** Guidance shown under the label. */
  helpText: z.string().nullable().optional(),
});
export type TTemplateField = z.infer<typeof ZTemplateField>;

export const ZFormTemplateDetailRequest = z.object({ _id: z.uuid(), supplierCompanyId: z.uuid().optional() });
export type TFormTemplateDetailRequest = z.infer<typeof ZFormTemplateDetailRequest>;

export const ZFormTemplateDetail = z.object({
  _id: z.uuid(),
  name: z.string(),
  formType: ZFormType,
  formBranchType: z.enum(['manualEntry', 'employeeBranch']),
  emailNotification: z.array(z.object({ value: z.number().int() })),
  /** The template's default coordinator (employee id), if any. */
  coordinate: z.uuid().nullable(),
  templateVersionId: z.uuid(),
  version: z.number().int(),
  sections: z.array(ZTemplateSection),
  fieldList: z.array(ZTemplateField),
});
export type TFormTemplateDetail = z.infer<typeof ZFormTemplateDetail>;

export const ZFormTemplateListRequest = z.object({ formType: ZFormType.optional() });
export const ZFormTemplateList = z.array(ZFormTemplateOption);

// ---------- Branches ----------

export const ZBranchesByWorkplaceRequest = z.object({
  workplace: z.uuid(),
  supplierCompanyId: z.uuid().optional(),
});
export const ZBranchList = z.array(ZNamedOption);

// ---------- Submission details ----------

export const ZFormValue = z.object({
  relatedFormId: z.uuid(),
  value: z.unknown(),
});
export type TFormValue = z.infer<typeof ZFormValue>;

export const ZSubmissionAttachment = ZAttachment.extend({ relatedFormId: z.uuid().nullable() });
export type TSubmissionAttachment = z.infer<typeof ZSubmissionAttachment>;

export const ZTask = z.object({
  _id: z.uuid(),
  /** The task number within the submission (count + 1). */
  id: z.number().int(),
  relatedFormId: z.uuid().nullable(),
  instruction: z.string(),
  actionType: ZActionType,
  /** Employee id (internal) or personnel id (external). */
  investigator: z.uuid().nullable(),
  investigatorName: z.string(),
  due: z.string(),
  assignedOn: z.string(),
  completedOn: z.string().nullable(),
  complete: z.boolean(),
  response: z.string().nullable(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  attachment: z.array(ZAttachment),
  version: z.number().int(),
});
export type TTask = z.infer<typeof ZTask>;

export const ZTableRow = z.object({
  relatedFormId: z.uuid(),
  rowIndex: z.number().int().min(0).max(INT4_MAX, INTEGER_MESSAGE),
  /** { [columnId]: text } */
  cells: z.record(z.string(), z.string()),
});
export type TTableRow = z.infer<typeof ZTableRow>;

export const ZSubmissionUser = z.object({ userId: z.uuid(), name: z.string() });
export type TSubmissionUser = z.infer<typeof ZSubmissionUser>;

export const ZFormSubmissionDetailsRequest = z.object({
  formSubmissionId: z.uuid(),
  supplierCompanyId: z.uuid().optional(),
  localTimeZone: ZTimeZone.optional(),
});
export type TFormSubmissionDetailsRequest = z.infer<typeof ZFormSubmissionDetailsRequest>;

export const ZSubmissionStatus = z.enum(['Draft', 'Open', 'Closed']);

export const ZFormSubmission = z.object({
  _id: z.uuid(),
  formTemplateId: z.uuid(),
  formTemplateName: z.string(),
  /** 'FS 1042', or '(Draft)' before the first submit. */
  formatedNumber: z.string(),
  number: z.number().int().nullable(),
  formDescription: z.string(),
  formDate: z.string(),
  workplace: z.uuid().nullable(),
  workplaceName: z.string(),
  branch: z.uuid().nullable(),
  branchName: z.string(),
  formType: ZFormType,
  isDraft: ZYesNo,
  isClose: ZYesNo,
  status: ZSubmissionStatus,
  /** Coordinators; position 0 is the coordinator who may edit and close. */
  submissionUserId: z.array(ZSubmissionUser),
  recordedBy: z.array(
    z.object({ employeeId: z.uuid().nullable(), personnelId: z.uuid().nullable(), name: z.string() }),
  ),
  formValue: z.array(ZFormValue),
  attachment: z.array(ZSubmissionAttachment),
  taskData: z.array(ZTask),
  tableData: z.array(ZTableRow),
  version: z.number().int(),
  templateVersionId: z.uuid(),
  /** The template version the submission was filled against. */
  sections: z.array(ZTemplateSection),
  fieldList: z.array(ZTemplateField),
  formBranchType: z.enum(['manualEntry', 'employeeBranch']),
  /** What the caller may do (the banners of 2.2 explain a 'no'). */
  canEdit: ZYesNo,
  /** The banner message when canEdit is 'no' (not coordinator / not recorder / closed), else ''. */
  editBlockedMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFormSubmission = z.infer<typeof ZFormSubmission>;

// ---------- Save ----------

export const ZTaskInput = z.object({
  /** Absent for a task added on this screen. */
  _id: z.uuid().optional(),
  relatedFormId: z.uuid(),
  instruction: z.string().max(10_000),
  actionType: ZActionType,
  investigator: z.uuid(),
  due: ZDay,
});
export type TTaskInput = z.infer<typeof ZTaskInput>;

export const ZTableRowInput = z.object({
  relatedFormId: z.uuid(),
  cells: z.record(z.string(), z.string().max(10_000)),
});
export type TTableRowInput = z.infer<typeof ZTableRowInput>;

/**
 * Create (no _id) or edit (with _id and the version read). taskData is the full list of the
 * submission's tasks: a stored task left out is deleted (completed ones can't be), one without
 * _id is created. tableData is the full list of rows, in order, per table field. Attachments
 * are not part of this body: see ZFormSubmissionUploadFilesFields.
 */
/** The most actions one save carries: with each one's change log and mail it must fit one transaction. */
export const MAX_TASKS_PER_SAVE = 100;

export const ZFormSubmissionSaveRequest = z.object({
  _id: z.uuid().optional(),
  version: ZVersion.optional(),
  formTemplateId: z.uuid(),
  formDescription: z.string().max(1000),
  formDate: z.union([z.literal(''), ZDay]),
  workplace: ZOptionalId,
  branch: ZOptionalId,
  /** Employee ids; the first is the coordinator. */
  submissionUserId: z.array(z.object({ userId: z.uuid() })).max(20),
  formValue: z.array(ZFormValue).max(2000),
  taskData: z
    .array(ZTaskInput)
    .max(MAX_TASKS_PER_SAVE, `A form can carry at most ${MAX_TASKS_PER_SAVE} actions.`),
  tableData: z.array(ZTableRowInput).max(5000),
  isDraft: ZYesNo,
  localTimeZone: ZTimeZone.optional(),
});
export type TFormSubmissionSaveRequest = z.infer<typeof ZFormSubmissionSaveRequest>;

export const ZFormSubmissionSaveResult = z.object({
  _id: z.uuid(),
  formatedNumber: z.string(),
  isDraft: ZYesNo,
  version: z.number().int(),
  mailsQueued: z.number().int(),
});
export type TFormSubmissionSaveResult = z.infer<typeof ZFormSubmissionSaveResult>;

/** Multipart text fields beside the files of POST /api/formSubmissionUploadFiles. */
export const ZFormSubmissionUploadFilesFields = z.object({
  _id: z.uuid(),
  relatedFormId: z.uuid(),
});
export const ZFormSubmissionUploadResult = z.object({
  attachment: z.array(ZSubmissionAttachment),
  version: z.number().int(),
});

// ---------- Task due-date type ----------

export const ZTaskDueDateTypeRequest = z.object({ due: ZDay, localTimeZone: ZTimeZone.optional() });
export const ZTaskDueDateTypeResult = z.object({ taskDueDateType: z.enum(TASK_DUE_TYPES) });

export const formSubmissionRelatedListsCall = defineCall({
  method: 'POST',
  path: '/formSubmissionRelatedLists',
  tags: ['submissions'],
  summary: 'Pick lists of a form (with ?authtoken=, of the linked form)',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZRelatedListsRequest,
  response: ZRelatedLists,
});

export const relatedOptionSearchCall = defineCall({
  method: 'POST',
  path: '/relatedOptionSearch',
  tags: ['submissions'],
  summary: 'A page of active employees, personnel or submissions matching a search, to pick in a form',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZRelatedOptionSearchRequest,
  response: ZRelatedOptionPage,
});

export const formTemplateListCall = defineCall({
  method: 'POST',
  path: '/formTemplateList',
  tags: ['submissions'],
  summary: 'Active form templates (New Submission)',
  access: ACCESS.signedIn,
  body: ZFormTemplateListRequest,
  response: ZFormTemplateList,
});

export const formTemplateDetailCall = defineCall({
  method: 'POST',
  path: '/formTemplateDetail',
  tags: ['submissions'],
  summary: "A template's current version: sections and fields",
  access: ACCESS.signedIn,
  body: ZFormTemplateDetailRequest,
  response: ZFormTemplateDetail,
});

export const branchesByWorkplaceCall = defineCall({
  method: 'POST',
  path: '/branchesByWorkplace',
  tags: ['submissions'],
  summary: 'Active branches of a workplace',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZBranchesByWorkplaceRequest,
  response: ZBranchList,
});

export const formSubmissionDetailsCall = defineCall({
  method: 'POST',
  path: '/formSubmissionDetails',
  tags: ['submissions'],
  summary: 'A submission with the template version it was filled against',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZFormSubmissionDetailsRequest,
  response: ZFormSubmission,
});

export const formSubmissionSaveCall = defineCall({
  method: 'POST',
  path: '/formSubmissionSave',
  tags: ['submissions'],
  summary:
    'Create or edit a submission (draft or submit) with its tasks and table rows; a supplier link edits ' +
    'its supplier form only',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  body: ZFormSubmissionSaveRequest,
  response: ZFormSubmissionSaveResult,
});

export const formSubmissionUploadFilesCall = defineCall({
  method: 'POST',
  path: '/formSubmissionUploadFiles',
  tags: ['submissions'],
  summary: 'Add files to a file field of a submission; multipart form: _id, relatedFormId and files',
  access: ACCESS.signedInOrLink,
  query: ZLinkQuery,
  multipart: ZFormSubmissionUploadFilesFields,
  response: ZFormSubmissionUploadResult,
});

export const taskDueDateTypeCall = defineCall({
  method: 'POST',
  path: '/taskDueDateType',
  tags: ['submissions'],
  summary: 'Whether a due date is due today, overdue or not yet due',
  access: ACCESS.signedIn,
  body: ZTaskDueDateTypeRequest,
  response: ZTaskDueDateTypeResult,
});
