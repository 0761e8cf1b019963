import {
  type FieldType,
  personName,
  type TQrBranchesRequest,
  type TQrFormRoute,
  type TQrSubmissionForm,
  type TQrSubmissionSaveRequest,
  type TTemplateField,
  type TTemplateSection,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { SubmissionService } from '../submissions';
import type { SubmissionTemplates } from '../submissions';
import { guestFormOf } from './policy';

/**
 * Field types a guest does not fill in: pickers of the organisation's records (they would list its
 * employees, suppliers, assets, risks and submissions to anyone holding the poster), actions (they
 * assign work to employees and personnel) and files (no anonymous uploads). The coordinator
 * completes them after the form arrives.
 */
export const GUEST_HIDDEN_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'employee',
  'asset',
  'risk',
  'supplier',
  'submission',
  'task',
  'file',
]);

/**
 * The part of a template a guest fills in: no investigation sections (the coordinator's part) and
 * none of the hidden types. The form the guest sees and the check of what they send use it alike,
 * so a value for any other field is refused as a field the form does not have.
 */
export function guestShape<T extends { sections: TTemplateSection[]; fieldList: TTemplateField[] }>(
  shape: T,
): T {
  const sections = shape.sections.filter((section) => section.secMandatoryType !== 'investigation');
  const kept = new Set(sections.map((section) => section._id));
  return {
    ...shape,
    sections,
    fieldList: shape.fieldList.filter(
      (field) => kept.has(field.section) && !GUEST_HIDDEN_TYPES.has(field.type),
    ),
  };
}

/** The public side of a template's QR poster: the guest form and the guest submit. */
export class QrSubmissionService {
  constructor(
    private readonly db: Db,
    private readonly submissions: SubmissionService,
    private readonly templates: SubmissionTemplates,
  ) {}

  async form(route: TQrFormRoute): Promise<TQrSubmissionForm> {
    const { company, templateId, coordinator } = await guestFormOf(this.db, route);
    const [template, workplaces] = await Promise.all([
      this.templates.templateDetail({ companyId: company.id }, templateId),
      this.db.workplace.findMany({
        where: { companyId: company.id, isActive: true },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
      }),
    ]);
    return {
      companyName: company.name,
      coordinator: {
        _id: coordinator.id,
        name: personName(coordinator),
      },
      template: guestShape(template),
      workplace: workplaces.map((row) => ({ _id: row.id, name: row.name })),
    };
  }

  async branches(request: TQrBranchesRequest) {
    const { company } = await guestFormOf(this.db, request);
    return this.templates.branches({ companyId: company.id }, request.workplace);
  }

  /** Submits (never a draft) as no user, with the route's employee as the coordinator. */
  async submit(request: TQrSubmissionSaveRequest) {
    const { company, templateId, coordinator } = await guestFormOf(this.db, request);
    const guest = {
      companyId: company.id,
      userId: null,
      employeeId: null,
      personnelId: null,
      supplierId: null,
    };
    const result = await this.submissions.save(
      guest,
      {
        formTemplateId: templateId,
        formDescription: request.formDescription,
        formDate: request.formDate,
        workplace: request.workplace,
        branch: request.branch,
        submissionUserId: [{ userId: coordinator.id }],
        formValue: request.formValue,
        taskData: [],
        tableData: request.tableData,
        isDraft: 'no',
        localTimeZone: request.localTimeZone,
      },
      { restrict: guestShape },
    );
    return { formatedNumber: result.formatedNumber, message: result.message };
  }
}
