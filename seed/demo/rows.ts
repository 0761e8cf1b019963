import { Prisma } from '../../server/src/generated/prisma/client';
import { Tx, demoId } from './ids';

// ---------- Dates ----------

export interface Calendar {
  /** A date-only value (UTC midnight of the local calendar day `offset` days from today). */
  day(offset: number): Date;
  /** The same day as 'yyyy-MM-dd'. */
  iso(offset: number): string;
  /** A local timestamp `offset` days from today at hh:mm, capped at `today` itself. */
  at(offset: number, hours?: number, minutes?: number): Date;
}

export function calendar(today: Date): Calendar {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const day = (offset: number) => new Date(Date.UTC(y, m, d + offset));
  return {
    day,
    iso: (offset) => day(offset).toISOString().slice(0, 10),
    // Never later than `today`: these are creation and completion times.
    at: (offset, hours = 9, minutes = 0) => {
      const time = new Date(y, m, d + offset, hours, minutes);
      return time > today ? new Date(today) : time;
    },
  };
}

// ---------- Rows, written table by table in foreign-key order ----------

export class Rows {
  company: Prisma.CompanyCreateManyInput[] = [];
  position: Prisma.PositionCreateManyInput[] = [];
  role: Prisma.RoleCreateManyInput[] = [];
  accessRestriction: Prisma.AccessRestrictionCreateManyInput[] = [];
  workplace: Prisma.WorkplaceCreateManyInput[] = [];
  branch: Prisma.BranchCreateManyInput[] = [];
  employee: Prisma.EmployeeCreateManyInput[] = [];
  employeePrivateInfo: Prisma.EmployeePrivateInfoCreateManyInput[] = [];
  supplierCompany: Prisma.SupplierCompanyCreateManyInput[] = [];
  personnel: Prisma.PersonnelCreateManyInput[] = [];
  user: Prisma.UserCreateManyInput[] = [];
  assetCategory: Prisma.AssetCategoryCreateManyInput[] = [];
  asset: Prisma.AssetCreateManyInput[] = [];
  maintenancePlan: Prisma.MaintenancePlanCreateManyInput[] = [];
  maintenanceRecord: Prisma.MaintenanceRecordCreateManyInput[] = [];
  assetFault: Prisma.AssetFaultCreateManyInput[] = [];
  risk: Prisma.RiskCreateManyInput[] = [];
  hazardousSubstance: Prisma.HazardousSubstanceCreateManyInput[] = [];
  requirementType: Prisma.RequirementTypeCreateManyInput[] = [];
  formTemplate: Prisma.FormTemplateCreateManyInput[] = [];
  formTemplateVersion: Prisma.FormTemplateVersionCreateManyInput[] = [];
  templateSection: Prisma.TemplateSectionCreateManyInput[] = [];
  templateField: Prisma.TemplateFieldCreateManyInput[] = [];
  formSubmission: Prisma.FormSubmissionCreateManyInput[] = [];
  submissionCoordinator: Prisma.SubmissionCoordinatorCreateManyInput[] = [];
  submissionValue: Prisma.SubmissionValueCreateManyInput[] = [];
  submissionTableRow: Prisma.SubmissionTableRowCreateManyInput[] = [];
  action: Prisma.ActionCreateManyInput[] = [];
  notice: Prisma.NoticeCreateManyInput[] = [];
  audit: Prisma.AuditCreateManyInput[] = [];
  auditQuestionTask: Prisma.AuditQuestionTaskCreateManyInput[] = [];
  obligation: Prisma.ObligationCreateManyInput[] = [];
  obligationQuestionTask: Prisma.ObligationQuestionTaskCreateManyInput[] = [];
  documentFolder: Prisma.DocumentFolderCreateManyInput[] = [];
  document: Prisma.DocumentCreateManyInput[] = [];
  documentVersion: Prisma.DocumentVersionCreateManyInput[] = [];
  attachment: Prisma.AttachmentCreateManyInput[] = [];
  documentAcknowledgement: Prisma.DocumentAcknowledgementCreateManyInput[] = [];
  documentApproval: Prisma.DocumentApprovalCreateManyInput[] = [];
  review: Prisma.ReviewCreateManyInput[] = [];
  scheduledTask: Prisma.ScheduledTaskCreateManyInput[] = [];
  hrFormAssignment: Prisma.HrFormAssignmentCreateManyInput[] = [];
  performanceReview: Prisma.PerformanceReviewCreateManyInput[] = [];
  performanceReviewObjective: Prisma.PerformanceReviewObjectiveCreateManyInput[] = [];
  trainingCourse: Prisma.TrainingCourseCreateManyInput[] = [];
  trainingCourseVersion: Prisma.TrainingCourseVersionCreateManyInput[] = [];
  onlineTrainingAssignment: Prisma.OnlineTrainingAssignmentCreateManyInput[] = [];
  trainingAttempt: Prisma.TrainingAttemptCreateManyInput[] = [];
  supplierAssignment: Prisma.SupplierAssignmentCreateManyInput[] = [];
  supplierRequirement: Prisma.SupplierRequirementCreateManyInput[] = [];

