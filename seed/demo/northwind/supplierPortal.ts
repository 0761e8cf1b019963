import type { AssignmentStatus, RequirementStatus } from '../../../server/src/generated/prisma/client';
import type { Org } from '../rows';
import type { Northwind, NorthwindSubmissions } from './refs';

/** The supplier portal: Acme (company level), Liam and Ava (personnel), and Zoe (portal off). */
export function addSupplierPortal(o: Org, n: Northwind, { s1008, s1010 }: NorthwindSubmissions): void {
  const { cal, companyId, rows } = o;
  const { ethan, olivia, noah, acme, zenith, liam, zoe, reqType } = n;
  const { contractor } = n.templates;
  const supplierAssignments: Array<
    [string, string, string | null, string, AssignmentStatus, number, string | null]
  > = [
    ['acme/company', acme, null, olivia, 'assigned', 10, null],
    ['acme/liam', acme, liam, ethan, 'assigned', 3, null],
    ['acme/liam-draft', acme, liam, noah, 'assigned', -1, s1010],
    ['acme/liam-roof', acme, liam, olivia, 'submitted', 2, s1008],
    ['acme/liam-closed', acme, liam, ethan, 'closed', -20, null],
    ['acme/ava', acme, o.id('personnel', 'ava'), ethan, 'assigned', 12, null],
    ['zenith/zoe', zenith, zoe, olivia, 'assigned', 5, null],
    ['zenith/company', zenith, null, olivia, 'assigned', -3, null],
  ];
  for (const [
    key,
    supplierId,
    personnelId,
    reviewerEmployeeId,
    status,
    due,
    submissionId,
  ] of supplierAssignments) {
    rows.supplierAssignment.push({
      id: o.id('supplierAssignment', key),
      companyId,
      supplierId,
      personnelId,
      formTemplateId: contractor.id,
      reviewerEmployeeId,
      submissionId,
      status,
      dueDate: cal.day(due),
      closedAt: status === 'closed' ? cal.at(due + 2) : null,
      createdAt: cal.at(-30),
    });
  }
  const supplierRequirements: Array<
    [string, string, string | null, string, string, RequirementStatus, number, number | null]
  > = [
    ['acme/pli', acme, null, 'Public Liability Insurance', olivia, 'pending', 14, null],
    ['acme/smp', acme, null, 'Safety Management Plan', ethan, 'submitted', -2, 365],
    ['liam/induction', acme, liam, 'Induction Certificate', ethan, 'pending', 7, null],
    ['liam/firstAid', acme, liam, 'First Aid Certificate', ethan, 'approved', -60, 200],
    ['ava/induction', acme, o.id('personnel', 'ava'), 'Induction Certificate', ethan, 'pending', 20, null],
    ['zenith/pli', zenith, null, 'Public Liability Insurance', olivia, 'pending', 0, null],
    ['zoe/induction', zenith, zoe, 'Induction Certificate', olivia, 'rejected', -4, null],
  ];
  for (const [
    key,
    supplierId,
    personnelId,
    type,
    reviewerEmployeeId,
    status,
    due,
    expiry,
  ] of supplierRequirements) {
    rows.supplierRequirement.push({
      id: o.id('supplierRequirement', key),
      companyId,
      supplierId,
      personnelId,
      requirementTypeId: reqType(type),
      reviewerEmployeeId,
      status,
      dueDate: cal.day(due),
      expiryDate: expiry === null ? null : cal.day(expiry),
      reviewedAt: status === 'approved' || status === 'rejected' ? cal.at(due) : null,
      createdAt: cal.at(-40),
    });
  }
}
