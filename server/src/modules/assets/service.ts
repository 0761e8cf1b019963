import {
  ASSET_PICKER_PAGE,
  isImageFileName,
  assetMessages as say,
  personName,
  taskDueType,
  type TAssetDetails,
  type TAssetExportQuery,
  type TAssetOptions,
  type TAssetSaveParsed,
  type AssetHistoryKind,
  type AssetStatus,
  type TAssetLabel,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZAssetFaultReport, ZAssetLabelFault, ZAssetPickerSearch } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid, type Sql } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { csvOf } from '../../plugins/csv';
import { callerToday } from '../../plugins/organisationDay';
import type { UploadedFile } from '../../plugins/uploads';
import { xlsxOf } from '../../plugins/xlsx';
import { cancelAssetMaintenance } from '../maintenanceSchedule';
import { attachmentOf, attachmentsJson, type AttachmentService } from '../attachments';
import { attachItemFiles, peoplePage } from '../registerParts';
import { USABLE_TEMPLATE } from '../submissions';
import { deleteCategory, saveCategory } from './categories';
import { reportFault } from './faults';
import { assetHistory } from './history';
import { importAssets } from './importCsv';
import { assetLabel, assetQrLabel } from './label';
import { ASSET_EXPORT_COLUMNS, exportedAssets, listAssets, type AssetFilters } from './list';
import { assetFilesAllowed, findAsset } from './policy';
import { saveAsset } from './save';
import { isUniqueViolation } from '../../db/errors';

/** Whether a file is a picture, by its name (photos of an asset are images only). */
const isImage = (file: { name: string }) => isImageFileName(file.name);

type Ref = { _id: string; name: string } | null;
/** An asset as the details statement reads it (dates and the cost as text, the names as JSON). */
interface DetailsRow {
  id: string;
  number: string;
  name: string;
  make: string;
  model: string;
  serialNumber: string;
  location: string;
  notes: string;
  status: AssetStatus;
  purchaseDate: string | null;
  purchaseCost: string | null;
  nextMaintenanceDue: string | null;
  openFaultCount: number;
  createdAt: string;
  updatedAt: string;
  category: Ref;
  workplace: Ref;
  branch: Ref;
  supplier: Ref;
  owner: { _id: string; firstName: string; lastName: string } | null;
  files: { id: string; name: string; fileType: string | null; size: number }[];
}

/**
 * The Asset Register: the list and its export, one asset with its files, saving and status changes.
 * History, categories, import, faults and the QR label are in their own files. Every read and write
 * is scoped to the caller's organisation.
 */