  async write(tx: Tx): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const put = async <T>(name: string, rows: T[], create: (data: T[]) => Promise<{ count: number }>) => {
      if (rows.length > 0) counts[name] = (await create(rows)).count;
    };
    await put('company', this.company, (data) => tx.company.createMany({ data }));
    await put('position', this.position, (data) => tx.position.createMany({ data }));
    await put('role', this.role, (data) => tx.role.createMany({ data }));
    await put('accessRestriction', this.accessRestriction, (data) =>
      tx.accessRestriction.createMany({ data }),
    );
    await put('workplace', this.workplace, (data) => tx.workplace.createMany({ data }));
    await put('branch', this.branch, (data) => tx.branch.createMany({ data }));
    await put('employee', this.employee, (data) => tx.employee.createMany({ data }));
    await put('employeePrivateInfo', this.employeePrivateInfo, (data) =>
      tx.employeePrivateInfo.createMany({ data }),
    );
    await put('supplierCompany', this.supplierCompany, (data) => tx.supplierCompany.createMany({ data }));
    await put('personnel', this.personnel, (data) => tx.personnel.createMany({ data }));
    await put('user', this.user, (data) => tx.user.createMany({ data }));
    await put('assetCategory', this.assetCategory, (data) => tx.assetCategory.createMany({ data }));
    await put('asset', this.asset, (data) => tx.asset.createMany({ data }));
    await put('risk', this.risk, (data) => tx.risk.createMany({ data }));
    await put('hazardousSubstance', this.hazardousSubstance, (data) =>
      tx.hazardousSubstance.createMany({ data }),
    );
    await put('requirementType', this.requirementType, (data) => tx.requirementType.createMany({ data }));
    await put('formTemplate', this.formTemplate, (data) => tx.formTemplate.createMany({ data }));
    await put('formTemplateVersion', this.formTemplateVersion, (data) =>
      tx.formTemplateVersion.createMany({ data }),
    );
    await put('templateSection', this.templateSection, (data) => tx.templateSection.createMany({ data }));
    await put('templateField', this.templateField, (data) => tx.templateField.createMany({ data }));
    await put('formSubmission', this.formSubmission, (data) => tx.formSubmission.createMany({ data }));
    await put('submissionCoordinator', this.submissionCoordinator, (data) =>
      tx.submissionCoordinator.createMany({ data }),
    );
    await put('submissionValue', this.submissionValue, (data) => tx.submissionValue.createMany({ data }));
    await put('submissionTableRow', this.submissionTableRow, (data) =>
      tx.submissionTableRow.createMany({ data }),
    );
    // Before the actions: a completed review's agreed actions are actions of it.
    await put('performanceReview', this.performanceReview, (data) =>
      tx.performanceReview.createMany({ data }),
    );
    await put('performanceReviewObjective', this.performanceReviewObjective, (data) =>
      tx.performanceReviewObjective.createMany({ data }),
    );
    await put('action', this.action, (data) => tx.action.createMany({ data }));
    await put('notice', this.notice, (data) => tx.notice.createMany({ data }));
    await put('audit', this.audit, (data) => tx.audit.createMany({ data }));
    await put('auditQuestionTask', this.auditQuestionTask, (data) =>
      tx.auditQuestionTask.createMany({ data }),
    );
    await put('obligation', this.obligation, (data) => tx.obligation.createMany({ data }));
    await put('obligationQuestionTask', this.obligationQuestionTask, (data) =>
      tx.obligationQuestionTask.createMany({ data }),
    );
    await put('documentFolder', this.documentFolder, (data) => tx.documentFolder.createMany({ data }));
    await put('document', this.document, (data) => tx.document.createMany({ data }));
    await put('documentVersion', this.documentVersion, (data) => tx.documentVersion.createMany({ data }));
    await put('attachment', this.attachment, (data) => tx.attachment.createMany({ data }));
    await put('documentAcknowledgement', this.documentAcknowledgement, (data) =>
      tx.documentAcknowledgement.createMany({ data }),
    );
    await put('documentApproval', this.documentApproval, (data) => tx.documentApproval.createMany({ data }));
    await put('review', this.review, (data) => tx.review.createMany({ data }));
    await put('scheduledTask', this.scheduledTask, (data) => tx.scheduledTask.createMany({ data }));
    await put('hrFormAssignment', this.hrFormAssignment, (data) => tx.hrFormAssignment.createMany({ data }));
    await put('trainingCourse', this.trainingCourse, (data) => tx.trainingCourse.createMany({ data }));
    await put('trainingCourseVersion', this.trainingCourseVersion, (data) =>
      tx.trainingCourseVersion.createMany({ data }),
    );
    await put('onlineTrainingAssignment', this.onlineTrainingAssignment, (data) =>
      tx.onlineTrainingAssignment.createMany({ data }),
    );
    await put('trainingAttempt', this.trainingAttempt, (data) => tx.trainingAttempt.createMany({ data }));
    await put('supplierAssignment', this.supplierAssignment, (data) =>
      tx.supplierAssignment.createMany({ data }),
    );
    await put('supplierRequirement', this.supplierRequirement, (data) =>
      tx.supplierRequirement.createMany({ data }),
    );
    // Maintenance after the assets; a fault after the corrective record it became.
    await put('maintenancePlan', this.maintenancePlan, (data) => tx.maintenancePlan.createMany({ data }));
    await put('maintenanceRecord', this.maintenanceRecord, (data) =>
      tx.maintenanceRecord.createMany({ data }),
    );
    await put('assetFault', this.assetFault, (data) => tx.assetFault.createMany({ data }));
    return counts;
  }
}

/** One organisation being built: its id prefix, company id, calendar and the shared rows. */
export class Org {
  readonly companyId: string;
  private nextNumber = 1001;
  private readonly userIds = new Map<string, string>();

  constructor(
    readonly prefix: string,
    readonly cal: Calendar,
    readonly rows: Rows,
    readonly passwordHash: string,
  ) {
    this.companyId = demoId(`${prefix}:company`);
  }

  id(kind: string, key: string): string {
    return demoId(`${this.prefix}:${kind}:${key}`);
  }

  /** The next form number (sequential per company from 1001). */
  takeNumber(): number {
    return this.nextNumber++;
  }

  get nextFormNumber(): number {
    return this.nextNumber;
  }

  userOfEmployee(employeeId: string | undefined): string | undefined {
    return employeeId ? this.userIds.get(employeeId) : undefined;
  }

  rememberUser(ownerId: string, userId: string): void {
    this.userIds.set(ownerId, userId);
  }
}
