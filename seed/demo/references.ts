import { Rows } from './rows';

// ---------- Reference check ----------

/** Columns that point at another seeded row (many have no foreign key in the schema). */
export const REFERENCES: Record<string, keyof Rows> = {
  companyId: 'company',
  positionId: 'position',
  roleId: 'role',
  workplaceId: 'workplace',
  branchId: 'branch',
  employeeId: 'employee',
  assigneeEmployeeId: 'employee',
  reviewerEmployeeId: 'employee',
  coReviewerEmployeeId: 'employee',
  authorEmployeeId: 'employee',
  ownerEmployeeId: 'employee',
  taskOwnerEmployeeId: 'employee',
  assignForEmployeeId: 'employee',
  recordedByEmployeeId: 'employee',
  coordinatorEmployeeId: 'employee',
  supplierId: 'supplierCompany',
  personnelId: 'personnel',
  assigneePersonnelId: 'personnel',
  recordedByPersonnelId: 'personnel',
  createdByUserId: 'user',
  closedByUserId: 'user',
  templateId: 'formTemplate',
  formTemplateId: 'formTemplate',
  templateVersionId: 'formTemplateVersion',
  sectionId: 'templateSection',
  fieldId: 'templateField',
  submissionId: 'formSubmission',
  formSubmissionId: 'formSubmission',
  auditId: 'audit',
  obligationId: 'obligation',
  documentId: 'document',
  versionId: 'documentVersion',
  currentVersionId: 'documentVersion',
  folderId: 'documentFolder',
  requirementTypeId: 'requirementType',
  riskId: 'risk',
  hazardousSubstanceId: 'hazardousSubstance',
  courseId: 'trainingCourse',
  assignmentId: 'onlineTrainingAssignment',
  lastAttemptId: 'trainingAttempt',
};

export const REVIEW_ITEMS: Record<string, keyof Rows> = {
  document: 'document',
  riskRegister: 'risk',
  hazardousRegister: 'hazardousSubstance',
  obligation: 'obligation',
};

export const PICKER_TABLES: Record<string, keyof Rows> = {
  employee: 'employee',
  asset: 'asset',
  risk: 'risk',
  supplier: 'supplierCompany',
  submission: 'formSubmission',
};

/**
 * Fails when a row points at a row that is not seeded, or at one of another organisation: the
 * ids are derived from names, so a typo would otherwise leave a dangling id.
 */
export function checkReferences(rows: Rows): void {
  type Row = Record<string, unknown>;
  const table = (name: keyof Rows) => rows[name] as unknown as Row[];
  const owners = new Map<keyof Rows, Map<string, unknown>>();
  const ownerOf = (name: keyof Rows, id: string) => {
    let map = owners.get(name);
    if (!map) {
      map = new Map(
        table(name).map((row) => [row.id as string, name === 'company' ? row.id : row.companyId]),
      );
      owners.set(name, map);
    }
    return map.get(id);
  };
  const expect = (where: string, target: keyof Rows, id: unknown, companyId: unknown) => {
    if (typeof id !== 'string') return;
    const owner = ownerOf(target, id);
    if (owner === undefined) throw new Error(`Demo seed: ${where} points at a missing ${target} ${id}`);
    if (owner !== companyId)
      throw new Error(`Demo seed: ${where} points at another organisation's ${target}`);
  };
  const fieldTypes = new Map(table('templateField').map((row) => [row.id, row.type as string]));
  for (const name of Object.keys(rows) as (keyof Rows)[]) {
    for (const row of table(name)) {
      const companyId = name === 'company' ? row.id : row.companyId;
      for (const [column, target] of Object.entries(REFERENCES)) {
        if (name === 'company' && column === 'companyId') continue;
        expect(`${name}.${column}`, target, row[column], companyId);
      }
      for (const id of (row.emailCcEmployeeIds as string[] | undefined) ?? []) {
        expect(`${name}.emailCcEmployeeIds`, 'employee', id, companyId);
      }
      if (name === 'review')
        expect('review.itemId', REVIEW_ITEMS[row.itemType as string]!, row.itemId, companyId);
      if (name === 'submissionValue') {
        const target = PICKER_TABLES[fieldTypes.get(row.fieldId) ?? ''];
        if (target)
          for (const id of row.value as string[]) expect('submissionValue.value', target, id, companyId);
      }
    }
  }
}
