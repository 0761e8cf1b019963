import { Org } from './rows';
import { accessMap, addEmployees, addWorkplaces, addUser, place, setManagers } from './people';
import { addTemplate, type BuiltTemplate } from './templates';
import { addSubmission } from './submissions';
import { addNotices } from './notices';
import { addDashboard } from './dashboard';
import { addDocumentLibrary } from './documents';
import { addSouthbankCourse } from './southbankTraining';

// ---------- Southbank Logistics ----------

/** The second tenant: a small organisation with a little of everything, to prove isolation. */
export function buildSouthbank(o: Org): void {
  const people = addSouthbankPeopleAndRegisters(o);
  const templates = addSouthbankForms(o, people);
  addSouthbankNoticesAndDashboard(o, people, templates);
}

type SouthbankPeople = Record<'wp' | 'sam' | 'priya' | 'tom' | 'swift' | 'dan', string>;
type SouthbankTemplates = Record<'delivery' | 'wellbeing', BuiltTemplate>;

function addSouthbankPeopleAndRegisters(o: Org): SouthbankPeople {
  const { companyId, rows } = o;
  addWorkplaces(o, { 'Southbank Distribution Centre': ['Dock A', 'Dock B'] });
  for (const name of ['Operations Manager', 'Driver', 'Dock Hand']) {
    rows.position.push({ id: o.id('position', name), companyId, name });
  }
  rows.role.push({
    id: o.id('role', 'Administrator'),
    companyId,
    name: 'Administrator',
    access: accessMap(),
  });
  const wp = 'Southbank Distribution Centre';
  const e = addEmployees(o, 'southbank.example', 'SB-2001', [
    ['sam', 'Sam Reed', 'Operations Manager', 'Administrator', `${wp}/Dock A`],
    ['priya', 'Priya Shah', 'Driver', 'Administrator', `${wp}/Dock A`],
    ['tom', 'Tom Becker', 'Dock Hand', 'Administrator', `${wp}/Dock B`],
  ]);
  const sam = e.sam!;
  const priya = e.priya!;
  const tom = e.tom!;
  // The operations manager leads the centre.
  setManagers(o, e, { priya: 'sam', tom: 'sam' });
  addUser(o, {
    username: 'sam.southbank',
    userType: 'employee',
    email: 'sam.reed@southbank.example',
    employeeId: sam,
  });

  const swift = o.id('supplier', 'Swift Couriers');
  rows.supplierCompany.push({
    id: swift,
    companyId,
    name: 'Swift Couriers',
    email: 'ops@swift-couriers.example',
    supplierPortal: true,
    supplierAccess: true,
  });
  const dan = o.id('personnel', 'dan');
  rows.personnel.push({
    id: dan,
    companyId,
    supplierId: swift,
    firstName: 'Dan',
    lastName: 'Cole',
    email: 'dan.cole@swift-couriers.example',
  });
  rows.asset.push({ id: o.id('asset', 'Truck SB-01'), companyId, number: 'SB-01', name: 'Truck SB-01' });
  rows.risk.push({
    id: o.id('risk', 'Manual Handling'),
    companyId,
    name: 'Manual Handling',
    isMaster: true,
    colour: 'orange',
  });
  rows.hazardousSubstance.push({ id: o.id('hazard', 'Diesel Fuel'), companyId, name: 'Diesel Fuel' });
  rows.requirementType.push(
    {
      id: o.id('requirementType', 'Public Liability Insurance'),
      companyId,
      name: 'Public Liability Insurance',
      appliesTo: 'company',
    },
    {
      id: o.id('requirementType', 'Heavy Vehicle Licence'),
      companyId,
      name: 'Heavy Vehicle Licence',
      appliesTo: 'personnel',
    },
  );

  return { wp, sam, priya, tom, swift, dan };
}