export class AssetService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly publicUrl: string,
  ) {
    attachments.registerPolicy('asset', (auth, id, mode) => assetFilesAllowed(db, auth, 'asset', id, mode));
    attachments.registerPolicy('assetFault', (auth, id, mode) =>
      assetFilesAllowed(db, auth, 'assetFault', id, mode),
    );
  }

  list(auth: AuthContext, request: AssetFilters & { page: number; pageSize: number }) {
    return listAssets(this.reader, auth, request);
  }

  /** The filtered register as a CSV or XLSX file, in the list's columns and order. */
  async exportFile(
    auth: AuthContext,
    query: AssetFilters & { format: NonNullable<TAssetExportQuery['format']> },
  ) {
    const { format, ...filters } = query;
    const { rows, truncated } = await exportedAssets(this.reader, auth, filters);
    const body =
      format === 'xlsx' ? xlsxOf(ASSET_EXPORT_COLUMNS, rows, 'Assets') : csvOf(ASSET_EXPORT_COLUMNS, rows);
    return { body, truncated };
  }

  async options(auth: AuthContext): Promise<TAssetOptions> {
    const companyId = auth.companyId;
    const [categories, workplaces] = await Promise.all([
      this.db.assetCategory.findMany({
        where: { companyId },
        orderBy: { name: 'asc' },
      }),
      this.db.workplace.findMany({
        where: { companyId, isActive: true },
        orderBy: { name: 'asc' },
        select: {
          id: true,
          name: true,
          branches: {
            where: { isActive: true },
            orderBy: { name: 'asc' },
            select: { id: true, name: true },
          },
        },
      }),
    ]);
    const ref = (row: { id: string; name: string }) => ({
      _id: row.id,
      name: row.name,
    });
    return {
      categories: categories.map(ref),
      workplaces: workplaces.map((workplace) => ({
        ...ref(workplace),
        branches: workplace.branches.map(ref),
      })),
    };
  }

  /**
   * A page of the pickers: active employees who sign in (as the other registers' people pickers),
   * active supplier companies, or the usable form templates an employee fills in.
   */
  async picker(auth: AuthContext, request: z.output<typeof ZAssetPickerSearch>) {
    const companyId = auth.companyId;
    if (request.kind === 'employee')
      return peoplePage(this.db, companyId, request, 'firstName', {
        user: { isNot: null },
      });
    const search = request.search ? { name: { contains: request.search, mode: 'insensitive' as const } } : {};
    const page = {
      orderBy: [{ name: 'asc' as const }, { id: 'asc' as const }],
      skip: (request.page - 1) * ASSET_PICKER_PAGE,
      take: ASSET_PICKER_PAGE + 1,
      select: { id: true, name: true },
    };
    const found =
      request.kind === 'supplier'
        ? await this.db.supplierCompany.findMany({
            where: { companyId, isActive: true, ...search },
            ...page,
          })
        : await this.db.formTemplate.findMany({
            where: {
              companyId,
              formType: 'form_submission',
              ...USABLE_TEMPLATE,
              ...search,
            },
            ...page,
          });
    return {
      options: found.slice(0, ASSET_PICKER_PAGE).map((row) => ({ _id: row.id, name: row.name })),
      hasMore: found.length > ASSET_PICKER_PAGE,
    };
  }

  /** One asset with the names it refers to and its files, in one statement on the read pool. */
  async details(auth: AuthContext, id: string): Promise<TAssetDetails> {
    const ref = (alias: Sql) =>
      sql`CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('_id', ${alias}.id, 'name', ${alias}.name) END`;
    const [row] = await this.reader.rows<DetailsRow>(
      sql`SELECT a.id, a.number, a.name, a.make, a.model, a."serialNumber", a.location, a.notes,
          a.status::text AS status, a."purchaseDate", a."purchaseCost"::text AS "purchaseCost",
          a."nextMaintenanceDue", a."openFaultCount", a."createdAt", a."updatedAt",
          ${ref(sql`c`)} AS category, ${ref(sql`w`)} AS workplace, ${ref(sql`b`)} AS branch,
          ${ref(sql`s`)} AS supplier,
          CASE WHEN e.id IS NULL THEN NULL
            ELSE json_build_object('_id', e.id, 'firstName', e."firstName", 'lastName', e."lastName") END AS owner,
          ${attachmentsJson('asset', sql`a.id`, sql`a."companyId"`)} AS files
        FROM "Asset" a
        LEFT JOIN "AssetCategory" c ON c.id = a."categoryId" AND c."companyId" = a."companyId"
        LEFT JOIN "Workplace" w ON w.id = a."workplaceId" AND w."companyId" = a."companyId"
        LEFT JOIN "Branch" b ON b.id = a."branchId" AND b."companyId" = a."companyId"
        LEFT JOIN "SupplierCompany" s ON s.id = a."supplierId" AND s."companyId" = a."companyId"
        LEFT JOIN "Employee" e ON e.id = a."ownerEmployeeId" AND e."companyId" = a."companyId"
        WHERE a.id = ${uuid(id)} AND a."companyId" = ${uuid(auth.companyId)}`,
    );
    if (!row) throw notFound();
    const due = row.nextMaintenanceDue;
    return {
      _id: row.id,
      number: row.number,
      name: row.name,
      category: row.category,
      make: row.make,
      model: row.model,
      serialNumber: row.serialNumber,
      workplace: row.workplace,
      branch: row.branch,
      location: row.location,
      owner: row.owner ? { _id: row.owner._id, name: personName(row.owner) } : null,
      supplier: row.supplier,
      purchaseDate: row.purchaseDate,
      purchaseCost: row.purchaseCost,
      status: row.status,
      notes: row.notes,
      nextMaintenanceDue: due,
      taskDueDateType: due ? taskDueType(due, callerToday(auth)) : null,
      openFaults: row.openFaultCount,
      photos: row.files.filter(isImage).map(attachmentOf),
      documents: row.files.filter((file) => !isImage(file)).map(attachmentOf),
      createdAt: timestampOf(row.createdAt).toISOString(),
      updatedAt: timestampOf(row.updatedAt).toISOString(),
    };
  }

  /** Creates or changes an asset; a number taken by a racing save is numberTaken, never a 500. */
  async save(auth: AuthContext, input: TAssetSaveParsed): Promise<{ _id: string }> {
    try {
      const saved = await this.db.$transaction((tx) => saveAsset(tx, auth, input, callerToday(auth)));
      return { _id: saved.id };
    } catch (error) {
      if (isUniqueViolation(error))
        throw badRequest(say.numberTaken, [{ field: 'number', message: say.numberTaken }]);
      throw error;
    }
  }

  /**
   * Takes an asset out of service, returns it or disposes of it (final): disposal cancels its open
   * maintenance and stops its own plans. The reason is kept in its change log.
   */
  async setStatus(
    auth: AuthContext,
    input: { _id: string; status: AssetStatus; reason: string },
  ): Promise<void> {
    const companyId = auth.companyId;
    await this.db.$transaction(async (tx) => {
      const asset = await findAsset(tx, companyId, input._id);
      if (asset.status === 'disposed') throw badRequest(say.disposed);
      if (asset.status === input.status) throw badRequest(say.statusSame);
      // Conditional on the status read: of two racing changes, the second finds it changed.
      const changed = await tx.asset.updateMany({
        where: { id: asset.id, status: asset.status },
        data: { status: input.status, isActive: input.status !== 'disposed' },
      });
      if (changed.count === 0) throw badRequest(say.statusSame);
      if (input.status === 'disposed') await cancelAssetMaintenance(tx, companyId, asset.id);
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'asset',
        entityId: asset.id,
        action: 'status changed',
        before: { status: asset.status },
        after: { status: input.status, reason: input.reason },
      });
    });
  }

  /** Adds photos (images only) or documents to an asset that is not disposed of. */
  async addFiles(
    auth: AuthContext,
    id: string,
    kind: 'photo' | 'document',
    files: UploadedFile[],
  ): Promise<void> {
    if (kind === 'photo') {
      const other = files.find((file) => !isImage(file));
      if (other) throw badRequest(`${other.name} is not a photo: add it as a document.`);
    }
    await findAsset(this.db, auth.companyId, id);
    const item = { ownerType: 'asset' as const, entityType: 'asset', id };
    const action = kind === 'photo' ? 'photos added' : 'documents added';
    await attachItemFiles(
      this.attachments,
      auth,
      item,
      files,
      async (tx) => {
        const asset = await findAsset(tx, auth.companyId, id);
        if (asset.status === 'disposed') throw badRequest(say.disposed);
      },
      action,
    );
  }

  // ---------- History, categories, import ----------

  async history(
    auth: AuthContext,
    request: {
      assetId: string;
      kind?: AssetHistoryKind | undefined;
      page: number;
    },
  ) {
    await findAsset(this.db, auth.companyId, request.assetId);
    return assetHistory(this.reader, auth, request);
  }

  saveCategory(auth: AuthContext, input: { _id?: string | undefined; name: string }) {
    return saveCategory(this.db, auth, input);
  }

  deleteCategory(auth: AuthContext, id: string) {
    return deleteCategory(this.db, auth, id);
  }

  import(auth: AuthContext, file: UploadedFile | undefined) {
    return importAssets(this.db, auth, file?.content);
  }

  // ---------- Faults and the QR label ----------

  qrLabel(auth: AuthContext, assetId: string) {
    return assetQrLabel(this.db, this.publicUrl, auth, assetId);
  }

  /** An employee's fault report, with its photos (images only). */
  reportFault(auth: AuthContext, input: z.output<typeof ZAssetFaultReport>, files: UploadedFile[]) {
    const other = files.find((file) => !isImage(file));
    if (other) throw badRequest(`${other.name} is not a photo.`);
    const reporter = { employeeId: auth.employeeId, userId: auth.userId };
    return reportFault(this.db, this.attachments, { ...input, companyId: auth.companyId, reporter }, files);
  }

  /** What the label's public page shows. */
  async label(assetId: string): Promise<TAssetLabel> {
    const { companyId: _company, ...shown } = await assetLabel(this.db, assetId);
    return shown;
  }

  /** A guest's fault from the label: the organisation is the asset's; an unknown asset is faultAssetUnknown. */
  async labelFault(input: z.output<typeof ZAssetLabelFault>): Promise<void> {
    const { companyId } = await assetLabel(this.db, input.assetId);
    const { reporterName, ...report } = input;
    await reportFault(
      this.db,
      this.attachments,
      { ...report, companyId, reporter: { guestName: reporterName } },
      [],
      () => notFound(say.faultAssetUnknown),
    );
  }
}
