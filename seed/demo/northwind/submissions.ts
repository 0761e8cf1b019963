import { DIAGRAM, SIGNATURE } from '../images';
import { addSubmission } from '../submissions';
import type { Org } from '../rows';
import type { Northwind, NorthwindSubmissions } from './refs';
import { addDraftsAndRecentForms, addReviewsAndFeedback } from './laterSubmissions';

/** Submissions 1001..: every state and form type. Their order gives their form numbers. */
export function addNorthwindSubmissions(o: Org, n: Northwind): NorthwindSubmissions {
  const s1003 = addOpenIncidentsAndInspection(o, n);
  addClosedFormsAndToolboxTalks(o, n);
  const contractorForms = addContractorForms(o, n);
  const s1011 = addReviewsAndFeedback(o, n);
  const s1018 = addDraftsAndRecentForms(o, n, s1003);
  return { ...contractorForms, s1011, s1018 };
}

/** Two open incident reports (1001, 1002) and an open inspection (1003) linking the first. */
function addOpenIncidentsAndInspection(o: Org, n: Northwind): string {
  const { cal } = o;
  const { emp, ethan, olivia, mia, noah, ava, liam, asset, risk } = n;
  const { incident, inspection } = n.templates;
  const s1001 = addSubmission(o, {
    key: '1001',
    template: incident,
    state: 'open',
    formDate: -3,
    description: 'Slip on wet floor near loading bay 2',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ethan, olivia],
    recordedByEmployeeId: mia,
    values: {
      title: 'Slip on wet floor near loading bay 2',
      date: cal.iso(-3),
      time: '14:15',
      category: 'injury',
      severity: 'medium',
      description:
        'Rain water came in under the roller door of bay 2. Jack slipped while carrying a carton and landed on his left hand. The area was not signposted.',
      people: [emp('jack'), mia],
      equipment: [asset('Forklift FL-01')],
      risks: [risk('Slips, Trips and Falls'), risk('Manual Handling')],
      injury: { category: 'Body Part', subCategories: ['Hand'] },
      signature: SIGNATURE,
      rootCause:
        'A blocked gutter overflows onto the dock apron during heavy rain; no drainage at the door seal.',
      factors: ['poor-housekeeping', 'equipment-failure'],
    },
    tables: {
      witnesses: [
        { name: 'Chloe Adams', phone: '0400 111 222', statementDate: cal.iso(-3) },
        { name: 'Henry Walsh', phone: '0400 333 444', statementDate: cal.iso(-2) },
      ],
    },
    actions: [
      { assignee: { employee: ethan }, instruction: 'Install anti-slip matting at loading bay 2.', due: 7 },
      {
        assignee: { employee: mia },
        instruction: 'Brief the warehouse team on reporting spills and leaks.',
        due: -4,
      },
      {
        assignee: { personnel: liam },
        instruction: 'Clear and repair the gutter above loading bay 2.',
        due: 0,
        draftResponse: 'Gutter cleared; bracket replacement booked.',
      },
      {
        assignee: { employee: olivia },
        instruction: 'Approve the purchase of anti-slip matting.',
        due: -1,
        done: { daysAgo: 1, response: 'Purchase approved, PO 4471 raised.' },
      },
      {
        assignee: { employee: ava },
        instruction: 'Check the first aid record for this incident is complete.',
        due: -1,
      },
    ],
  });
  addSubmission(o, {
    key: '1002',
    template: incident,
    state: 'open',
    formDate: -10,
    description: 'Forklift near miss with a pedestrian at North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [ethan],
    recordedByEmployeeId: noah,
    values: {
      title: 'Forklift near miss at North Gate',
      date: cal.iso(-10),
      time: '07:45',
      category: 'near-miss',
      severity: 'high',
      description:
        'A forklift reversed out of the container yard as a driver walked past on foot. No contact was made.',
      people: [emp('mason'), noah],
      equipment: [asset('Forklift FL-02')],
      risks: [risk('Forklift and Pedestrian Interaction')],
      rootCause: 'No separated pedestrian walkway at the container yard exit.',
      factors: ['procedure-not-followed'],
    },
    actions: [
      {
        assignee: { employee: ethan },
        instruction: 'Mark a pedestrian exclusion zone at the container yard exit.',
        due: -2,
      },
      {
        assignee: { employee: olivia },
        instruction: 'Approve the quote for a reversing camera on FL-02.',
        due: 0,
      },
      {
        assignee: { employee: noah },
        instruction: 'Run a toolbox talk on forklift and pedestrian safety.',
        due: 10,
      },
      { assignee: { employee: ava }, instruction: 'Add the near miss to the monthly safety report.', due: 0 },
    ],
  });
  const s1003 = addSubmission(o, {
    key: '1003',
    template: inspection,
    state: 'open',
    formDate: -1,
    description: 'Monthly inspection, Head Office level 3',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [ethan, noah],
    recordedByEmployeeId: ethan,
    values: {
      procedure: 'https://intranet.northwind-facilities.example/procedures/site-inspection',
      instructions:
        '<p>Walk the whole area with the checklist.</p><p><em>Kitchen fridge seal damaged; reported to facilities.</em></p>',
      inspector: [ethan],
      areas: ['Office', 'Amenities'],
      staffOnSite: '24',
      fireChecks: ['extinguishers-tagged', 'alarm-panel-normal', 'exit-signs-lit'],
      exitsClear: 'yes',
      housekeeping: 'acceptable',
      plant: [asset('Fire Pump FP-1')],
      layout: DIAGRAM,
      related: [s1001],
    },
    actions: [
      { assignee: { employee: mia }, instruction: 'Replace the damaged kitchen fridge seal.', due: 5 },
      {
        assignee: { employee: noah },
        instruction: 'Re-tag the extinguisher by the east stairwell.',
        due: -6,
      },
      { assignee: { employee: ava }, instruction: 'Order a replacement first aid kit for level 3.', due: 3 },
      { assignee: { personnel: liam }, instruction: 'Service the level 3 air conditioning unit.', due: -1 },
    ],
  });
  return s1003;
}

