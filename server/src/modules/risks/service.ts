import {
  frequencyLabel,
  personName,
  rateRisk,
  riskMessages as say,
  RISK_COLOURS,
  taskDueType,
  type RiskColour,
  type RiskSort,
  type TReviewCompleted,
  type TRiskDetails,
  type TRiskMatrix,
  type TRiskReviewComplete,
  type TRiskRow,
  type TRiskSaveParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZRiskExportQuery, ZRiskListRequest } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { keyedSearchPage, type ReadOptions, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { Snapshot } from '../../plugins/changeLog';
import { callerToday } from '../../plugins/organisationDay';
import { exportRows, listPage, ratingShown, ratingText, type RegisterParts } from '../registerParts';
import { dayOf } from '../../db/days';

type Tx = Prisma.TransactionClient;
type Risk = NonNullable<Awaited<ReturnType<Db['risk']['findFirst']>>>;
type ListRequest = z.output<typeof ZRiskListRequest>;
type Filters = z.output<typeof ZRiskExportQuery>;

/** How many rows the CSV export holds at most (the scale seed's register is 5,000). */
const EXPORT_LIMIT = 20_000;

/** The unsearched list's plan: each filter and order has its index, right for any value. */
const GENERIC: ReadOptions = { plan: 'generic' };

/** Each sort of the list, for a table alias (the page's inner select and its outer one). */
const ORDER: Record<RiskSort, (t: Sql) => Sql> = {
  name: (t) => sql`${t}.name ASC, ${t}.id ASC`,
  rating: (t) => sql`${t}.score DESC NULLS LAST, ${t}.name ASC, ${t}.id ASC`,
  nextReview: (t) => sql`${t}."nextReviewDate" ASC NULLS LAST, ${t}.name ASC, ${t}.id ASC`,
  updated: (t) => sql`${t}."updatedAt" DESC, ${t}.id DESC`,
};

interface ListRow {
  id: string;
  name: string;
  isActive: boolean;
  hazard: string;
  workplaceName: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  inherentLikelihood: number | null;
  inherentConsequence: number | null;
  residualLikelihood: number | null;
  residualConsequence: number | null;
  reviewFrequency: TRiskRow['reviewFrequency'];
  nextReviewDate: string | null;
  openActions: number;
}

/** The stored colour and score of a risk: after controls (the forms' pick lists show the colour). */
function ratingColumns(input: TRiskSaveParsed['residual']): { colour: RiskColour; score: number } {
  const { colour, score } = rateRisk(input);
  return { colour, score };
}

/** A risk as its change log compares it. */
function snapshot(risk: Risk, names: Map<string, string>): Snapshot {
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : null);
  return {
    name: risk.name,
    hazard: risk.hazard,
    consequences: risk.consequences,
    existingControls: risk.existingControls,
    ratingBeforeControls: ratingText(ratingShown(risk.inherentLikelihood, risk.inherentConsequence)),
    ratingAfterControls: ratingText(ratingShown(risk.residualLikelihood, risk.residualConsequence)),
    owner: name(risk.ownerEmployeeId),
    workplace: name(risk.workplaceId),
    reviewFrequency: risk.reviewFrequency && frequencyLabel(risk.reviewFrequency),
    reviewer: name(risk.reviewerEmployeeId),
    coReviewer: name(risk.coReviewerEmployeeId),
    nextReviewDate: dayOf(risk.nextReviewDate),
    master: risk.isMaster,
    active: risk.isActive,
  };
}

