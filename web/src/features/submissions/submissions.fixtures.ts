import type { TFormSubmission, TRelatedLists } from '@compass/shared';

/** An employee or a supplier's person as the related lists hold them. */
export const listPerson = (_id: string, firstName: string, lastName: string, isActive = true) => ({
  _id,
  firstName,
  lastName,
  isActive,
});

/** The pick lists a form loads: empty but for what `over` gives. */
export function relatedListsFixture(over: Partial<TRelatedLists> = {}): TRelatedLists {
  return {
    formTemplate: [],
    listPlan: [],
    activePlantList: [],
    listRisk: { allRiskList: [], masterRiskList: [] },
    listSupplier: [],
    activeSupplierList: [],
    listEmployee: [],
    activeEmployeeList: [],
    activePersonnelList: [],
    allPersonnelList: [],
    workplace: [],
    submissionList: [],
    ...over,
  };
}

/** What tells one test's form from another's; the rest has the defaults of a fresh draft. */
type SubmissionIdentity = Pick<
  TFormSubmission,
  | '_id'
  | 'formTemplateId'
  | 'formTemplateName'
  | 'formDescription'
  | 'workplace'
  | 'workplaceName'
  | 'formType'
  | 'submissionUserId'
  | 'recordedBy'
  | 'templateVersionId'
>;

/** A submission as the details call answers it: a draft with no answers unless `form` says so. */
export function submissionFixture(form: SubmissionIdentity & Partial<TFormSubmission>): TFormSubmission {
  return {
    formatedNumber: '(Draft)',
    number: null,
    formDate: '2026-11-20',
    branch: null,
    branchName: '',
    isDraft: 'yes',
    isClose: 'no',
    status: 'Draft',
    formValue: [],
    attachment: [],
    taskData: [],
    tableData: [],
    version: 1,
    sections: [],
    fieldList: [],
    formBranchType: 'manualEntry',
    canEdit: 'yes',
    editBlockedMessage: '',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...form,
  };
}
