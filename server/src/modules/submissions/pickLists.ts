import {
  assetOptionName,
  formattedNumber,
  personName,
  RELATED_SEARCH_PAGE_SIZE,
  type TNamedOption,
  type TRelatedLists,
  type TRelatedListsRequest,
  type TRelatedOptionPage,
  type TRelatedSearchKind,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { VersionedCache, type DataVersionLookup } from '../../db/versionedCache';
import { containing, emptySql, join, sql, uuid, type Sql } from '../../db/sql';
import { notFound } from '../../errors';
import type { CachedAnswer } from '../../plugins/answerCache';
import type { AuthContext } from '../../plugins/auth';
import type { SubmissionPolicy } from './policy';
import { USABLE_TEMPLATE, USABLE_TEMPLATE_SQL, WIRE_FORM_TYPE } from './shapes';

/**
 * Who asks for pick lists. The organisation's own employees see them whole (the risk register
 * only with the `risk` key); anyone outside it (a supplier user or personnel, a link holder) sees
 * people, risks, suppliers and submissions only where its supplier forms name them, besides its own
 * supplier and that supplier's personnel: `outside` is those ids.
 */
interface Audience {
  companyId: string;
  outside: string[] | null;
  risk: boolean;
  /** The organisation's data version when the call has read it already (a supplier user's). */
  version?: string | null;
}

/**
 * What the supplier audiences of this process may keep: a supplier's ids are a few thousand at
 * most (1,955 for the scale seed's busiest, about 80 bytes each as strings in an array).
 */
const SUPPLIER_AUDIENCE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * What the organisations' short lists of this process may keep: a few hundred rows each (381 for
 * the scale seed, about 150 bytes a row).
 */
const SHORT_LISTS_CACHE_BYTES = 16 * 1024 * 1024;

/** The rows of the short lists, the same for the whole organisation (PickLists.shortLists filters them). */
interface OrganisationLists {
  templates: { id: string; name: string; formType: keyof typeof WIRE_FORM_TYPE }[];
  suppliers: { id: string; name: string; isActive: boolean }[];
  workplaces: { id: string; name: string }[];
}

/** What a stored or new form shows by name: its references, its template's coordinator, the caller. */
interface Shown {
  submissionId: string | null;
  templateId: string | null;
  employeeId: string | null;
}

/** UUID_PATTERN for PostgreSQL's regexp_matches. */
const SQL_UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const BY_NAME = { orderBy: { name: 'asc' } } as const;

interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
}
interface SubmissionRow {
  id: string;
  number: number | null;
  formDescription: string;
  templateName: string;
}
interface AssetRow {
  id: string;
  number: string;
  name: string;
  isActive: boolean;
}
interface RiskRow {
  id: string;
  name: string;
  isActive: boolean;
  colour: string;
  isMaster: boolean;
}

const person = (row: PersonRow) => ({
  _id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  isActive: row.isActive,
});
const option = (row: { id: string; name: string; isActive: boolean }) => ({
  _id: row.id,
  name: row.name,
  isActive: row.isActive,
});
const assetOption = (row: AssetRow) => ({ _id: row.id, name: assetOptionName(row), isActive: row.isActive });
const submissionOption = (row: SubmissionRow) => ({
  _id: row.id,
  name: `${formattedNumber(row.number)} ${row.templateName}: ${row.formDescription}`,
});

/** One page of a search: the extra row fetched only says whether there is more. */
const pageOf = (options: TNamedOption[]): TRelatedOptionPage => ({
  options: options.slice(0, RELATED_SEARCH_PAGE_SIZE),
  hasMore: options.length > RELATED_SEARCH_PAGE_SIZE,
});

/**
 * The pick lists of a form (spec 001 section 3 "Reference lists loaded") and the search of the long
 * ones. Short lists (templates, suppliers, workplaces) go whole; of the long ones (employees,
 * personnel, submissions, risks, assets: thousands in a busy organisation) only the entries the
 * shown form names, so it shows them by name; new choices are searched a page at a time.
 */
