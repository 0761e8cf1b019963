import { displayDay, localDateOf, trainingAssignmentMessages as say } from '@compass/shared';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { conflict } from '../../errors';
import { assignmentRead } from './assignmentReads';
import { companyOf, type TraineeCaller } from './policy';

/**
 * A passed training's certificate of completion: one landscape A4 page, for its trainee (or their
 * link), its reviewer and HR, as the assignment's policy rules. The fonts and colours are the
 * closed forms' PDFs' (closeOff/pdfRender.ts).
 */

const COLOR = { text: '#1f2933', muted: '#52606d', faint: '#7b8794', brand: '#1f5fbf' };
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

export interface CertificateFacts {
  organisation: string;
  trainee: string;
  /** A supplier's person's company. */
  traineeCompany: string | null;
  course: string;
  version: number;
  score: number;
  /** The organisation's day of the pass (yyyy-MM-dd). */
  passDay: string;
  /** When the reviewer marked the passing attempt. */
  reviewer: string | null;
  number: string;
}

/** Letters, digits, dots and dashes only, for the file's name. */
const safe = (text: string) =>
  text
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .trim()
    .replace(/\s+/g, '-');

/** The facts of an assignment's certificate; 409 until it is passed. */
async function certificateFacts(
  db: Db,
  reader: Reader,
  caller: TraineeCaller,
  assignmentId: string,
): Promise<CertificateFacts> {
  const { row } = await assignmentRead(reader, caller, assignmentId, 'read');
  if (row.status !== 'passed' || !row.passedAt || !row.lastAttemptId)
    throw conflict(say.certificateNotPassed);
  const companyId = companyOf(caller);
  const [company, attempt] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true, timeZone: true } }),
    db.trainingAttempt.findFirstOrThrow({
      where: { id: row.lastAttemptId, companyId },
      select: { versionNumber: true, reviewedAt: true },
    }),
  ]);
  return {
    organisation: company.name,
    trainee: row.employeeName,
    traineeCompany: row.supplierName,
    course: row.courseName,
    version: attempt.versionNumber,
    score: row.score ?? 0,
    passDay: localDateOf(new Date(row.passedAt), company.timeZone),
    reviewer: attempt.reviewedAt ? row.reviewerName : null,
    number: row._id.slice(0, 8).toUpperCase(),
  };
}

/** Draws the certificate; the PDF's bytes. */
export function renderCertificate(facts: CertificateFacts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 56, info: { Title: facts.course } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .strokeColor(COLOR.brand)
    .stroke();
  doc
    .rect(32, 32, width - 64, height - 64)
    .lineWidth(0.8)
    .strokeColor(COLOR.faint)
    .stroke();
  const line = (text: string, font: string, size: number, color: string, gap: number) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 56, doc.y, { width: width - 112, align: 'center' });
    doc.moveDown(gap);
  };
  doc.y = 84;
  line(facts.organisation, FONT.bold, 16, COLOR.muted, 1.2);
  line('Certificate of completion', FONT.bold, 34, COLOR.brand, 1);
  line('This certifies that', FONT.italic, 14, COLOR.muted, 0.4);
  line(facts.trainee, FONT.bold, 28, COLOR.text, 0.2);
  if (facts.traineeCompany) line(facts.traineeCompany, FONT.regular, 14, COLOR.muted, 0.4);
  line('has completed the online training', FONT.italic, 14, COLOR.muted, 0.4);
  line(`${facts.course} (version ${facts.version})`, FONT.bold, 20, COLOR.text, 0.8);
  line(`Score ${facts.score}% · passed on ${displayDay(facts.passDay)}`, FONT.regular, 14, COLOR.text, 0.4);
  if (facts.reviewer) line(`Reviewed by ${facts.reviewer}`, FONT.regular, 13, COLOR.muted, 0.4);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.faint)
    .text(`Certificate no. ${facts.number}`, 56, height - 80, { width: width - 112, align: 'center' });
  doc.end();
  return done;
}

/** The certificate of a passed assignment: its file name and bytes. */
export async function trainingCertificate(
  db: Db,
  reader: Reader,
  caller: TraineeCaller,
  assignmentId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const facts = await certificateFacts(db, reader, caller, assignmentId);
  const fileName = `certificate-${safe(facts.course)}-${safe(facts.trainee)}.pdf`;
  return { fileName, pdf: await renderCertificate(facts) };
}
