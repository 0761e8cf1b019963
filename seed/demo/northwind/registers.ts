import type { RiskColour } from '../../../server/src/generated/prisma/client';
import { addDocumentLibrary } from '../documents';
import { place } from '../people';
import type { Org } from '../rows';
import type { Northwind, NorthwindRegisters } from './refs';

/** Northwind's risks, hazardous substances and supplier requirement types (its assets: assets.ts). */
export function addNorthwindRegisters(o: Org): Omit<NorthwindRegisters, 'asset'> {
  const { companyId, rows } = o;
  const risks: Array<[string, boolean, RiskColour, boolean]> = [
    ['Working at Heights', true, 'red', true],
    ['Manual Handling', true, 'orange', true],
    ['Slips, Trips and Falls', true, 'yellow', true],
    ['Forklift and Pedestrian Interaction', false, 'red', true],
    ['Electrical Hazards', true, 'orange', true],
    ['Workshop Noise Exposure', false, 'yellow', true],
    ['Office Ergonomics', false, 'green', true],
    ['Legacy Asbestos Register', false, 'green', false],
  ];
  for (const [name, isMaster, colour, isActive] of risks) {
    rows.risk.push({ id: o.id('risk', name), companyId, name, isMaster, colour, isActive });
  }
  const risk = (name: string) => o.id('risk', name);
  const hazards = [
    'Diesel Fuel',
    'Sodium Hypochlorite (Bleach)',
    'Acetylene Gas',
    'Hydraulic Oil',
    'Paint Thinner',
  ];
  for (const name of [...hazards, 'Carbon Tetrachloride']) {
    rows.hazardousSubstance.push({
      id: o.id('hazard', name),
      companyId,
      name,
      isActive: name !== 'Carbon Tetrachloride',
    });
  }
  const requirementTypes: Array<[string, 'company' | 'personnel']> = [
    ['Public Liability Insurance', 'company'],
    ['Safety Management Plan', 'company'],
    ['Induction Certificate', 'personnel'],
    ['First Aid Certificate', 'personnel'],
  ];
  for (const [name, appliesTo] of requirementTypes) {
    rows.requirementType.push({ id: o.id('requirementType', name), companyId, name, appliesTo });
  }
  const reqType = (name: string) => o.id('requirementType', name);
  return { risk, reqType, hazards };
}

export type DocumentLibrary = ReturnType<typeof addDocumentLibrary>;

/** Two audits (one with a task for a contractor), two obligations and the document library with its history. */
export function addAuditsObligationsAndDocuments(o: Org, n: Northwind): DocumentLibrary {
  const { cal, companyId, rows } = o;
  const { emp, ethan, olivia, noah, liam } = n;
  const { safetyAudit } = n.templates;
  rows.audit.push(
    {
      id: o.id('audit', 'warehouse'),
      companyId,
      name: 'Quarterly Warehouse Audit',
      auditDate: cal.day(-7),
      ownerEmployeeId: ethan,
      templateId: safetyAudit.id,
      templateVersionId: safetyAudit.versionId,
      status: 'inProgress',
      frequency: 'quarterly',
      firstDueDate: cal.day(-7),
      ...place(o, 'Riverside Depot', 'Warehouse'),
      createdAt: cal.at(-8),
    },
    {
      id: o.id('audit', 'fire'),
      companyId,
      name: 'Head Office Fire Safety Audit',
      auditDate: cal.day(-3),
      ownerEmployeeId: olivia,
      templateId: safetyAudit.id,
      templateVersionId: safetyAudit.versionId,
      ...place(o, 'Head Office', 'Level 3'),
      createdAt: cal.at(-4),
    },
  );
  rows.auditQuestionTask.push({
    id: o.id('auditTask', 'liam'),
    companyId,
    auditId: o.id('audit', 'warehouse'),
    question: 'Are the racking repairs certified?',
    instruction: 'Upload the certificate for the aisle 4 repairs.',
    assigneeType: 'external',
    assigneePersonnelId: liam,
    dueDate: cal.day(4),
  });
  rows.obligation.push(
    {
      id: o.id('obligation', 'whs'),
      companyId,
      name: 'Work Health and Safety Act 2011',
      ownerEmployeeId: olivia,
    },
    {
      id: o.id('obligation', 'epl'),
      companyId,
      name: 'Environmental Protection Licence EPL-2231',
      ownerEmployeeId: noah,
    },
  );
  const library = addDocumentLibrary(o, {
    folders: {
      Policies: [
        ['Health and Safety Policy', 'years', 40, 3],
        ['PPE Policy', 'biYear', 120, 2],
      ],
      Procedures: [['Forklift Safe Work Procedure', 'years', 9, 1]],
      Plans: [['Emergency Response Plan', 'halfYear', 60, 2]],
      Handbooks: [['Employee Handbook', 'years', -4, 1]],
    },
    owner: olivia,
    reviewer: emp('sophie'),
    coReviewer: noah,
    audienceRoleIds: [o.id('role', 'Coordinator'), o.id('role', 'Restricted Employee')],
    awaitingApproval: 'Emergency Response Plan',
    rejected: {
      name: 'Forklift Safe Work Procedure',
      owner: emp('ethan'),
      approver: emp('sophie'),
      comment: 'Step 4 still names the old charging bay; please update the layout diagram too.',
    },
  });
  // History: one acknowledged and one approved document.
  rows.documentAcknowledgement.push({
    id: o.id('acknowledgement', 'jack/ppe'),
    companyId,
    documentId: o.id('document', 'PPE Policy'),
    versionId: o.id('documentVersion', 'PPE Policy/2'),
    employeeId: emp('jack'),
    dueDate: cal.day(-5),
    acknowledgedAt: cal.at(-6, 11),
  });
  rows.documentApproval.push({
    id: o.id('approval', 'sophie/handbook'),
    companyId,
    documentId: o.id('document', 'Employee Handbook'),
    versionId: o.id('documentVersion', 'Employee Handbook/1'),
    employeeId: emp('sophie'),
    dueDate: cal.day(-20),
    status: 'approved',
    decidedAt: cal.at(-21, 15),
  });
  return library;
}