/** The risk register: list, matrix, export, details, save, delete and the review's re-rating. */
export class RiskService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly parts: RegisterParts,
  ) {}

  private where(auth: AuthContext, request: Filters, today: string): Sql {
    const conditions: Sql[] = [sql`r."companyId" = ${uuid(auth.companyId)}`];
    if (request.search) {
      const pattern = containing(request.search);
      conditions.push(sql`(r.name ILIKE ${pattern} OR r.hazard ILIKE ${pattern})`);
    }
    if (request.workplaceId) conditions.push(sql`r."workplaceId" = ${uuid(request.workplaceId)}`);
    if (request.ownerId) conditions.push(sql`r."ownerEmployeeId" = ${uuid(request.ownerId)}`);
    if (request.colour) conditions.push(sql`r.colour = ${request.colour}::"RiskColour"`);
    if (request.due) conditions.push(sql`r."nextReviewDate" <= ${today}::date`);
    return join(conditions, ' AND ');
  }

  /** The list's columns of `rows` (a SELECT of whole risks `r`), in `order`. */
  private statement(rows: Sql, order: (t: Sql) => Sql): Sql {
    return sql`SELECT page.id, page.name, page."isActive", page.hazard, w.name AS "workplaceName",
        o."firstName" AS "ownerFirstName", o."lastName" AS "ownerLastName",
        page."inherentLikelihood", page."inherentConsequence", page."residualLikelihood",
        page."residualConsequence", page."reviewFrequency"::text AS "reviewFrequency", page."nextReviewDate",
        (SELECT count(*)::int FROM "Action" a
          WHERE a."companyId" = page."companyId" AND a."riskId" = page.id AND a."isComplete" = false) AS "openActions"
      FROM (${rows}) page
      LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
      LEFT JOIN "Employee" o ON o.id = page."ownerEmployeeId" AND o."companyId" = page."companyId"
      ORDER BY ${order(sql`page`)}`;
  }

  /** The filtered risks `r` in `order`, a page of them. */
  private limited(where: Sql, order: (t: Sql) => Sql, limit: number, offset: number): Sql {
    return sql`SELECT r.* FROM "Risk" r WHERE ${where} ORDER BY ${order(sql`r`)} LIMIT ${limit} OFFSET ${offset}`;
  }

  async list(auth: AuthContext, request: ListRequest) {
    const today = callerToday(auth);
    const where = this.where(auth, request, today);
    const order = ORDER[request.sort];
    const shown = (row: ListRow): TRiskRow => ({
      _id: row.id,
      name: row.name,
      isActive: row.isActive,
      hazard: row.hazard,
      workplaceName: row.workplaceName,
      ownerName:
        row.ownerFirstName === null
          ? null
          : personName({ firstName: row.ownerFirstName, lastName: row.ownerLastName ?? '' }),
      inherent: ratingShown(row.inherentLikelihood, row.inherentConsequence),
      residual: ratingShown(row.residualLikelihood, row.residualConsequence),
      reviewFrequency: row.reviewFrequency,
      nextReviewDate: row.nextReviewDate,
      reviewDueType: taskDueType(row.nextReviewDate, today),
      openActions: row.openActions,
    });
    // A search's matches are planned for its words (the trigram indexes find a rare one, the order
    // a common one), its page's rows read by id.
    if (request.search)
      return keyedSearchPage(
        this.reader,
        request,
        {
          keys: sql`SELECT r.id FROM "Risk" r WHERE ${where} ORDER BY ${order(sql`r`)}`,
          rows: (ids) =>
            this.statement(
              sql`SELECT r.* FROM unnest(${ids}) k(id) JOIN "Risk" r ON r.id = k.id
                AND r."companyId" = ${uuid(auth.companyId)}`,
              order,
            ),
        },
        shown,
      );
    const read = {
      rows: (limit: number, offset: number) =>
        this.reader.rows<ListRow>(this.statement(this.limited(where, order, limit, offset), order), GENERIC),
      count: sql`SELECT 1 FROM "Risk" r WHERE ${where}`,
      plan: GENERIC,
    };
    return listPage(this.reader, request, read, shown);
  }

  async matrix(auth: AuthContext, request: ListRequest): Promise<TRiskMatrix> {
    const where = this.where(auth, request, callerToday(auth));
    const rows = await this.reader.rows<{
      likelihood: number | null;
      consequence: number | null;
      count: number;
    }>(
      sql`SELECT r."residualLikelihood" AS likelihood, r."residualConsequence" AS consequence, count(*)::int AS count
        FROM "Risk" r WHERE ${where} GROUP BY 1, 2`,
    );
    const byColour = Object.fromEntries(RISK_COLOURS.map((colour) => [colour, 0])) as Record<
      RiskColour,
      number
    >;
    let unrated = 0;
    const cells: TRiskMatrix['cells'] = [];
    for (const row of rows) {
      if (row.likelihood === null || row.consequence === null) {
        unrated += row.count;
        continue;
      }
      cells.push({ likelihood: row.likelihood, consequence: row.consequence, count: row.count });
      byColour[rateRisk({ likelihood: row.likelihood, consequence: row.consequence }).colour] += row.count;
    }
    return { cells, unrated, byColour };
  }

  async exportCsv(auth: AuthContext, request: Filters): Promise<string> {
    const today = callerToday(auth);
    const where = this.where(auth, request, today);
    const order = ORDER[request.sort];
    const statement = this.statement(this.limited(where, order, EXPORT_LIMIT, 0), order);
    const rating = (row: ListRow, side: 'inherent' | 'residual') => {
      const shown =
        side === 'inherent'
          ? ratingShown(row.inherentLikelihood, row.inherentConsequence)
          : ratingShown(row.residualLikelihood, row.residualConsequence);
      return shown ? `${shown.score} ${shown.colour}` : '';
    };
    return exportRows(this.reader, statement, (row: ListRow) => row, [
      { header: 'Risk', value: (row) => row.name },
      { header: 'Hazard', value: (row) => row.hazard },
      { header: 'Workplace', value: (row) => row.workplaceName },
      {
        header: 'Owner',
        value: (row) =>
          row.ownerFirstName === null
            ? ''
            : personName({ firstName: row.ownerFirstName, lastName: row.ownerLastName ?? '' }),
      },
      { header: 'Rating before controls', value: (row) => rating(row, 'inherent') },
      { header: 'Rating after controls', value: (row) => rating(row, 'residual') },
      {
        header: 'Review frequency',
        value: (row) => row.reviewFrequency && frequencyLabel(row.reviewFrequency),
      },
      { header: 'Next review', value: (row) => row.nextReviewDate },
      {
        header: 'Review due',
        value: (row) => (taskDueType(row.nextReviewDate, today) === 'nodue' ? 'no' : 'yes'),
      },
      { header: 'Open actions', value: (row) => row.openActions },
    ]);
  }

  private async find(client: Tx | Db, auth: AuthContext, id: string): Promise<Risk> {
    const risk = await client.risk.findFirst({ where: { id, companyId: auth.companyId } });
    if (!risk) throw notFound();
    return risk;
  }

  async details(auth: AuthContext, id: string): Promise<TRiskDetails> {
    const risk = await this.find(this.db, auth, id);
    return {
      _id: risk.id,
      name: risk.name,
      hazard: risk.hazard,
      consequences: risk.consequences,
      existingControls: risk.existingControls,
      inherent: ratingShown(risk.inherentLikelihood, risk.inherentConsequence),
      residual: ratingShown(risk.residualLikelihood, risk.residualConsequence),
      isMaster: risk.isMaster,
      colour: risk.colour,
      ...(await this.parts.parts(auth.companyId, 'risk', risk)),
    };
  }

  async save(auth: AuthContext, input: TRiskSaveParsed): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const before = input._id ? await this.find(tx, auth, input._id) : null;
      const clash = await tx.risk.findFirst({
        where: { companyId: auth.companyId, name: input.name, ...(before && { NOT: { id: before.id } }) },
        select: { id: true },
      });
      if (clash) throw badRequest(say.nameTaken, [{ field: 'name', message: say.nameTaken }]);
      const stewardship = await this.parts.stewardship(tx, 'risk', auth.companyId, input);
      const data = {
        name: input.name,
        hazard: input.hazard,
        consequences: input.consequences,
        existingControls: input.existingControls,
        inherentLikelihood: input.inherent.likelihood,
        inherentConsequence: input.inherent.consequence,
        residualLikelihood: input.residual.likelihood,
        residualConsequence: input.residual.consequence,
        ...ratingColumns(input.residual),
        isMaster: input.isMaster,
        ...stewardship,
      };
      const risk = before
        ? await tx.risk.update({ where: { id: before.id }, data })
        : await tx.risk.create({ data: { companyId: auth.companyId, ...data } });
      await this.parts.saved(tx, auth, 'risk', { before, after: risk }, snapshot);
      return { _id: risk.id };
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const risk = await this.find(tx, auth, id);
      await this.parts.beforeDelete(tx, auth.companyId, 'risk', id, ['risk']);
      await tx.risk.delete({ where: { id } });
      await this.parts.log(tx, auth, 'risk', { action: 'deleted', before: risk, after: null }, snapshot);
    });
  }

  /**
   * Completes the caller's part of the risk's review. The reviewer may re-rate the risk after
   * controls; the risk's next review date follows the new schedule, and a retired risk leaves the
   * forms' pick lists (inactive).
   */
  async completeReview(auth: AuthContext, input: TRiskReviewComplete): Promise<TReviewCompleted> {
    return this.parts.completeReview(
      auth,
      'risk',
      input,
      {
        find: (tx) => this.find(tx, auth, input.itemId),
        update: (tx, data) =>
          tx.risk.update({
            where: { id: input.itemId },
            data: {
              ...data,
              ...(input.residual && {
                residualLikelihood: input.residual.likelihood,
                residualConsequence: input.residual.consequence,
                ...ratingColumns(input.residual),
              }),
            },
          }),
      },
      snapshot,
    );
  }
}
