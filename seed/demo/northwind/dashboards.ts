import { addDashboard, type DashboardPerson, type DashboardRefs } from '../dashboard';
import type { Org } from '../rows';
import type { Northwind } from './refs';
import type { NorthwindTraining } from './onlineTraining';
import type { DocumentLibrary } from './registers';

/** The dashboards of the five employee accounts: work of every kind waiting for each of them. */
export function addNorthwindDashboards(
  o: Org,
  n: Northwind,
  library: DocumentLibrary,
  training: NorthwindTraining,
): void {
  const documents = library.documents;
  const { emp, ethan, olivia, mia, noah, ava, acme, brightline, risk, reqType, hazards } = n;
  const { safetyAudit, contractor, wellbeing } = n.templates;
  const refs: DashboardRefs = {
    ownerId: olivia,
    auditTemplate: safetyAudit,
    hrTemplate: wellbeing,
    hrAnswers: {
      feeling: 'okay',
      workload: 'busy',
      support: ['flexible-hours'],
      comments: 'Happy overall; the winter roster is tight.',
    },
    trainingCourse: training.fire,
    trainingAssignedBy: o.id('user', 'olivia.admin'),
    supplierTemplateId: contractor.id,
    auditId: o.id('audit', 'warehouse'),
    obligationId: o.id('obligation', 'whs'),
    obligationName: 'Work Health and Safety Act 2011',
    documents,
    approvalDocument: library.awaitingApproval,
    // One risk per person: a risk has one open review at a time.
    risks: [
      'Working at Heights',
      'Manual Handling',
      'Electrical Hazards',
      'Slips, Trips and Falls',
      'Forklift and Pedestrian Interaction',
    ].map((name) => ({
      id: risk(name),
      name,
    })),
    hazards: hazards.map((name) => ({ id: o.id('hazard', name), name })),
    supplierId: acme,
    personnelId: o.id('personnel', 'grace'),
    companyRequirementTypeId: reqType('Safety Management Plan'),
    personnelRequirementTypeId: reqType('First Aid Certificate'),
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
  };
  const people: DashboardPerson[] = [
    {
      key: 'olivia',
      employeeId: olivia,
      name: 'Olivia Bennett',
      reviewerId: ava,
      revieweeId: emp('harper'),
      coReviewerId: ethan,
      variant: 0,
    },
    {
      key: 'ethan',
      employeeId: ethan,
      name: 'Ethan Clarke',
      reviewerId: olivia,
      revieweeId: emp('jack'),
      coReviewerId: mia,
      variant: 1,
    },
    {
      key: 'mia',
      employeeId: mia,
      name: 'Mia Torres',
      reviewerId: ava,
      revieweeId: emp('lucas'),
      coReviewerId: noah,
      variant: 2,
    },
    {
      key: 'noah',
      employeeId: noah,
      name: 'Noah Fischer',
      reviewerId: ava,
      revieweeId: emp('mason'),
      coReviewerId: ava,
      variant: 3,
    },
    {
      key: 'ava',
      employeeId: ava,
      name: 'Ava Nguyen',
      reviewerId: olivia,
      revieweeId: emp('amelia'),
      coReviewerId: olivia,
      variant: 4,
    },
  ];
  for (const person of people) {
    // Half of them review Brightline Electrical (Kai) instead of Acme (Grace).
    const brightlineSide = person.variant % 2 === 1;
    const supplier = brightlineSide ? { supplierId: brightline, personnelId: o.id('personnel', 'kai') } : {};
    addDashboard(o, { ...refs, ...supplier }, person);
  }
}