/** A closed incident report (1004) and inspection (1005); a draft and an open toolbox talk (1006, 1007). */
function addClosedFormsAndToolboxTalks(o: Org, n: Northwind): void {
  const { cal } = o;
  const { emp, ethan, olivia, mia, noah, liam } = n;
  const { incident, inspection, toolbox } = n.templates;
  addSubmission(o, {
    key: '1004',
    template: incident,
    state: 'closed',
    closedDaysAgo: 5,
    formDate: -20,
    description: 'Minor hand laceration in the workshop',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [ethan],
    recordedByEmployeeId: mia,
    values: {
      title: 'Hand laceration on sheet metal',
      date: cal.iso(-20),
      time: '11:30',
      category: 'injury',
      severity: 'low',
      description: 'Lucas cut his palm on a sheet metal edge while unpacking a delivery.',
      people: [emp('lucas')],
      injury: { category: 'Injury Type', subCategories: ['Cut'] },
      rootCause: 'Cut-resistant gloves were not available at the unpacking bench.',
      factors: ['inadequate-training'],
    },
    actions: [
      {
        assignee: { employee: ethan },
        instruction: 'Stock cut-resistant gloves at the unpacking bench.',
        due: -12,
        done: { daysAgo: 13, response: 'Two boxes of gloves stocked and a sign added.' },
      },
      {
        assignee: { personnel: liam },
        instruction: 'Deburr the edges of the steel offcut rack.',
        due: -9,
        done: { daysAgo: 8, response: 'Edges ground smooth and capped.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1005',
    template: inspection,
    state: 'closed',
    closedDaysAgo: 12,
    formDate: -30,
    description: 'Monthly inspection, Harbour Site south gate',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [olivia],
    recordedByEmployeeId: noah,
    values: {
      inspector: [noah],
      areas: ['Loading Dock', 'Car Park'],
      staffOnSite: '9',
      fireChecks: ['extinguishers-tagged', 'hose-reels-accessible'],
      exitsClear: 'no',
      housekeeping: 'needs-improvement',
    },
    actions: [
      {
        assignee: { employee: noah },
        instruction: 'Clear the pallets blocking the south gate emergency exit.',
        due: -28,
        done: { daysAgo: 29, response: 'Pallets moved to the yard; exit clear.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1006',
    template: toolbox,
    state: 'draft',
    formDate: 0,
    description: 'Forklift safety toolbox talk',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ethan],
    recordedByEmployeeId: ethan,
    values: {
      date: cal.iso(1),
      time: '07:30',
      topic: 'Forklift safety around pedestrians',
      hazardCategory: { category: 'Physical', subCategories: ['Moving vehicles'] },
    },
  });
  addSubmission(o, {
    key: '1007',
    template: toolbox,
    state: 'open',
    formDate: -2,
    description: 'Manual handling refresher',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [olivia],
    recordedByEmployeeId: olivia,
    values: {
      date: cal.iso(-2),
      time: '08:00',
      topic: 'Manual handling refresher',
      hazardCategory: { category: 'Ergonomic', subCategories: ['Lifting', 'Posture'] },
      notes:
        '<p><strong>Key messages</strong></p><ul><li>Plan the lift.</li><li>Keep the load close.</li></ul>',
      topics: ['Manual handling', 'Hazard reporting'],
      attendees: [olivia, emp('harper'), emp('sophie'), emp('oliver')],
      signature: SIGNATURE,
    },
    actions: [
      { assignee: { employee: ethan }, instruction: 'Add the refresher to the training matrix.', due: 0 },
      { assignee: { employee: mia }, instruction: 'Label the heavy archive boxes on level 3.', due: 0 },
      { assignee: { employee: noah }, instruction: 'Share the slides with the Harbour Site team.', due: 0 },
    ],
  });
}

/** The contractors' safety assessments (1008-1010), each recorded by a supplier's personnel. */
function addContractorForms(o: Org, n: Northwind): Pick<NorthwindSubmissions, 's1008' | 's1010'> {
  const { cal } = o;
  const { olivia, noah, acme, zenith, liam, zoe, risk } = n;
  const { contractor } = n.templates;
  const s1008 = addSubmission(o, {
    key: '1008',
    template: contractor,
    state: 'open',
    formDate: -4,
    description: 'Roof gutter repairs, Riverside workshop',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [olivia],
    supplierId: acme,
    recordedByPersonnelId: liam,
    values: {
      company: [acme],
      scope: 'Replace 30 m of box gutter and two downpipes over the workshop.',
      startDate: cal.iso(2),
      permit: 'working-at-heights',
      ppe: ['hard-hat', 'hi-vis-vest', 'safety-boots', 'gloves'],
      hazards: [risk('Working at Heights')],
      signature: SIGNATURE,
    },
    actions: [
      { assignee: { personnel: liam }, instruction: 'Upload the scaffold handover certificate.', due: 7 },
      {
        assignee: { personnel: o.id('personnel', 'grace') },
        instruction: 'Provide the roof access SWMS.',
        due: -2,
      },
      { assignee: { employee: olivia }, instruction: 'Arrange workshop access for the contractor.', due: 14 },
      {
        assignee: { personnel: o.id('personnel', 'ava') },
        instruction: 'Confirm the crew list for the gutter works.',
        due: 1,
      },
    ],
  });
  addSubmission(o, {
    key: '1009',
    template: contractor,
    state: 'closed',
    closedDaysAgo: 15,
    formDate: -25,
    description: 'Office deep clean, Harbour Site',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [olivia],
    supplierId: zenith,
    recordedByPersonnelId: zoe,
    values: {
      company: [zenith],
      scope: 'Quarterly deep clean of the south gate amenities.',
      permit: 'none',
      ppe: ['gloves', 'eye-protection'],
    },
    actions: [
      {
        assignee: { personnel: zoe },
        instruction: 'Provide SDS for the cleaning chemicals used.',
        due: -20,
        done: { daysAgo: 19, response: 'SDS sheets uploaded.' },
      },
    ],
  });
  const s1010 = addSubmission(o, {
    key: '1010',
    template: contractor,
    state: 'draft',
    formDate: -1,
    description: 'Electrical isolation works, North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [noah],
    supplierId: acme,
    recordedByPersonnelId: liam,
    values: {
      company: [acme],
      scope: 'Isolate and replace the gate motor supply.',
      permit: 'electrical-isolation',
    },
  });
  return { s1008, s1010 };
}
