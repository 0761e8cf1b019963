import type { TMaintenanceDetails, TMaintenancePlan, TMaintenanceRow } from '@compass/shared';
import { testId } from '../../../test/helpers';

export const RECORD = testId(1);
export const ASSET = testId(2);
export const PLAN = testId(3);
export const ETHAN = testId(4);
export const ACME = testId(5);
export const CHECKLIST = testId(6);
export const SUBMISSION = testId(7);
export const CATEGORY = testId(8);

/** A row of the Maintenance Register's work. */
export function workRow(over: Partial<TMaintenanceRow> = {}): TMaintenanceRow {
  return {
    _id: RECORD,
    asset: { _id: ASSET, number: 'A-00001', name: 'Forklift' },
    title: 'Monthly service',
    kind: 'planned',
    frequency: 'months',
    assignee: { kind: 'employee', _id: ETHAN, name: 'Ethan Clarke' },
    workplace: 'Riverside Depot',
    dueDate: '2026-11-20',
    taskDueDateType: 'overdue',
    status: 'open',
    completedOn: null,
    cost: null,
    ...over,
  };
}

/** A monthly plan of the forklift, done by Ethan. */
export function plan(over: Partial<TMaintenancePlan> = {}): TMaintenancePlan {
  return {
    _id: PLAN,
    asset: { _id: ASSET, name: 'A-00001 Forklift' },
    category: null,
    title: 'Monthly service',
    instructions: 'Check the brakes and the forks.',
    frequency: 'months',
    assignee: { kind: 'employee', _id: ETHAN, name: 'Ethan Clarke' },
    formTemplate: null,
    firstDueDate: '2026-11-01',
    isActive: true,
    openRecords: 1,
    nextDue: '2026-12-01',
    ...over,
  };
}

/** The record page of an open planned record its employee assignee may complete. */
export function details(over: Partial<TMaintenanceDetails> = {}): TMaintenanceDetails {
  return {
    _id: RECORD,
    asset: {
      _id: ASSET,
      number: 'A-00001',
      name: 'Forklift',
      location: 'Loading bay',
      workplace: 'Riverside Depot',
      status: 'inService',
    },
    kind: 'planned',
    title: 'Monthly service',
    instructions: 'Check the brakes and the forks.',
    frequency: 'months',
    planId: PLAN,
    assignee: { kind: 'employee', _id: ETHAN, name: 'Ethan Clarke' },
    dueDate: '2026-11-20',
    taskDueDateType: 'overdue',
    status: 'open',
    fault: null,
    formTemplate: { _id: CHECKLIST, name: 'Forklift checklist' },
    completedOn: null,
    completedBy: null,
    completionNotes: '',
    cost: null,
    formSubmission: null,
    attachments: [],
    canComplete: true,
    canReassign: false,
    submissionOptions: [{ _id: SUBMISSION, name: 'FS 1001 Forklift checklist' }],
    ...over,
  };
}