export class PickLists {
  /**
   * What each supplier's forms name, under the organisation's data version: reading them takes
   * every form of the supplier (1,252 for the scale seed's busiest: 19 ms, more with many answers),
   * and every pick list and search of its users needs them. Every table `namedBy` and `audienceOf`
   * read has the version's trigger (SubmissionValue since migration
   * 20261127200000_submission_value_version).
   */
  private readonly supplierAudiences: VersionedCache<string[]>;
  /**
   * The rows of the short lists by organisation, under its data version: the same for every form
   * and caller, and three statements of every call otherwise. Their tables have the version's
   * trigger.
   */
  private readonly organisationLists: VersionedCache<OrganisationLists>;

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly policy: SubmissionPolicy,
    dataVersions: DataVersionLookup,
  ) {
    this.supplierAudiences = new VersionedCache(dataVersions, {
      maxSize: SUPPLIER_AUDIENCE_CACHE_BYTES,
      sizeOf: (ids, key) => 80 * ids.length + 2 * key.length + 64,
    });
    this.organisationLists = new VersionedCache(dataVersions, {
      maxSize: SHORT_LISTS_CACHE_BYTES,
      sizeOf: (lists, key) =>
        150 * Object.values(lists).reduce((rows: number, list: unknown[]) => rows + list.length, 0) +
        2 * key.length +
        64,
    });
  }

  /** A signed-in caller's lists; a named submission must be one the caller may see. */
  async forCaller(auth: AuthContext, request: TRelatedListsRequest): Promise<TRelatedLists> {
    const submissionId = request.formSubmissionId ?? null;
    if (submissionId && !(await this.policy.visible(auth, submissionId))) throw notFound();
    return this.lists(await this.audienceOf(auth), {
      submissionId,
      templateId: request.formTemplateId ?? null,
      employeeId: auth.employeeId,
    });
  }

  /**
   * A new form's lists for an employee, as an answer of the organisation's cache: the short lists, the
   * template's default coordinator and the employee, all from tables with the data version's trigger,
   * so the answer stands until the organisation's data changes. Null for a stored form (its answers
   * name people the history may add) or an outsider (the lists follow their forms).
   */
  newFormAnswer(auth: AuthContext, request: TRelatedListsRequest): CachedAnswer<TRelatedLists> | null {
    if (auth.userType !== 'employee' || request.formSubmissionId) return null;
    const templateId = request.formTemplateId ?? null;
    return {
      key: JSON.stringify(['relatedLists', auth.companyId, templateId, auth.employeeId]),
      load: () => this.forCaller(auth, { formTemplateId: templateId ?? undefined }),
    };
  }

  /** A link holder's lists: those of the linked submission (checked by the caller). */
  async forLink(companyId: string, supplierId: string | null, submissionId: string) {
    return this.lists(await this.linkAudience(companyId, supplierId, submissionId), {
      submissionId,
      templateId: null,
      employeeId: null,
    });
  }

  async searchForCaller(auth: AuthContext, kind: TRelatedSearchKind, search: string, page: number) {
    return this.search(await this.audienceOf(auth), kind, search, page);
  }

  async searchForLink(
    companyId: string,
    supplierId: string | null,
    submissionId: string,
    kind: TRelatedSearchKind,
    search: string,
    page: number,
  ) {
    return this.search(await this.linkAudience(companyId, supplierId, submissionId), kind, search, page);
  }

  private async audienceOf(auth: AuthContext): Promise<Audience> {
    const companyId = auth.companyId;
    if (auth.userType === 'employee') return { companyId, outside: null, risk: auth.accessKeys.has('risk') };
    const supplierId = auth.supplierId;
    if (!supplierId) return { companyId, outside: [], risk: false };
    const supplier = uuid(supplierId);
    const ownForms = sql`f."formType" = 'supplier' AND f."supplierId" = ${supplier}`;
    // Its assignments' reviewers are employees the organisation put in touch with the supplier: a
    // new supplier form may name them as coordinator.
    const reviewers = sql`SELECT s."reviewerEmployeeId"::text FROM "SupplierAssignment" s
      WHERE s."companyId" = ${uuid(companyId)} AND s."supplierId" = ${supplier}`;
    // One version read for the call: the short lists are cached under the same one.
    const version = await this.supplierAudiences.version(companyId);
    const outside = await this.supplierAudiences.getAt(version, `${companyId}:${supplierId}`, () =>
      this.idsOf(sql`${this.outsideOf(companyId, supplierId, ownForms)} UNION ${reviewers}`),
    );
    return { companyId, risk: false, outside, version };
  }

  private async linkAudience(companyId: string, supplierId: string | null, submissionId: string) {
    const outside = await this.idsOf(
      this.outsideOf(companyId, supplierId, sql`f.id = ${uuid(submissionId)}`),
    );
    return { companyId, risk: false, outside };
  }

  /** What the forms (a condition on "FormSubmission" f) name, with the supplier and its personnel. */
  private outsideOf(companyId: string, supplierId: string | null, forms: Sql): Sql {
    if (!supplierId) return this.namedBy(companyId, forms, false);
    const supplier = uuid(supplierId);
    return sql`${this.namedBy(companyId, forms, false)}
      UNION SELECT p.id::text FROM "Personnel" p WHERE p."companyId" = ${uuid(companyId)} AND p."supplierId" = ${supplier}
      UNION SELECT ${supplierId}::text`;
  }

  /**
   * The ids (as text) the forms name: in their answers, recorder, coordinators and actions'
   * assignees, and with `withLog` in their change log and their actions' (the history dialog
   * names them too).
   */
  private namedBy(companyId: string, forms: Sql, withLog: boolean): Sql {
    const company = uuid(companyId);
    const log = withLog
      ? sql`UNION SELECT lower(m[1]) FROM "ChangeLog" l CROSS JOIN regexp_matches(l."changes"::text, ${SQL_UUID}, 'gi') m
          WHERE l."companyId" = ${company} AND (
            (l."entityType" = 'formSubmission' AND l."entityId" IN (SELECT id FROM forms))
            OR (l."entityType" = 'action' AND l."entityId" IN (
              SELECT a.id FROM "Action" a WHERE a."companyId" = ${company} AND a."submissionId" IN (SELECT id FROM forms))))`
      : emptySql;
    return sql`SELECT id FROM (
      WITH forms AS (
        SELECT f.id, f."recordedByEmployeeId", f."recordedByPersonnelId" FROM "FormSubmission" f
          WHERE f."companyId" = ${company} AND ${forms})
      SELECT lower(m[1]) AS id FROM forms
        JOIN "SubmissionValue" v ON v."companyId" = ${company} AND v."submissionId" = forms.id
        CROSS JOIN regexp_matches(v."value"::text, ${SQL_UUID}, 'gi') m
      UNION SELECT c."employeeId"::text FROM forms
        JOIN "SubmissionCoordinator" c ON c."companyId" = ${company} AND c."submissionId" = forms.id
      UNION SELECT unnest(ARRAY[a."assigneeEmployeeId", a."assigneePersonnelId"])::text FROM forms
        JOIN "Action" a ON a."companyId" = ${company} AND a."submissionId" = forms.id
      UNION SELECT unnest(ARRAY[forms."recordedByEmployeeId", forms."recordedByPersonnelId"])::text FROM forms
      ${log}) named WHERE id IS NOT NULL`;
  }

  private async idsOf(statement: Sql): Promise<string[]> {
    return (await this.reader.rows<{ id: string }>(statement)).map((row) => row.id);
  }

  private async lists(audience: Audience, shown: Shown): Promise<TRelatedLists> {
    const { companyId, outside } = audience;
    const company = uuid(companyId);
    const [short, referenced, template] = await Promise.all([
      this.shortLists(audience),
      shown.submissionId
        ? this.idsOf(this.namedBy(companyId, sql`f.id = ${uuid(shown.submissionId)}`, outside === null))
        : [],
      shown.templateId
        ? this.reader.rows<{ coordinatorEmployeeId: string | null }>(
            sql`SELECT t."coordinatorEmployeeId" FROM "FormTemplate" t
              WHERE t.id = ${uuid(shown.templateId)} AND t."companyId" = ${company} AND ${USABLE_TEMPLATE_SQL}
                AND (t."formType" = 'supplier' OR ${outside === null})`,
          )
        : [],
    ]);
    // The template's default coordinator is preselected on a new form: it must show by name.
    const ids = [...referenced, template[0]?.coordinatorEmployeeId, shown.employeeId].filter(
      (id): id is string => !!id && id !== shown.submissionId,
    );
    // Prepared statements on the read pool: a new form names one or two people, and these run on
    // every form opened.
    const named = sql`t."companyId" = ${company} AND t.id = ANY(${ids}::uuid[])`;
    // A new form names employees only (its template's coordinator and the caller): the other
    // tables are looked up for a stored form's answers.
    const answered = shown.submissionId !== null;
    const people = (table: Sql) =>
      this.reader.rows<PersonRow>(sql`SELECT t.id, t."firstName", t."lastName", t."isActive" FROM ${table} t
        WHERE ${named} ORDER BY t."firstName", t."lastName", t.id`);
    const [employees, personnel, submissions, risks, assets] =
      ids.length === 0
        ? [[], [], [], [], []]
        : await Promise.all([
            people(sql`"Employee"`),
            answered ? people(sql`"Personnel"`) : [],
            answered
              ? this.reader.rows<SubmissionRow>(sql`SELECT t.id, t.number, t."formDescription",
                  tpl.name AS "templateName"
                FROM "FormSubmission" t JOIN "FormTemplate" tpl ON tpl.id = t."templateId"
                WHERE ${named} AND NOT t."isDraft" ORDER BY t.number DESC`)
              : [],
            // The risk register is for roles with its key; outsiders see the risks their forms name.
            answered && (audience.risk || outside)
              ? this.reader.rows<RiskRow>(sql`SELECT t.id, t.name, t."isActive", t.colour, t."isMaster"
                  FROM "Risk" t WHERE ${named} ORDER BY t.name`)
              : [],
            // Stored answers keep naming disposed assets; new choices are searched (active only).
            answered
              ? this.reader.rows<AssetRow>(sql`SELECT t.id, t.number, t.name, t."isActive"
                  FROM "Asset" t WHERE ${named} ORDER BY t.name, t.id`)
              : [],
          ]);
    const allRiskList = risks.map((row) => ({ colour: row.colour, ...option(row) }));
    return {
      listEmployee: employees.map(person),
      activeEmployeeList: employees.filter((row) => row.isActive).map(person),
      activePersonnelList: personnel.filter((row) => row.isActive).map(person),
      allPersonnelList: personnel.map(person),
      submissionList: submissions.map(submissionOption),
      listRisk: { allRiskList, masterRiskList: allRiskList.filter((_, i) => risks[i]!.isMaster) },
      listPlan: assets.map(assetOption),
      activePlantList: assets.filter((row) => row.isActive).map(assetOption),
      ...short,
    };
  }

  /** The lists that go whole: a few hundred entries at most (a risk or asset register can hold thousands). */
  private async shortLists(audience: Audience) {
    const { companyId, outside } = audience;
    const load = () => this.organisationRows(companyId);
    const { templates, suppliers, workplaces } = await (audience.version === undefined
      ? this.organisationLists.get(companyId, companyId, load)
      : this.organisationLists.getAt(audience.version, companyId, load));
    const shown = outside && new Set(outside);
    const isShown = (row: { id: string }) => !shown || shown.has(row.id);
    const shownSuppliers = suppliers.filter(isShown);
    return {
      formTemplate: templates
        .filter((row) => !outside || row.formType === 'supplier')
        .map((row) => ({
          _id: row.id,
          name: row.name,
          formType: WIRE_FORM_TYPE[row.formType],
        })),
      listSupplier: shownSuppliers.map(option),
      activeSupplierList: shownSuppliers.filter((row) => row.isActive).map(option),
      workplace: workplaces.map((row) => ({ _id: row.id, name: row.name })),
    };
  }

  private async organisationRows(companyId: string): Promise<OrganisationLists> {
    const record = { id: true, name: true, isActive: true } as const;
    const [templates, suppliers, workplaces] = await Promise.all([
      this.db.formTemplate.findMany({
        where: { companyId, ...USABLE_TEMPLATE },
        select: { id: true, name: true, formType: true },
        ...BY_NAME,
      }),
      this.db.supplierCompany.findMany({ where: { companyId }, select: record, ...BY_NAME }),
      this.db.workplace.findMany({
        where: { companyId, isActive: true },
        select: { id: true, name: true },
        ...BY_NAME,
      }),
    ]);
    return { templates, suppliers, workplaces };
  }

  /**
   * A page of the active entries of a long list the audience may pick from, matching every word of
   * the search. Submissions match by number ('FS 1042' or 1042) or description, newest first;
   * assets by number or name.
   */
  private async search(
    audience: Audience,
    kind: TRelatedSearchKind,
    search: string,
    page: number,
  ): Promise<TRelatedOptionPage> {
    const company = uuid(audience.companyId);
    // On the read pool. An employee's search is planned for its words (a trigram index may serve
    // them); an outsider's is prepared, as planning it for its few thousand ids cost twice as
    // much as running it. The number of words (at most 100) changes the text.
    const read = <T>(statement: Sql) =>
      this.reader.rows<T>(statement, audience.outside ? undefined : { plan: 'custom' });
    const allowed = audience.outside ? sql`AND t.id = ANY(${audience.outside}::uuid[])` : emptySql;
    const paging = sql`LIMIT ${RELATED_SEARCH_PAGE_SIZE + 1} OFFSET ${(page - 1) * RELATED_SEARCH_PAGE_SIZE}`;
    const everyWord = (text: string, matches: (word: string) => Sql) =>
      join(
        [
          sql`TRUE`,
          ...text
            .split(/\s+/)
            .filter(Boolean)
            .map((word) => sql`(${matches(word)})`),
        ],
        ' AND ',
      );
    if (kind === 'risk') {
      if (!audience.risk && !audience.outside) return pageOf([]);
      const words = everyWord(search, (word) => sql`t.name ILIKE ${containing(word)}`);
      const rows = await read<{ id: string; name: string }>(sql`
        SELECT t.id, t.name FROM "Risk" t
          WHERE t."companyId" = ${company} AND t."isActive" ${allowed} AND ${words}
          ORDER BY t.name, t.id ${paging}`);
      return pageOf(rows.map((row) => ({ _id: row.id, name: row.name })));
    }
    if (kind === 'asset') {
      // The register's trigram index (migration assets_register) finds the candidates; number and
      // name decide.
      const words = everyWord(
        search.toLowerCase(),
        (
          word,
        ) => sql`lower(t.number || ' ' || t.name || ' ' || t.make || ' ' || t.model || ' ' || t."serialNumber")
          LIKE ${containing(word)} AND lower(t.number || ' ' || t.name) LIKE ${containing(word)}`,
      );
      const rows = await read<AssetRow>(sql`
        SELECT t.id, t.number, t.name, t."isActive" FROM "Asset" t
          WHERE t."companyId" = ${company} AND t."isActive" ${allowed} AND ${words}
          ORDER BY t.name, t.id ${paging}`);
      return pageOf(rows.map((row) => ({ _id: row.id, name: assetOptionName(row) })));
    }
    if (kind === 'submission') {
      const words = everyWord(search.replace(/^FS\s*(?=\d)/i, ''), (word) =>
        /^\d{1,9}$/.test(word)
          ? sql`t.number = ${Number(word)} OR t."formDescription" ILIKE ${containing(word)}`
          : sql`t."formDescription" ILIKE ${containing(word)}`,
      );
      const rows = await read<SubmissionRow>(sql`
        SELECT t.id, t.number, t."formDescription", ft.name AS "templateName" FROM "FormSubmission" t
          JOIN "FormTemplate" ft ON ft.id = t."templateId"
          WHERE t."companyId" = ${company} AND NOT t."isDraft" ${allowed} AND ${words}
          ORDER BY t.number DESC ${paging}`);
      return pageOf(rows.map(submissionOption));
    }
    const table = kind === 'employee' ? sql`"Employee"` : sql`"Personnel"`;
    const words = everyWord(
      search,
      (word) => sql`t."firstName" ILIKE ${containing(word)} OR t."lastName" ILIKE ${containing(word)}`,
    );
    const rows = await read<{ id: string; firstName: string; lastName: string }>(sql`
      SELECT t.id, t."firstName", t."lastName" FROM ${table} t
        WHERE t."companyId" = ${company} AND t."isActive" ${allowed} AND ${words}
        ORDER BY t."firstName", t."lastName", t.id ${paging}`);
    return pageOf(rows.map((row) => ({ _id: row.id, name: personName(row) })));
  }
}