/** Two templates and three submissions. */
function addSouthbankForms(o: Org, { wp, sam, priya, tom, dan }: SouthbankPeople): SouthbankTemplates {
  const { cal } = o;
  const delivery = addTemplate(o, {
    key: 'delivery',
    name: 'Delivery Incident Report',
    formType: 'form_submission',
    emailNotification: [1],
    coordinatorEmployeeId: sam,
    sections: [
      {
        label: 'Incident',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'summary', type: 'text', label: 'Summary', mandatory: true },
          { key: 'date', type: 'date', label: 'Date' },
          { key: 'severity', type: 'radio', label: 'Severity', options: ['Minor', 'Major'] },
          { key: 'vehicle', type: 'asset', label: 'Vehicle' },
          { key: 'notes', type: 'textarea', label: 'Notes' },
        ],
      },
      {
        label: 'Investigation',
        mandatoryType: 'investigation',
        fields: [{ key: 'actions', type: 'task', label: 'Action List' }],
      },
    ],
  });
  const wellbeing = addTemplate(o, {
    key: 'wellbeing',
    name: 'Driver Wellbeing Check',
    formType: 'hr',
    sections: [
      {
        label: 'Wellbeing',
        fields: [
          { key: 'fatigue', type: 'radio', label: 'Fatigue level', options: ['Low', 'Medium', 'High'] },
          { key: 'comments', type: 'textarea', label: 'Comments' },
        ],
      },
    ],
  });

  addSubmission(o, {
    key: '1001',
    template: delivery,
    state: 'open',
    formDate: -2,
    description: 'Pallet dropped at Dock A',
    workplace: wp,
    branch: 'Dock A',
    coordinators: [sam],
    recordedByEmployeeId: priya,
    values: {
      summary: 'Pallet dropped while unloading',
      date: cal.iso(-2),
      severity: 'minor',
      vehicle: [o.id('asset', 'Truck SB-01')],
    },
    actions: [
      { assignee: { employee: sam }, instruction: 'Review the unloading procedure at Dock A.', due: -2 },
      { assignee: { employee: sam }, instruction: 'Replace the damaged pallet jack.', due: 0 },
      { assignee: { employee: priya }, instruction: 'Retrain the dock hands on load securing.', due: 5 },
      { assignee: { personnel: dan }, instruction: 'Confirm the courier load plan for Dock A.', due: 3 },
      {
        assignee: { employee: sam },
        instruction: 'Sign off the revised Dock A unloading procedure.',
        due: 4,
      },
    ],
  });
  addSubmission(o, {
    key: '1002',
    template: delivery,
    state: 'closed',
    closedDaysAgo: 4,
    formDate: -12,
    description: 'Truck mirror damaged in the yard',
    workplace: wp,
    branch: 'Dock B',
    coordinators: [sam],
    recordedByEmployeeId: tom,
    values: { summary: 'Mirror clipped a bollard', severity: 'minor' },
    actions: [
      {
        assignee: { employee: sam },
        instruction: 'Repaint the yard bollards.',
        due: -6,
        done: { daysAgo: 5, response: 'Bollards repainted yellow.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1003',
    template: delivery,
    state: 'draft',
    formDate: 0,
    description: 'Late delivery incident',
    workplace: wp,
    branch: 'Dock A',
    coordinators: [sam],
    recordedByEmployeeId: sam,
    values: { summary: 'Late delivery' },
  });

  return { delivery, wellbeing };
}

/** Notices, an audit, an obligation, documents with a review, and Sam's dashboard. */
function addSouthbankNoticesAndDashboard(
  o: Org,
  { wp, sam, priya, tom, swift, dan }: SouthbankPeople,
  { delivery, wellbeing }: SouthbankTemplates,
): void {
  const { cal, companyId, rows } = o;
  const samUser = o.userOfEmployee(sam)!;
  addNotices(o, [
    {
      key: 'allhands',
      title: 'Southbank all-hands meeting',
      content: 'All staff meeting on Friday at 3 pm in the Dock A lunchroom.',
      priority: 'high',
      start: -1,
      expire: 6,
      author: sam,
    },
    {
      key: 'dockb',
      title: 'Dock B resurfacing',
      content: 'Dock B will be resurfaced over the weekend.',
      priority: 'low',
      start: -3,
      author: sam,
    },
    {
      key: 'roster',
      title: 'Old holiday roster',
      content: 'The holiday roster has been published.',
      priority: 'none',
      start: -50,
      expire: -20,
      author: sam,
    },
  ]);

  rows.audit.push({
    id: o.id('audit', 'dock'),
    companyId,
    name: 'Dock Safety Audit',
    auditDate: cal.day(-2),
    ownerEmployeeId: sam,
    ...place(o, wp, 'Dock A'),
  });
  rows.obligation.push({
    id: o.id('obligation', 'hvnl'),
    companyId,
    name: 'Heavy Vehicle National Law',
    ownerEmployeeId: sam,
  });
  const library = addDocumentLibrary(o, {
    folders: {
      Handbooks: [['Driver Handbook', 'years', 4, 2]],
      Policies: [['Chain of Responsibility Policy', 'biYear', 200, 1]],
    },
    owner: sam,
    reviewer: priya,
    coReviewer: sam,
    audienceRoleIds: rows.role.filter((role) => role.companyId === companyId).map((role) => role.id!),
    awaitingApproval: 'Chain of Responsibility Policy',
  });
  const documents = library.documents;
  rows.review.push({
    id: o.id('review', 'priya/handbook'),
    companyId,
    itemType: 'document',
    itemId: o.id('document', 'Driver Handbook'),
    name: 'Driver Handbook annual review',
    reviewerEmployeeId: priya,
    coReviewerEmployeeId: sam,
    dueDate: cal.day(4),
  });

  addDashboard(
    o,
    {
      ownerId: sam,
      auditTemplate: delivery,
      hrTemplate: wellbeing,
      hrAnswers: { fatigue: 'low', comments: 'Rested after the roster change.' },
      trainingCourse: addSouthbankCourse(o, samUser),
      trainingAssignedBy: samUser,
      supplierTemplateId: delivery.id,
      auditId: o.id('audit', 'dock'),
      obligationId: o.id('obligation', 'hvnl'),
      obligationName: 'Heavy Vehicle National Law',
      documents,
      approvalDocument: library.awaitingApproval,
      risks: [{ id: o.id('risk', 'Manual Handling'), name: 'Manual Handling' }],
      hazards: [{ id: o.id('hazard', 'Diesel Fuel'), name: 'Diesel Fuel' }],
      supplierId: swift,
      personnelId: dan,
      companyRequirementTypeId: o.id('requirementType', 'Public Liability Insurance'),
      personnelRequirementTypeId: o.id('requirementType', 'Heavy Vehicle Licence'),
      workplace: wp,
      branch: 'Dock A',
    },
    {
      key: 'sam',
      employeeId: sam,
      name: 'Sam Reed',
      reviewerId: priya,
      coReviewerId: priya,
      revieweeId: tom,
      variant: 1,
    },
  );
}
