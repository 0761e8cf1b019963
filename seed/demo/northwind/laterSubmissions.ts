import { SIGNATURE } from '../images';
import { addSubmission } from '../submissions';
import type { Org } from '../rows';
import type { Northwind } from './refs';

/** Performance reviews (1011, 1012) and visitor feedback (1013, 1014). */
export function addReviewsAndFeedback(o: Org, n: Northwind): string {
  const { cal } = o;
  const { ethan, mia, noah, ava } = n;
  const { review, feedback } = n.templates;
  const s1011 = addSubmission(o, {
    key: '1011',
    template: review,
    state: 'open',
    formDate: -6,
    description: 'Performance review - Mia Torres',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: {
      employee: [mia],
      periodEnd: cal.iso(-7),
      rating: 'meets-expectations',
      achievements: 'Completed the forklift licence and led two toolbox talks.',
      goals: 'Complete the Certificate IV in WHS.',
      employeeSignature: SIGNATURE,
    },
    tables: {
      objectives: [
        { objective: 'Complete Certificate IV in WHS', target: '100', due: cal.iso(180) },
        { objective: 'Reduce workshop near misses', target: '50', due: cal.iso(90) },
      ],
    },
  });
  addSubmission(o, {
    key: '1012',
    template: review,
    state: 'closed',
    closedDaysAgo: 40,
    formDate: -45,
    description: 'Performance review - Ethan Clarke',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: {
      employee: [ethan],
      periodEnd: cal.iso(-46),
      rating: 'exceeds-expectations',
      achievements: 'Rolled out the new incident reporting process across all sites.',
      employeeSignature: SIGNATURE,
      reviewerSignature: SIGNATURE,
    },
    tables: {
      objectives: [{ objective: 'Roll out the contractor portal', target: '100', due: cal.iso(60) }],
    },
  });
  addSubmission(o, {
    key: '1013',
    template: feedback,
    state: 'open',
    formDate: -1,
    description: 'Visitor feedback - North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [noah],
    values: {
      visitorName: 'Daniel Price',
      company: 'Oceanic Freight',
      visitDate: cal.iso(-1),
      experience: 'fair',
      areas: ['harbour-gate'],
      comments: 'The sign-in kiosk at the gate was out of order.',
    },
  });
  addSubmission(o, {
    key: '1014',
    template: feedback,
    state: 'closed',
    closedDaysAgo: 3,
    formDate: -9,
    description: 'Visitor feedback - South Gate',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [noah],
    values: { visitorName: 'Laura Kim', experience: 'excellent', areas: ['reception', 'warehouse'] },
  });
  return s1011;
}

/** Submissions 1015-1019: drafts and open forms of every kind; the inspection draft links 1003. */
export function addDraftsAndRecentForms(o: Org, n: Northwind, s1003: string): string {
  const { cal } = o;
  const { emp, olivia, mia, noah, ava, zenith, zoe } = n;
  const { incident, inspection, contractor, review, toolbox } = n.templates;
  addSubmission(o, {
    key: '1015',
    template: incident,
    state: 'draft',
    formDate: 0,
    description: 'Damaged pallet racking upright',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [mia],
    recordedByEmployeeId: mia,
    values: { title: 'Damaged racking upright, aisle 4', date: cal.iso(0), category: 'property-damage' },
  });
  addSubmission(o, {
    key: '1016',
    template: inspection,
    state: 'draft',
    formDate: 0,
    description: 'Monthly inspection, Riverside warehouse',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [olivia],
    recordedByEmployeeId: olivia,
    values: { inspector: [olivia], areas: ['Racking', 'Loading Dock'], related: [s1003] },
  });
  addSubmission(o, {
    key: '1017',
    template: toolbox,
    state: 'open',
    formDate: -5,
    description: 'Workshop noise exposure talk',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [mia],
    recordedByEmployeeId: mia,
    values: {
      date: cal.iso(-5),
      time: '13:00',
      topic: 'Noise exposure in the workshop',
      hazardCategory: { category: 'Physical', subCategories: ['Noise'] },
      topics: ['PPE'],
      attendees: [mia, emp('lucas'), emp('william')],
    },
    actions: [
      { assignee: { employee: ava }, instruction: 'Book hearing tests for the workshop team.', due: 6 },
      { assignee: { employee: noah }, instruction: 'Check the angle grinder silencers.', due: -3 },
      { assignee: { employee: olivia }, instruction: 'Approve the purchase of new earmuffs.', due: -8 },
    ],
  });
  const s1018 = addSubmission(o, {
    key: '1018',
    template: review,
    state: 'draft',
    formDate: 0,
    description: 'Performance review - Noah Fischer',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: { employee: [noah], periodEnd: cal.iso(0) },
  });
  addSubmission(o, {
    key: '1019',
    template: contractor,
    state: 'open',
    formDate: -7,
    description: 'Window cleaning, Head Office',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [olivia],
    supplierId: zenith,
    recordedByPersonnelId: zoe,
    values: {
      company: [zenith],
      scope: 'External window cleaning of level 3.',
      permit: 'working-at-heights',
    },
    actions: [{ assignee: { personnel: zoe }, instruction: 'Provide the rope access certificate.', due: -2 }],
  });
  return s1018;
}
