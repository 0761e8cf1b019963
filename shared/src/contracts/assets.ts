import { z } from 'zod';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay, ZPage } from './envelope';

/**
 * The Asset Register (access key `plant`, 000 §2.2 menu "Assets"): plant and equipment with their
 * details, photos and documents, status and whole history; faults reported from an asset's page or
 * its QR label. Planned and corrective maintenance is in assetMaintenance.ts. The specification
 * names only the menu, the key and the forms' `asset` field; the screens and messages are this
 * product's (docs/assets.md).
 */
export const assetMessages = {
  numberTaken: 'Another asset already has this number.',
  nameRequired: 'Please enter the name of the asset.',
  numberInvalid: 'An asset number is at most 40 letters, digits, spaces, dots, slashes or dashes.',
  categoryUnknown: 'The chosen category does not exist.',
  workplaceUnknown: 'The chosen workplace does not exist.',
  branchUnknown: 'The chosen branch is not a branch of the chosen workplace.',
  personUnknown: 'Choose an active employee of your organisation.',
  supplierUnknown: 'Choose an active supplier company of your organisation.',
  costInvalid: 'Enter the cost as an amount of at most 2 decimals, from 0 to 9,999,999,999.99.',
  dayInvalid: 'Enter the date as a date.',
  purchaseInFuture: 'The purchase date cannot be after today.',
  saved: 'Asset saved.',
  disposed: 'A disposed asset cannot be changed.',
  statusSame: 'The asset already has this status.',
  reasonRequired: 'Please say why the status changes.',
  statusChanged: 'Status changed.',
  categoryNameRequired: 'Please enter the name of the category.',
  categoryNameTaken: 'There is already a category with this name.',
  categoryInUse: 'The category has assets or maintenance plans: move them to another category first.',
  categorySaved: 'Category saved.',
  categoryDeleted: 'Category deleted.',
  filesAdded: 'Files added.',
  faultDescriptionRequired: 'Please describe the fault.',
  faultReporterRequired: 'Please enter your name.',
  faultReported: 'Fault reported. Thank you: it is on the maintenance list of the asset.',
  faultAssetDisposed: 'This asset has been disposed of: faults can no longer be reported on it.',
  faultAssetUnknown: 'This asset label is not known. Please tell your supervisor.',
  importFileRequired: 'Choose a CSV file to import.',
  importEmpty: 'The file has no assets: the first line names the columns, each line after it is an asset.',
  importNameColumn: 'The file has no Name column.',
  importTooMany: 'A file may hold at most 5,000 assets.',
  importLine: (line: number, problem: string) => `Line ${line}: ${problem}`,
  imported: (created: number, updated: number) =>
    `${created} asset${created === 1 ? '' : 's'} added, ${updated} updated.`,
} as const;
const say = assetMessages;

/** The asset statuses; the database enum AssetStatus has the same keys. */
export const ASSET_STATUSES = ['inService', 'outOfService', 'disposed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = {
  inService: 'In service',
  outOfService: 'Out of service',
  disposed: 'Disposed',
};

export const ASSET_SORTS = ['number', 'name', 'nextMaintenanceDue', 'createdAt'] as const;
export const ASSET_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** How many rows an export holds at most (header x-export-truncated when cut). */
export const ASSET_EXPORT_LIMIT = 50_000;
/** How many assets one CSV import may hold. */
export const ASSET_IMPORT_LIMIT = 5_000;
/** The columns of the CSV import, in the order the template file has them (docs/assets.md). */
export const ASSET_IMPORT_COLUMNS = [
  'Number',
  'Name',
  'Category',
  'Make',
  'Model',
  'Serial number',
  'Workplace',
  'Branch',
  'Location',
  'Owner email',
  'Supplier',
  'Purchase date',
  'Purchase cost',
  'Status',
  'Notes',
] as const;

/**
 * How pick lists, forms, history and dashboards name an asset: its number, then its name, unless
 * the name already holds the number ("Forklift FL-01").
 */
export function assetOptionName(asset: { number: string; name: string }): string {
  return asset.name.toLowerCase().includes(asset.number.toLowerCase())
    ? asset.name
    : `${asset.number} ${asset.name}`;
}

