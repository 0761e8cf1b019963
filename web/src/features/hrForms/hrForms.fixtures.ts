import type { THrFormDetails, THrFormRow } from '@compass/shared';
import { ok, testId } from '../../../test/helpers';

/** The people and the form of the HR forms' tests. */
export const TEMPLATE = testId(1);
export const ASSIGNMENT = testId(5);
export const SUBMISSION = testId(6);
export const MIA = { _id: testId(21), name: 'Mia Chen', positionName: 'Storeman' };
export const NOAH = { _id: testId(22), name: 'Noah Patel', positionName: null };
export const ETHAN = { _id: testId(23), name: 'Ethan Clarke', positionName: 'Site Manager' };
export const WELLBEING = 'Annual Wellbeing Check';

export function hrFormRow(over: Partial<THrFormRow> = {}): THrFormRow {
  return {
    _id: ASSIGNMENT,
    formTemplateId: TEMPLATE,
    formName: WELLBEING,
    employeeId: MIA._id,
    employeeName: MIA.name,
    reviewerEmployeeId: ETHAN._id,
    reviewerName: ETHAN.name,
    status: 'submitted',
    dueDate: '2026-12-09',
    taskDueDateType: 'nodue',
    submissionId: SUBMISSION,
    formNumber: 'FS 1020',
    returnCount: 0,
    repeat: null,
    createdAt: '2026-11-25T02:00:00.000Z',
    ...over,
  };
}

export function hrFormDetails(over: Partial<THrFormDetails> = {}): THrFormDetails {
  return {
    ...hrFormRow(),
    message: null,
    reviewComment: null,
    side: 'reviewer',
    canFill: false,
    canReview: true,
    canCancel: false,
    history: [],
    ...over,
  };
}

/** The people search of the assign dialog and the register's filters: everyone whose name matches. */
export const peopleSearch = {
  'POST /api/hrFormPeopleSearch': ({ body }: { body: unknown }) => {
    const search = String((body as { search?: string }).search ?? '').toLowerCase();
    return ok([MIA, NOAH, ETHAN].filter((person) => person.name.toLowerCase().includes(search)));
  },
};
