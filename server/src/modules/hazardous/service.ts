import {
  frequencyLabel,
  HAZARD_CLASSES,
  hazardousMessages as say,
  oldestCurrentSdsIssue,
  rateRisk,
  sdsStatus,
  taskDueType,
  type HazardousSort,
  type QuantityUnit,
  type THazardousDetails,
  type THazardousRow,
  type THazardousSaveParsed,
  type TReviewCompleted,
  type TReviewCompleteParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZHazardousExportQuery, ZHazardousListRequest, ZSdsUpload } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { keyedSearchPage, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { Snapshot } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { exportRows, listPage, ratingShown, ratingText, type RegisterParts } from '../registerParts';
import { dateOf, dayOf } from '../../db/days';

type Tx = Prisma.TransactionClient;
type Substance = NonNullable<Awaited<ReturnType<Db['hazardousSubstance']['findFirst']>>>;
type ListRequest = z.output<typeof ZHazardousListRequest>;
type Filters = z.output<typeof ZHazardousExportQuery>;

const EXPORT_LIMIT = 20_000;
const CLASS_LABELS = new Map<string, string>(HAZARD_CLASSES.map((entry) => [entry.key, entry.label]));

const ORDER: Record<HazardousSort, (t: Sql) => Sql> = {
  name: (t) => sql`${t}.name ASC, ${t}.id ASC`,
  rating: (t) => sql`${t}.score DESC NULLS LAST, ${t}.name ASC, ${t}.id ASC`,
  nextReview: (t) => sql`${t}."nextReviewDate" ASC NULLS LAST, ${t}.name ASC, ${t}.id ASC`,
  sdsIssue: (t) => sql`${t}."sdsIssueDate" ASC NULLS FIRST, ${t}.name ASC, ${t}.id ASC`,
};

/**
 * The substances `h` whose safety data sheet is missing or due on `today` (sdsStatus, the shared
 * rule, in SQL): the register's "Missing or due" filter and the report's column of that name.
 */
export const sdsMissingOrDueSql = (h: Sql, today: string): Sql =>
  sql`(${h}."sdsIssueDate" IS NULL OR ${h}."sdsIssueDate" < ${oldestCurrentSdsIssue(today)}::date
    OR ${h}."sdsExpiryDate" < ${today}::date)`;

interface ListRow {
  id: string;
  name: string;
  isActive: boolean;
  supplierName: string;
  workplaceName: string | null;
  storageLocation: string;
  quantity: number | null;
  quantityUnit: string | null;
  hazardClasses: string[] | null;
  likelihood: number | null;
  consequence: number | null;
  sdsIssueDate: string | null;
  sdsExpiryDate: string | null;
  nextReviewDate: string | null;
}

function snapshot(substance: Substance, names: Map<string, string>): Snapshot {
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : null);
  return {
    product: substance.name,
    supplier: substance.supplierName,
    workplace: name(substance.workplaceId),
    storageLocation: substance.storageLocation,
    quantity:
      substance.quantity === null ? null : `${substance.quantity} ${substance.quantityUnit ?? ''}`.trim(),
    hazardClasses: (substance.hazardClasses ?? []).map((key) => CLASS_LABELS.get(key) ?? key),
    rating: ratingText(ratingShown(substance.likelihood, substance.consequence)),
    sdsIssueDate: dayOf(substance.sdsIssueDate),
    sdsExpiryDate: dayOf(substance.sdsExpiryDate),
    owner: name(substance.ownerEmployeeId),
    reviewFrequency: substance.reviewFrequency && frequencyLabel(substance.reviewFrequency),
    reviewer: name(substance.reviewerEmployeeId),
    coReviewer: name(substance.coReviewerEmployeeId),
    nextReviewDate: dayOf(substance.nextReviewDate),
    active: substance.isActive,
  };
}