/** The register's web paths, for links from other areas (dashboard, history, QR label). */
export const assetPath = (assetId: string) => `/asset/register/${assetId}`;
export const assetFaultLabelPath = (assetId: string) => `/qr/asset-fault/${assetId}`;

const access = { callers: ['employee'], accessKeys: ['plant'] } as const;
const ZId = z.object({ _id: z.uuid() });
export const ZAssetRef = z.object({ _id: z.uuid(), name: z.string() });
export type TAssetRef = z.output<typeof ZAssetRef>;

/** A day the user typed, checked as a real calendar day with a message for people. */
const ZDayInput = z.string({ error: say.dayInvalid }).refine((day) => ZDay.safeParse(day).success, {
  error: say.dayInvalid,
});
/** An amount of money as the forms type it ("1250", "1250.5"); null when left empty. */
export const ZMoney = z
  .number({ error: say.costInvalid })
  .min(0, say.costInvalid)
  .max(9_999_999_999.99, say.costInvalid)
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), say.costInvalid);

// ---------- The register ----------

/** What narrows the register, the same for a page of it and for its export. */
export const ZAssetFilters = z.object({
  /** Number, name, make, model or serial number, in part. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ASSET_STATUSES).optional(),
  categoryId: z.uuid().optional(),
  workplaceId: z.uuid().optional(),
  ownerId: z.uuid().optional(),
  supplierId: z.uuid().optional(),
  /** 'overdue': open maintenance past its due day; 'fault': an open fault. */
  attention: z.enum(['overdue', 'fault']).optional(),
  sort: z.enum(ASSET_SORTS).default('number'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type TAssetFilters = z.input<typeof ZAssetFilters>;

export const ZAssetListRequest = ZAssetFilters.extend({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TAssetListRequest = z.input<typeof ZAssetListRequest>;

export const ZAssetExportQuery = ZAssetFilters.extend({
  format: z.enum(ASSET_EXPORT_FORMATS).default('csv'),
});
export type TAssetExportQuery = z.input<typeof ZAssetExportQuery>;

export const ZAssetRow = z.object({
  _id: z.uuid(),
  number: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  workplace: z.string().nullable(),
  branch: z.string().nullable(),
  location: z.string(),
  owner: z.string().nullable(),
  supplier: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  /** The due day of its open maintenance due first, and its badge (overdue, today, upcoming). */
  nextMaintenanceDue: z.string().nullable(),
  taskDueDateType: z.enum(TASK_DUE_TYPES).nullable(),
  openFaults: z.number().int(),
});
export type TAssetRow = z.output<typeof ZAssetRow>;

/** Counted up to RECORDS_COUNT_CAP (totalCapped says there are more). */
export const ZAssetList = z.object({
  rows: z.array(ZAssetRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type TAssetList = z.output<typeof ZAssetList>;

/** The short lists of the register's filters and edit page (a page of people or suppliers is searched). */
export const ZAssetOptions = z.object({
  categories: z.array(ZAssetRef),
  workplaces: z.array(ZAssetRef.extend({ branches: z.array(ZAssetRef) })),
});
export type TAssetOptions = z.output<typeof ZAssetOptions>;

/** Who the pickers of the register offer: active employees, active supplier companies, form templates. */
export const ASSET_PICKER_KINDS = ['employee', 'supplier', 'formTemplate'] as const;
export const ZAssetPickerSearch = z.object({
  kind: z.enum(ASSET_PICKER_KINDS),
  search: z.string().trim().max(100).default(''),
  page: ZPage.default(1),
});
export type TAssetPickerSearch = z.input<typeof ZAssetPickerSearch>;
export const ASSET_PICKER_PAGE = 20;
export const ZAssetPickerPage = z.object({ options: z.array(ZAssetRef), hasMore: z.boolean() });

// ---------- One asset ----------

export const ZAssetDetails = z.object({
  _id: z.uuid(),
  number: z.string(),
  name: z.string(),
  category: ZAssetRef.nullable(),
  make: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  workplace: ZAssetRef.nullable(),
  branch: ZAssetRef.nullable(),
  location: z.string(),
  owner: ZAssetRef.nullable(),
  supplier: ZAssetRef.nullable(),
  purchaseDate: z.string().nullable(),
  /** As entered, two decimals ("1250.00"); null when not known. */
  purchaseCost: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  notes: z.string(),
  nextMaintenanceDue: z.string().nullable(),
  taskDueDateType: z.enum(TASK_DUE_TYPES).nullable(),
  openFaults: z.number().int(),
  /** Its images and its other files; both removed with deleteAttachment (fileType 'asset'). */
  photos: z.array(ZAttachment),
  documents: z.array(ZAttachment),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAssetDetails = z.output<typeof ZAssetDetails>;

/** Create an asset (no _id) or change one; an empty number takes the next free "A-00001" number. */
export const ZAssetSave = z.object({
  _id: z.uuid().optional(),
  number: z
    .string()
    .trim()
    .max(40, say.numberInvalid)
    .regex(/^[\p{L}\p{N} ./-]*$/u, say.numberInvalid)
    .default(''),
  name: z.string({ error: say.nameRequired }).trim().min(1, say.nameRequired).max(200),
  categoryId: z.uuid({ error: say.categoryUnknown }).nullable().default(null),
  make: z.string().trim().max(200).default(''),
  model: z.string().trim().max(200).default(''),
  serialNumber: z.string().trim().max(200).default(''),
  workplaceId: z.uuid({ error: say.workplaceUnknown }).nullable().default(null),
  branchId: z.uuid({ error: say.branchUnknown }).nullable().default(null),
  location: z.string().trim().max(200).default(''),
  ownerId: z.uuid({ error: say.personUnknown }).nullable().default(null),
  supplierId: z.uuid({ error: say.supplierUnknown }).nullable().default(null),
  purchaseDate: ZDayInput.nullable().default(null),
  purchaseCost: ZMoney.nullable().default(null),
  notes: z.string().trim().max(10_000).default(''),
});
export type TAssetSave = z.input<typeof ZAssetSave>;
export type TAssetSaveParsed = z.output<typeof ZAssetSave>;

/**
 * Take an asset out of service, return it to service, or dispose of it (final: its open maintenance
 * is cancelled and its plans stop). The reason goes to its history.
 */
export const ZAssetStatusSet = z.object({
  _id: z.uuid(),
  status: z.enum(ASSET_STATUSES),
  reason: z.string({ error: say.reasonRequired }).trim().min(1, say.reasonRequired).max(2000),
});
export type TAssetStatusSet = z.input<typeof ZAssetStatusSet>;

export const ASSET_FILE_KINDS = ['photo', 'document'] as const;
export const ZAssetFilesAdd = z.object({ _id: z.uuid(), kind: z.enum(ASSET_FILE_KINDS) });

// ---------- History ----------

export const ASSET_HISTORY_KINDS = ['maintenance', 'fault', 'submission', 'change'] as const;
export type AssetHistoryKind = (typeof ASSET_HISTORY_KINDS)[number];
export const ASSET_HISTORY_PAGE = 20;

export const ZAssetHistoryRequest = z.object({
  assetId: z.uuid(),
  kind: z.enum(ASSET_HISTORY_KINDS).optional(),
  page: ZPage.default(1),
});
export type TAssetHistoryRequest = z.input<typeof ZAssetHistoryRequest>;

/**
 * One entry of an asset's history, newest first: a maintenance record (open ones too: `status`), a
 * fault, a form submission that chose the asset (only those the caller may open), or a change of
 * its details or status. `_id` is the record, fault, submission or change; `recordId` the
 * maintenance record a fault became.
 */
export const ZAssetHistoryEntry = z.object({
  kind: z.enum(ASSET_HISTORY_KINDS),
  _id: z.uuid(),
  /** When it happened: completion or due day (maintenance), report, submission date, change. */
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  by: z.string().nullable(),
  status: z.enum(['open', 'done', 'cancelled']).nullable(),
  recordId: z.uuid().nullable(),
});
export type TAssetHistoryEntry = z.output<typeof ZAssetHistoryEntry>;
export const ZAssetHistoryPage = z.object({ entries: z.array(ZAssetHistoryEntry), hasMore: z.boolean() });
export type TAssetHistoryPage = z.output<typeof ZAssetHistoryPage>;

// ---------- Categories ----------

export const ZAssetCategorySave = z.object({
  _id: z.uuid().optional(),
  name: z.string({ error: say.categoryNameRequired }).trim().min(1, say.categoryNameRequired).max(100),
});
export type TAssetCategorySave = z.input<typeof ZAssetCategorySave>;

export const ZAssetImportResult = z.object({ created: z.number().int(), updated: z.number().int() });

// ---------- Calls ----------

export const assetListCall = defineCall({
  method: 'POST',
  path: '/assetList',
  tags: ['assets'],
  summary: 'A page of the Asset Register, searched, filtered and sorted',
  access,
  body: ZAssetListRequest,
  response: ZAssetList,
});

export const assetExportCall = defineCall({
  method: 'GET',
  path: '/assetExport',
  tags: ['assets'],
  summary:
    'The filtered Asset Register as a CSV or XLSX file (format), at most 50,000 rows (header x-export-truncated when cut)',
  access,
  query: ZAssetExportQuery,
  response: 'file',
});

export const assetOptionsCall = defineCall({
  method: 'POST',
  path: '/assetOptions',
  tags: ['assets'],
  summary: "The register's categories and the organisation's active workplaces with their branches",
  access,
  response: ZAssetOptions,
});

export const assetPickerSearchCall = defineCall({
  method: 'POST',
  path: '/assetPickerSearch',
  tags: ['assets'],
  summary:
    'Active employees (owner, assignee), active supplier companies or form templates matching a search, a page at a time',
  access,
  body: ZAssetPickerSearch,
  response: ZAssetPickerPage,
});

export const assetDetailsCall = defineCall({
  method: 'POST',
  path: '/assetDetails',
  tags: ['assets'],
  summary:
    'One asset with its photos and documents (its history is assetHistory, its maintenance plans maintenancePlanList)',
  access,
  body: ZId,
  response: ZAssetDetails,
});

export const assetHistoryCall = defineCall({
  method: 'POST',
  path: '/assetHistory',
  tags: ['assets'],
  summary:
    'A page of an asset’s history, newest first: maintenance, faults, the form submissions that chose it (those the caller may open) and changes',
  access,
  body: ZAssetHistoryRequest,
  response: ZAssetHistoryPage,
});

export const assetSaveCall = defineCall({
  method: 'POST',
  path: '/assetSave',
  tags: ['assets'],
  summary:
    'Create or change an asset (a disposed one cannot be changed); an asset of a category gets its plans’ maintenance',
  access,
  body: ZAssetSave,
  response: ZId,
});

export const assetStatusSetCall = defineCall({
  method: 'POST',
  path: '/assetStatusSet',
  tags: ['assets'],
  summary:
    'Take an asset out of service, return it to service or dispose of it (its open maintenance is cancelled), with the reason',
  access,
  body: ZAssetStatusSet,
  response: z.null(),
});

export const assetFilesAddCall = defineCall({
  method: 'POST',
  path: '/assetFilesAdd',
  tags: ['assets'],
  summary:
    "Add photos (kind photo: images only) or documents to an asset (multipart: _id, kind and files); removed with deleteAttachment (fileType 'asset')",
  access,
  multipart: ZAssetFilesAdd,
  response: z.null(),
});

export const assetImportCall = defineCall({
  method: 'POST',
  path: '/assetImport',
  tags: ['assets'],
  summary:
    'Import assets from a CSV file (multipart: one file; the columns of ASSET_IMPORT_COLUMNS): a line whose number is known changes that asset; all lines or none',
  access,
  multipart: z.object({}),
  response: ZAssetImportResult,
});

export const assetCategorySaveCall = defineCall({
  method: 'POST',
  path: '/assetCategorySave',
  tags: ['assets'],
  summary: 'Create or rename a category of the register',
  access,
  body: ZAssetCategorySave,
  response: ZId,
});

export const assetCategoryDeleteCall = defineCall({
  method: 'POST',
  path: '/assetCategoryDelete',
  tags: ['assets'],
  summary: 'Delete a category no asset and no maintenance plan uses',
  access,
  body: ZId,
  response: z.null(),
});
