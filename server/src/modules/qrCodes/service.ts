import { messages } from '@compass/shared';
import QRCode from 'qrcode';
import type { Db } from '../../db/prisma';
import { badRequest, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { mayPrintClockInCode, mayPrintPoster } from './policy';

/** Text for SVG content and attributes. */
const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** A QR code as an SVG document; quiet zone of 2 modules, medium error correction. */
const qrSvg = (text: string) => QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });

/** Splits a long title over lines of about `width` characters for the poster. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/** The QR codes of the product: an employee's clock-in code and a form template's poster. */
export class QrCodeService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  private url(path: string): string {
    return new URL(path, this.publicUrl.endsWith('/') ? this.publicUrl : `${this.publicUrl}/`).toString();
  }

  /** The clock-in QR code of an active employee: it opens {PUBLIC_URL}/employeeclockin/{id}. */
  async employeeClockInQr(auth: AuthContext, employeeId: string): Promise<string> {
    const employee = await this.db.employee.findFirst({
      where: { id: employeeId, companyId: auth.companyId, isActive: true },
      select: { id: true },
    });
    if (!employee) throw notFound(messages.clockIn.notFound);
    if (!mayPrintClockInCode(auth, employee.id)) throw forbidden(messages.qrCodes.notYourCode);
    return qrSvg(this.url(`employeeclockin/${employee.id}`));
  }

  /**
   * A printable A4 poster of a form template: organisation, form name and the QR code of the guest
   * form {PUBLIC_URL}/qr/form-submission/{employeeId}/{formId}/{companyId}, where employeeId is the
   * template's coordinator (else the administrator printing it), who receives the guest submissions.
   */
  async formTemplateQrPoster(auth: AuthContext, templateId: string): Promise<{ name: string; svg: string }> {
    const template = await this.db.formTemplate.findFirst({
      where: { id: templateId, companyId: auth.companyId },
      select: { id: true, name: true, coordinatorEmployeeId: true, formType: true },
    });
    if (!template) throw notFound();
    if (!mayPrintPoster(auth, template)) throw forbidden();
    // Guests may fill in QR-type forms only (modules/qrSubmissions): any other poster would open a refusal.
    if (template.formType !== 'qr') throw badRequest(messages.qrCodes.posterNotQr);
    const employeeId = template.coordinatorEmployeeId ?? auth.employeeId;
    if (!employeeId) throw forbidden();
    const company = await this.db.company.findUniqueOrThrow({
      where: { id: auth.companyId },
      select: { name: true },
    });
    const target = this.url(`qr/form-submission/${employeeId}/${template.id}/${auth.companyId}`);
    const code = (await qrSvg(target)).replace('<svg ', '<svg x="35" y="95" width="140" height="140" ');
    const lines = wrap(template.name, 28);
    const titleLines = lines
      .map((line, index) => `<tspan x="105" dy="${index === 0 ? 0 : 11}">${escapeXml(line)}</tspan>`)
      .join('');
    // The title block (one to three lines) is centred between the organisation and the call to scan.
    const titleY = 62 - 5.5 * (lines.length - 1);
    const svg = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297" ',
      'font-family="Helvetica, Arial, sans-serif" text-anchor="middle">',
      `<title>${escapeXml(`${template.name}: ${messages.qrCodes.posterCall}`)}</title>`,
      '<rect width="210" height="297" fill="#ffffff"/>',
      `<text x="105" y="30" font-size="8" fill="#475569">${escapeXml(company.name)}</text>`,
      `<text x="105" y="${titleY}" font-size="10" font-weight="700" fill="#0f172a">${titleLines}</text>`,
      `<text x="105" y="88" font-size="7" fill="#0f172a">${escapeXml(messages.qrCodes.posterCall)}</text>`,
      code,
      `<text x="105" y="252" font-size="4.5" fill="#475569">${escapeXml(messages.qrCodes.posterHint)}</text>`,
      `<text x="105" y="262" font-size="2.2" fill="#64748b">${escapeXml(target)}</text>`,
      '</svg>',
    ].join('');
    return { name: template.name, svg };
  }
}