/** The hazardous substances register: list, export, details, save, delete, SDS upload, review. */
export class HazardousService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly parts: RegisterParts,
  ) {
    // A safety data sheet is read and removed like the substance's other files.
    attachments.registerPolicy('safetyDataSheet', (auth, ownerId) =>
      parts.visible(auth, 'hazardous', ownerId),
    );
  }

  private where(auth: AuthContext, request: Filters, today: string): Sql {
    const conditions: Sql[] = [sql`h."companyId" = ${uuid(auth.companyId)}`];
    if (request.search) {
      const pattern = containing(request.search);
      conditions.push(sql`(h.name ILIKE ${pattern} OR h."supplierName" ILIKE ${pattern})`);
    }
    if (request.workplaceId) conditions.push(sql`h."workplaceId" = ${uuid(request.workplaceId)}`);
    if (request.ownerId) conditions.push(sql`h."ownerEmployeeId" = ${uuid(request.ownerId)}`);
    if (request.colour) conditions.push(sql`h.colour = ${request.colour}::"RiskColour"`);
    if (request.hazardClass) conditions.push(sql`h."hazardClasses" @> ARRAY[${request.hazardClass}]::text[]`);
    if (request.due) conditions.push(sql`h."nextReviewDate" <= ${today}::date`);
    if (request.sdsDue) conditions.push(sdsMissingOrDueSql(sql`h`, today));
    return join(conditions, ' AND ');
  }

  /** The list's columns of `rows` (a SELECT of whole substances `h`), in `order`. */
  private statement(rows: Sql, order: (t: Sql) => Sql): Sql {
    return sql`SELECT page.id, page.name, page."isActive", page."supplierName", w.name AS "workplaceName",
        page."storageLocation", page.quantity, page."quantityUnit", page."hazardClasses", page.likelihood,
        page.consequence, page."sdsIssueDate", page."sdsExpiryDate", page."nextReviewDate"
      FROM (${rows}) page
      LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
      ORDER BY ${order(sql`page`)}`;
  }

  private toRow(row: ListRow, today: string): THazardousRow {
    return {
      _id: row.id,
      name: row.name,
      isActive: row.isActive,
      supplierName: row.supplierName,
      workplaceName: row.workplaceName,
      storageLocation: row.storageLocation,
      quantity: row.quantity,
      quantityUnit: row.quantityUnit,
      hazardClasses: row.hazardClasses ?? [],
      rating: ratingShown(row.likelihood, row.consequence),
      sdsIssueDate: row.sdsIssueDate,
      sdsStatus: sdsStatus(row.sdsIssueDate, row.sdsExpiryDate, today),
      nextReviewDate: row.nextReviewDate,
      reviewDueType: taskDueType(row.nextReviewDate, today),
    };
  }

  /** The filtered substances `h` in `order`, a page of them. */
  private limited(where: Sql, order: (t: Sql) => Sql, limit: number, offset: number): Sql {
    return sql`SELECT h.* FROM "HazardousSubstance" h WHERE ${where}
      ORDER BY ${order(sql`h`)} LIMIT ${limit} OFFSET ${offset}`;
  }

  async list(auth: AuthContext, request: ListRequest) {
    const today = callerToday(auth);
    const where = this.where(auth, request, today);
    const order = ORDER[request.sort];
    const shown = (row: ListRow) => this.toRow(row, today);
    // A search's matches are planned for its words, as the risks' (the trigram indexes find a rare
    // one, the order a common one), its page's rows read by id.
    if (request.search)
      return keyedSearchPage(
        this.reader,
        request,
        {
          keys: sql`SELECT h.id FROM "HazardousSubstance" h WHERE ${where} ORDER BY ${order(sql`h`)}`,
          rows: (ids) =>
            this.statement(
              sql`SELECT h.* FROM unnest(${ids}) k(id) JOIN "HazardousSubstance" h ON h.id = k.id
                AND h."companyId" = ${uuid(auth.companyId)}`,
              order,
            ),
        },
        shown,
      );
    const read = {
      rows: (limit: number, offset: number) =>
        this.reader.rows<ListRow>(this.statement(this.limited(where, order, limit, offset), order)),
      count: sql`SELECT 1 FROM "HazardousSubstance" h WHERE ${where}`,
    };
    return listPage(this.reader, request, read, shown);
  }

  async exportCsv(auth: AuthContext, request: Filters): Promise<string> {
    const today = callerToday(auth);
    const order = ORDER[request.sort];
    const statement = this.statement(
      this.limited(this.where(auth, request, today), order, EXPORT_LIMIT, 0),
      order,
    );
    return exportRows(this.reader, statement, (row: ListRow) => this.toRow(row, today), [
      { header: 'Product', value: (row) => row.name },
      { header: 'Supplier', value: (row) => row.supplierName },
      { header: 'Workplace', value: (row) => row.workplaceName },
      { header: 'Storage location', value: (row) => row.storageLocation },
      { header: 'Quantity', value: (row) => row.quantity },
      { header: 'Unit', value: (row) => row.quantityUnit },
      {
        header: 'Hazard classes',
        value: (row) => row.hazardClasses.map((key) => CLASS_LABELS.get(key) ?? key).join('; '),
      },
      { header: 'Rating', value: (row) => (row.rating ? `${row.rating.score} ${row.rating.colour}` : '') },
      { header: 'SDS issued', value: (row) => row.sdsIssueDate },
      { header: 'SDS status', value: (row) => row.sdsStatus },
      { header: 'Next review', value: (row) => row.nextReviewDate },
    ]);
  }

  private async find(client: Tx | Db, auth: AuthContext, id: string): Promise<Substance> {
    const substance = await client.hazardousSubstance.findFirst({ where: { id, companyId: auth.companyId } });
    if (!substance) throw notFound();
    return substance;
  }

  async details(auth: AuthContext, id: string): Promise<THazardousDetails> {
    const substance = await this.find(this.db, auth, id);
    const [sheets, today, parts] = await Promise.all([
      this.attachments.listFor(auth.companyId, 'safetyDataSheet', substance.id),
      callerToday(auth),
      this.parts.parts(auth.companyId, 'hazardous', substance),
    ]);
    const issueDate = dayOf(substance.sdsIssueDate);
    const expiryDate = dayOf(substance.sdsExpiryDate);
    return {
      _id: substance.id,
      name: substance.name,
      supplierName: substance.supplierName,
      storageLocation: substance.storageLocation,
      quantity: substance.quantity,
      quantityUnit: substance.quantityUnit as QuantityUnit | null,
      hazardClasses: substance.hazardClasses ?? [],
      rating: ratingShown(substance.likelihood, substance.consequence),
      sds: {
        issueDate,
        expiryDate,
        status: sdsStatus(issueDate, expiryDate, today),
        file: sheets.at(-1) ?? null,
        sheets: sheets.slice(0, -1).reverse(),
      },
      ...parts,
    };
  }

  async save(auth: AuthContext, input: THazardousSaveParsed): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const before = input._id ? await this.find(tx, auth, input._id) : null;
      const clash = await tx.hazardousSubstance.findFirst({
        where: { companyId: auth.companyId, name: input.name, ...(before && { NOT: { id: before.id } }) },
        select: { id: true },
      });
      if (clash) throw badRequest(say.nameTaken, [{ field: 'name', message: say.nameTaken }]);
      const stewardship = await this.parts.stewardship(tx, 'hazardous', auth.companyId, input);
      const { score, colour } = rateRisk(input.rating);
      const data = {
        name: input.name,
        supplierName: input.supplierName,
        storageLocation: input.storageLocation,
        quantity: input.quantity,
        quantityUnit: input.quantity === null ? null : input.quantityUnit,
        hazardClasses: [...new Set(input.hazardClasses)],
        likelihood: input.rating.likelihood,
        consequence: input.rating.consequence,
        score,
        colour,
        ...stewardship,
      };
      const substance = before
        ? await tx.hazardousSubstance.update({ where: { id: before.id }, data })
        : await tx.hazardousSubstance.create({ data: { companyId: auth.companyId, ...data } });
      await this.parts.saved(tx, auth, 'hazardous', { before, after: substance }, snapshot);
      return { _id: substance.id };
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const substance = await this.find(tx, auth, id);
      await this.parts.beforeDelete(tx, auth.companyId, 'hazardous', id, [
        'hazardousSubstance',
        'safetyDataSheet',
      ]);
      await tx.hazardousSubstance.delete({ where: { id } });
      await this.parts.log(
        tx,
        auth,
        'hazardous',
        { action: 'deleted', before: substance, after: null },
        snapshot,
      );
    });
  }

  /**
   * A new safety data sheet: one PDF with its issue date (not in the future) and optional expiry
   * (not before the issue); the earlier sheets stay listed.
   */
  async uploadSds(
    auth: AuthContext,
    input: z.output<typeof ZSdsUpload>,
    files: UploadedFile[],
  ): Promise<void> {
    const file = files[0];
    if (!file || files.length > 1)
      throw badRequest(say.sdsFileRequired, [{ field: 'file', message: say.sdsFileRequired }]);
    if (!/\.pdf$/i.test(file.name))
      throw badRequest(say.sdsFileType, [{ field: 'file', message: say.sdsFileType }]);
    await this.find(this.db, auth, input._id);
    if (input.issueDate > callerToday(auth))
      throw badRequest(say.sdsIssueFuture, [{ field: 'issueDate', message: say.sdsIssueFuture }]);
    await this.parts.storeFiles(
      auth,
      'hazardous',
      input._id,
      'safetyDataSheet',
      [file],
      'safety data sheet',
      async (tx) => {
        await tx.hazardousSubstance.update({
          where: { id: input._id },
          data: {
            sdsIssueDate: dateOf(input.issueDate),
            sdsExpiryDate: input.expiryDate ? dateOf(input.expiryDate) : null,
          },
        });
        return { sdsIssueDate: input.issueDate, sdsExpiryDate: input.expiryDate || null };
      },
    );
  }

  /** Completes the caller's part of the substance's review; its next review date follows. */
  async completeReview(auth: AuthContext, input: TReviewCompleteParsed): Promise<TReviewCompleted> {
    return this.parts.completeReview(
      auth,
      'hazardous',
      input,
      {
        find: (tx) => this.find(tx, auth, input.itemId),
        update: (tx, data) => tx.hazardousSubstance.update({ where: { id: input.itemId }, data }),
      },
      snapshot,
    );
  }
}
