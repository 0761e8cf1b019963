import { requirementMessages } from '@compass/shared';
import type { Prisma } from '../../../server/src/generated/prisma/client';
import type { Tx } from '../ids';
import type { Org } from '../rows';
import {
  addCourses,
  addTrainingAssignment,
  choice,
  content,
  partsOf,
  trueFalse,
  type PartId,
} from '../training';
import type { NorthwindPeople } from './refs';

/**
 * Northwind's site inductions (docs/external-parties.md "Site inductions"): "Contractor Site
 * Induction", a short course scored on the server (no written answers: passing it approves the
 * request at once), and the personnel requirement type "Site induction" met by passing it. Oscar
 * (Acme) passed it, so his requirement is approved with no expiry; Kai (Brightline) was asked a few
 * days ago and has not started. And a standing assignment: whoever becomes a Driver is assigned the
 * Forklift Refresher (onlineTraining.ts), due within 30 days, repeated yearly.
 */

/** The course: the employees' "Site Induction" takes that name, and its written answer needs a reviewer. */
export const CONTRACTOR_INDUCTION = 'Contractor Site Induction';
export const INDUCTION_TYPE = 'Site induction';

const contractorInduction = (id: PartId) => ({
  name: CONTRACTOR_INDUCTION,
  description: 'What every contractor must know before working on a Northwind site.',
  versions: [
    content({
      introduction: 'Complete this before your first shift on a Northwind site. It takes about 15 minutes.',
      sections: [
        {
          _id: id('s1'),
          title: 'Site rules',
          body: '<p>Sign in and out at <strong>reception</strong> every day, keep to the marked walkways and report to your Northwind contact before starting work.</p>',
        },
        {
          _id: id('s2'),
          title: 'Personal protective equipment',
          body: '<p>Wear a <strong>hard hat, high-visibility vest and safety boots</strong> everywhere outside the offices; add hearing and eye protection where the signs say so.</p>',
        },
        {
          _id: id('s3'),
          title: 'Emergencies',
          body: '<p>On the siren, stop work, make your equipment safe and walk to the <strong>emergency assembly point at the car park</strong>. Wait there for the warden.</p>',
        },
      ],
      questions: [
        choice(
          id,
          1,
          'Where is the emergency assembly point?',
          ['At the car park', 'At the loading dock', 'In the canteen'],
          [0],
        ),
        trueFalse(id, 2, 'You may walk through the warehouse without a hard hat for a short visit.', false),
        choice(
          id,
          3,
          'Where do you sign in and out each day?',
          ['At reception', 'With any employee', 'Nowhere: the gate records it'],
          [0],
        ),
      ],
      passMark: 80,
      attemptsAllowed: 2,
      expectedMinutes: 15,
    }),
  ],
  draft: null,
  isActive: true,
  createdDaysAgo: 150,
});

export function addNorthwindInductions(o: Org, people: NorthwindPeople): void {
  const { cal, companyId, rows } = o;
  const { olivia, ethan, acme, brightline } = people;
  const hr = o.id('user', 'olivia.admin');
  const course = addCourses(o, [contractorInduction(partsOf(o, CONTRACTOR_INDUCTION))], hr)[
    CONTRACTOR_INDUCTION
  ]!;
  const requirementTypeId = o.id('requirementType', INDUCTION_TYPE);
  rows.requirementType.push({
    id: requirementTypeId,
    companyId,
    name: INDUCTION_TYPE,
    appliesTo: 'personnel',
    description: 'The online site induction, passed before the first shift.',
    // Met by passing the course: no document, so no expiry date of one.
    expires: false,
    trainingCourseId: course.id,
    createdAt: cal.at(-150),
  });
  const message = 'Please complete the site induction before your first shift.';
  const oscar = addTrainingAssignment(o, {
    key: 'oscar/siteInduction',
    course,
    personnelId: o.id('personnel', 'oscar'),
    reviewerId: ethan,
    completeBy: -35,
    createdDaysAgo: 45,
    createdById: hr,
    message,
    attempts: [{ day: -38, minutes: 11 }],
  });
  const kai = addTrainingAssignment(o, {
    key: 'kai/siteInduction',
    course,
    personnelId: o.id('personnel', 'kai'),
    reviewerId: olivia,
    completeBy: 6,
    createdDaysAgo: 4,
    createdById: hr,
    message,
  });
  const passed = rows.onlineTrainingAssignment.find((row) => row.id === oscar)!;
  rows.supplierRequirement.push(
    {
      id: o.id('supplierRequirement', 'oscar/siteInduction'),
      companyId,
      supplierId: acme,
      personnelId: o.id('personnel', 'oscar'),
      requirementTypeId,
      reviewerEmployeeId: ethan,
      trainingAssignmentId: oscar,
      // Approved by the pass (no reviewer): the course does not expire.
      status: 'approved',
      note: requirementMessages.passedCourse(CONTRACTOR_INDUCTION, passed.score!),
      reviewedAt: passed.passedAt,
      dueDate: cal.day(-35),
      message,
      createdById: hr,
      createdAt: cal.at(-45),
    },
    {
      id: o.id('supplierRequirement', 'kai/siteInduction'),
      companyId,
      supplierId: brightline,
      personnelId: o.id('personnel', 'kai'),
      requirementTypeId,
      reviewerEmployeeId: olivia,
      trainingAssignmentId: kai,
      status: 'pending',
      dueDate: cal.day(6),
      message,
      createdById: hr,
      createdAt: cal.at(-4),
    },
  );
}

/** The standing assignments (no table in Rows yet): written after the other rows, in the same transaction. */
export async function writeNorthwindPositionRules(tx: Tx, o: Org): Promise<void> {
  const rules: Prisma.TrainingPositionRuleCreateManyInput[] = [
    {
      id: o.id('trainingPositionRule', 'Driver/Forklift Refresher'),
      companyId: o.companyId,
      courseId: o.id('trainingCourse', 'Forklift Refresher'),
      positionId: o.id('position', 'Driver'),
      reviewerEmployeeId: o.id('employee', 'ava'),
      completeWithinDays: 30,
      message: 'Every driver completes the forklift refresher within a month of starting.',
      frequency: 'years',
      repeatInterval: 1,
      createdById: o.id('user', 'olivia.admin'),
      createdAt: o.cal.at(-60),
    },
  ];
  await tx.trainingPositionRule.createMany({ data: rules });
}
