import { messages } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { badRequest, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { mayPrintClockInCode, mayPrintPoster } from './policy';
import { publicLink, qrPosterSvg, qrSvg } from './poster';

/** The QR codes of the product: an employee's clock-in code and a form template's poster. */
export class QrCodeService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  private url(path: string): string {
    return publicLink(this.publicUrl, path);
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
    const svg = await qrPosterSvg({
      organisation: company.name,
      title: template.name,
      call: messages.qrCodes.posterCall,
      hint: messages.qrCodes.posterHint,
      target,
    });
    return { name: template.name, svg };
  }
}
