/**
 * The demo data of Compass: two organisations, "Northwind Facilities" (the demo) and "Southbank
 * Logistics" (a second tenant, so tests can prove isolation). Every account's password is
 * Demo@1234.
 *
 * seedDemo is idempotent: when Northwind Facilities exists it changes nothing. Otherwise everything
 * is written in one transaction, so a failure leaves nothing behind. Dates are relative to `today`
 * (default: now), so due, overdue and upcoming items stay meaningful whenever the seed runs.
 *
 * Ids are deterministic UUIDs (name-based, SHA-1, version 5 layout) derived from a readable key
 * such as `nw:user:olivia.admin` (see demoId), so links into the demo stay stable between
 * re-seeds of fresh databases.
 *
 * ---------------------------------------------------------------------------------------------
 * JSON shapes (the form feature follows these)
 * ---------------------------------------------------------------------------------------------
 * TemplateField, by type:
 *   radio, select, checkbox  optionVal = [{ value: string, label: string }]
 *   items                    itemList  = [{ _id: string, name: string }]
 *   typeGroupings            optionVal = [{ category: string, subCategories: string[] }]
 *   table                    optionVal = [{ _id: string, name: string, type: 'text' | 'number' | 'date' }]
 *                            (the columns; _id is the column id used in row cells)
 *   weblink                  webLink   = the URL shown to the user
 *   contentEditor            contentEditor = the template's HTML text (the starting content)
 *   every field              colSize   = 6, except 12 for task, table, section, contentEditor,
 *                                         signature and diagram
 *   isMandatory with or without mandatoryComment (the message shown when it is missing).
 *   A `section` field is a heading inside a section (no value).
 *
 * SubmissionValue.value, by field type:
 *   text, number, textarea, radio, select, weblink   string (radio/select: the option's value;
 *                                                    number: its decimal text; weblink: a URL)
 *   date                                             string 'yyyy-MM-dd'
 *   time                                             string 'HH:mm'
 *   contentEditor                                    string of HTML
 *   checkbox                                         string[] of option values
 *   items                                            string[] of itemList _ids
 *   employee, asset, risk, supplier                  string[] of Employee / Asset / Risk /
 *                                                    SupplierCompany ids
 *   submission                                       string[] of FormSubmission ids
 *   typeGroupings                                    { category: string, subCategories: string[] }
 *   signature, diagram                               string data URL of the image
 *                                                    ('data:image/svg+xml;base64,...' here; a canvas
 *                                                    saves 'data:image/png;base64,...')
 *   table                                            no SubmissionValue; one SubmissionTableRow per
 *                                                    row: rowIndex 0.., cells { [columnId]: string }
 *   task                                             no SubmissionValue; Action rows with fieldId
 *   file                                             no SubmissionValue; Attachment rows (none seeded)
 *   section                                          none
 * SubmissionValue.optionVal is left null.
 *
 * Role.access: { [AccessKey]: boolean } with every key of ACCESS_KEYS.
 * ---------------------------------------------------------------------------------------------
 */
import argon2 from 'argon2';
import { type PrismaClient } from '../../server/src/generated/prisma/client';
import { DEMO_PASSWORD, DEMO_ORGANISATION, SECOND_ORGANISATION } from './ids';
import { calendar, Rows, Org } from './rows';
import { buildNorthwind } from './northwind';
import { writeNorthwindCompetencies } from './northwind/competencies';
import { writeNorthwindPositionRules } from './northwind/inductions';
import { writeNorthwindReports } from './northwind/reports';
import { writeNorthwindTimesheetsAndVisitors } from './northwind/timesheetsAndVisitors';
import { buildSouthbank } from './southbank';
import { addRiskRegisters } from './risks';
import { checkReferences } from './references';
import { storeDocumentFiles } from './documentFiles';
import type { FileStorage } from '../../server/src/plugins/storage';

export { DEMO_ORGANISATION, DEMO_PASSWORD, SECOND_ORGANISATION, demoId } from './ids';

// ---------- Entry point ----------

/**
 * Seeds the demo organisations unless "Northwind Facilities" exists. Returns whether it created
 * them. Everything is written in one transaction.
 */
export async function seedDemo(
  prisma: PrismaClient,
  /** `storage`: where the demo documents' files go (without it their versions have no file). */
  options: { today?: Date; storage?: FileStorage } = {},
): Promise<{ created: boolean }> {
  const exists = () => prisma.company.findFirst({ where: { name: DEMO_ORGANISATION }, select: { id: true } });
  if (await exists()) return { created: false };

  // Hashing is slow: once, for every account.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  const cal = calendar(options.today ?? new Date());
  const rows = new Rows();
  const northwind = new Org('nw', cal, rows, passwordHash);
  const southbank = new Org('sb', cal, rows, passwordHash);
  buildNorthwind(northwind);
  buildSouthbank(southbank);
  for (const org of [northwind, southbank]) addRiskRegisters(org);
  const companies: Array<[Org, string, string, string]> = [
    [northwind, DEMO_ORGANISATION, 'Northwind Facilities', 'https://www.northwind-facilities.example/'],
    [southbank, SECOND_ORGANISATION, 'Southbank Logistics', 'https://www.southbank-logistics.example/'],
  ];
  rows.company = companies.map(([org, name, headerTitle, homeSiteUrl]) => ({
    id: org.companyId,
    name,
    headerTitle,
    homeSiteUrl,
    nextFormNumber: org.nextFormNumber,
    createdAt: cal.at(-400),
  }));
  checkReferences(rows);
  if (options.storage) await storeDocumentFiles(rows, options.storage);

  return prisma.$transaction(
    async (tx) => {
      // Two seeds at once (two servers starting): the second waits here, then finds the demo.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(72201)`;
      if (await tx.company.findFirst({ where: { name: DEMO_ORGANISATION }, select: { id: true } })) {
        return { created: false };
      }
      await rows.write(tx);
      await writeNorthwindCompetencies(tx, northwind);
      await writeNorthwindPositionRules(tx, northwind);
      await writeNorthwindTimesheetsAndVisitors(tx, northwind);
      await writeNorthwindReports(tx, northwind);
      return { created: true };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
