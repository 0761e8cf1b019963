import type { TRequirementType, TSupplierRequirementDetails } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type userEvent from '@testing-library/user-event';
import { type mockFetch, ok, testId } from '../../../test/helpers';

/** What the Form Register's and the Requirements' tests share: a company, its person, a reviewer. */
export const ACME = testId(21);
export const LIAM = testId(22);
export const ETHAN = testId(23);

export const PARTY_SUPPLIERS = [
  { _id: ACME, name: 'Acme Contracting', personnel: [{ _id: LIAM, name: 'Liam Walker' }] },
];

/** Who a request goes to (Liam Walker of Acme Contracting) and who reviews it (Ethan Clarke). */
export const PARTY = {
  supplierId: ACME,
  supplierName: 'Acme Contracting',
  personnelId: LIAM,
  personnelName: 'Liam Walker',
  reviewerEmployeeId: ETHAN,
  reviewerName: 'Ethan Clarke',
};

/** The reviewer search, answering Ethan Clarke. */
export const reviewerSearch = {
  'POST /api/supplierReviewerSearch': () => ok([{ _id: ETHAN, name: 'Ethan Clarke' }]),
};

/** Picks Ethan Clarke as the reviewer in a request dialog. */
export async function pickReviewer(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('searchbox'), 'eth');
  await user.click(await within(dialog).findByRole('button', { name: 'Ethan Clarke' }));
}

/** The calls made to `/api/{path}`, in order. */
export const sentTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://localhost').pathname === `/api/${path}`,
  );

/**
 * Refuses what a supplier sent (a return, a rejection): first without a reason, which the dialog
 * refuses before any call, then with `reason`; then the caller checks what was sent.
 */
export async function refuseWithReason(
  user: ReturnType<typeof userEvent.setup>,
  fetchMock: ReturnType<typeof mockFetch>,
  refusal: { open: string; dialog: string; submit: string; field: string; required: string; call: string },
  reason: string,
) {
  await user.click(await screen.findByRole('button', { name: refusal.open }));
  const dialog = screen.getByRole('dialog', { name: refusal.dialog });
  await user.click(within(dialog).getByRole('button', { name: refusal.submit }));
  expect(within(dialog).getByText(refusal.required)).toBeInTheDocument();
  expect(sentTo(fetchMock, refusal.call)).toHaveLength(0);
  await user.type(within(dialog).getByLabelText(refusal.field), reason);
  await user.click(within(dialog).getByRole('button', { name: refusal.submit }));
}

/** The Requirements' tests: a personnel type (Electrical Licence), a company one, a request of Liam. */
export const LICENCE = testId(4);
export const INSURANCE = testId(5);
export const REQUIREMENT = testId(6);

export const type = (over: Partial<TRequirementType>): TRequirementType => ({
  _id: LICENCE,
  name: 'Electrical Licence',
  appliesTo: 'personnel',
  description: null,
  expires: true,
  trainingCourseId: null,
  trainingCourseName: null,
  isActive: true,
  inUse: 0,
  ...over,
});

/** Liam's Electrical Licence, to provide. */
export const details = (over: Partial<TSupplierRequirementDetails> = {}): TSupplierRequirementDetails => ({
  _id: REQUIREMENT,
  requirementTypeId: LICENCE,
  typeName: 'Electrical Licence',
  ...PARTY,
  status: 'pending',
  state: 'toProvide',
  dueDate: '2026-12-09',
  taskDueDateType: 'nodue',
  expiryDate: null,
  organisationName: 'Northwind Facilities',
  description: 'Your current A-grade licence.',
  expires: true,
  appliesTo: 'personnel',
  message: null,
  note: null,
  rejectionReason: null,
  submittedAt: null,
  reviewedAt: null,
  reviewedByName: null,
  documents: [],
  training: null,
  canUpload: true,
  canReview: false,
  ...over,
});
