import type { FrequencyUnit, ObligationType, Prisma } from '../../server/src/generated/prisma/client';
import { Org } from './rows';

// ---------- The Obligations register of Northwind Facilities ----------

interface QuestionDef {
  key: string;
  reference: string;
  instruction: string;
  assignee: string;
  due: number;
  /** Answered: the response and the day (offset) it was completed. */
  answer?: [string, number];
  /** Saved as a draft by the assignee, not completed. */
  draft?: string;
}

interface ObligationDef {
  key: string;
  name: string;
  type: ObligationType;
  authority: string;
  reference: string;
  description: string;
  owner: string;
  workplaces?: string[];
  frequency: FrequencyUnit;
  reviewer: string;
  coReviewer?: string;
  /** Offset of the next review from today. */
  next: number;
  questions?: QuestionDef[];
  /** A review completed this many days ago (its history). */
  reviewedAgo?: number;
}

/** The register: every obligation type and compliance status (questions answered, drafted, open). */
const OBLIGATIONS: ObligationDef[] = [
  {
    key: 'whs',
    name: 'Work Health and Safety Act 2011',
    type: 'legislation',
    authority: 'NSW — SafeWork NSW',
    reference: 's.19 Primary duty of care',
    description:
      'Ensure, so far as is reasonably practicable, the health and safety of workers and others at every site.',
    owner: 'olivia',
    frequency: 'years',
    reviewer: 'ethan',
    next: 14,
    questions: [
      {
        key: 'whs/notifiable',
        reference: 's.38 Notifiable incidents',
        instruction: 'Confirm every notifiable incident of the last quarter was reported to SafeWork NSW.',
        assignee: 'isla',
        due: -20,
        answer: ['Two incidents this quarter, both notified within 48 hours (refs 55102, 55187).', -22],
      },
    ],
  },
  {
    key: 'epl',
    name: 'Environmental Protection Licence EPL-2231',
    type: 'permit',
    authority: 'NSW Environment Protection Authority',
    reference: 'Licence 2231, condition L3 (noise limits)',
    description:
      'Scheduled activity licence for waste storage at Riverside Depot; annual return due each March.',
    owner: 'noah',
    workplaces: ['Riverside Depot'],
    frequency: 'halfYear',
    reviewer: 'isla',
    coReviewer: 'sophie',
    next: 20,
    questions: [
      {
        key: 'epl/noise',
        reference: 'Condition L3.1',
        instruction: 'Attach the results of the last boundary noise monitoring.',
        assignee: 'mason',
        due: 12,
      },
    ],
  },
  {
    key: 'whs-reg',
    name: 'Work Health and Safety Regulation 2017',
    type: 'regulation',
    authority: 'NSW — SafeWork NSW',
    reference: 'Part 4.4 Falls',
    description: 'Manage the risk of falls: edge protection, fall arrest and the order of controls.',
    owner: 'ethan',
    frequency: 'years',
    reviewer: 'sophie',
    next: 60,
    reviewedAgo: 305,
    questions: [
      {
        key: 'whs-reg/anchors',
        reference: 'r.79 Specific requirements',
        instruction: 'Confirm the roof anchor points at Harbour Site were inspected this year.',
        assignee: 'isla',
        due: -40,
        answer: ['Inspected by Height Safety Co on the 3rd; certificate filed.', -41],
      },
      {
        key: 'whs-reg/ladders',
        reference: 'r.80 Emergency and rescue',
        instruction: 'Is there a written rescue procedure for work at height?',
        assignee: 'ethan',
        due: -15,
        answer: ['Yes: SWP-014 Rescue from height, reviewed in August.', -16],
      },
    ],
  },
  {
    key: 'plant-cop',
    name: 'Managing the Risks of Plant in the Workplace',
    type: 'codeOfPractice',
    authority: 'Safe Work Australia',
    reference: 'Code of Practice 2022, section 3',
    description: 'Guarding, isolation and inspection of forklifts, conveyors and workshop machinery.',
    owner: 'ethan',
    workplaces: ['Riverside Depot'],
    frequency: 'years',
    reviewer: 'mia',
    next: 95,
    questions: [
      {
        key: 'plant-cop/guarding',
        reference: 's.3.5 Guarding',
        instruction: 'Check the guards on the workshop bench grinder and the pallet conveyor.',
        assignee: 'lucas',
        due: 10,
        draft: 'Bench grinder guard fitted; conveyor still to check.',
      },
      {
        key: 'plant-cop/registers',
        reference: 's.2.4 Plant records',
        instruction: 'Confirm the forklift pre-start checklists are filed for the last month.',
        assignee: 'jack',
        due: 5,
      },
    ],
  },
  {
    key: 'as1851',
    name: 'AS 1851-2012 Routine Service of Fire Protection Systems',
    type: 'standard',
    authority: 'Standards Australia',
    reference: 'Section 10: Portable fire extinguishers',
    description: 'Six-monthly inspection and tagging of extinguishers, hose reels and blankets.',
    owner: 'olivia',
    workplaces: ['Head Office', 'Harbour Site'],
    frequency: 'years',
    reviewer: 'olivia',
    next: 150,
    questions: [
      {
        key: 'as1851/tags',
        reference: 'Table 10.4.1',
        instruction: 'Confirm every extinguisher at Harbour Site carries a current tag.',
        assignee: 'isla',
        due: -6,
      },
    ],
  },
  {
    key: 'dg-licence',
    name: 'Dangerous Goods Storage Licence',
    type: 'permit',
    authority: 'NSW — SafeWork NSW',
    reference: 'Licence DG-40712',
    description: 'Storage of Class 3 flammable liquids above the placard quantity at Riverside Depot.',
    owner: 'noah',
    workplaces: ['Riverside Depot'],
    frequency: 'quarterly',
    reviewer: 'noah',
    next: -3,
    reviewedAgo: 95,
    questions: [
      {
        key: 'dg-licence/manifest',
        reference: 'Manifest',
        instruction: 'Update the dangerous goods manifest with the new diesel tank.',
        assignee: 'noah',
        due: -30,
        answer: ['Manifest version 7 issued with the 10,000 L diesel tank.', -31],
      },
    ],
  },
  {
    key: 'lease',
    name: 'Harbour Site Lease Agreement',
    type: 'contract',
    authority: 'Harbour Properties Pty Ltd',
    reference: 'Clause 14 Make good; clause 22 Insurance',
    description: 'Lease of the Harbour Site yard and sheds; insurance certificates due each July.',
    owner: 'ava',
    workplaces: ['Harbour Site'],
    frequency: 'years',
    reviewer: 'ava',
    next: 210,
  },
  {
    key: 'privacy',
    name: 'Privacy Act 1988',
    type: 'legislation',
    authority: 'Commonwealth — OAIC',
    reference: 'APP 11 Security of personal information',
    description: 'Protect the personal information of employees and visitors from misuse and loss.',
    owner: 'ava',
    frequency: 'years',
    reviewer: 'sophie',
    coReviewer: 'harper',
    next: 75,
    questions: [
      {
        key: 'privacy/access',
        reference: 'APP 11.1',
        instruction: 'Confirm HR files are only readable by the HR Officer role.',
        assignee: 'ava',
        due: -10,
        answer: ['Checked the role permissions: only HR Officer and Administrator.', -12],
      },
    ],
  },
  {
    key: 'cor',
    name: 'Chain of Responsibility (Heavy Vehicle National Law)',
    type: 'other',
    authority: 'National Heavy Vehicle Regulator',
    reference: 'HVNL s.26C Primary duty',
    description: 'Drivers’ fatigue, load restraint and vehicle maintenance for the delivery fleet.',
    owner: 'noah',
    workplaces: ['Harbour Site', 'Riverside Depot'],
    frequency: 'halfYear',
    reviewer: 'isla',
    next: 40,
  },
];

/**
 * The register's demo rows, added after the dashboards (dashboard.ts): the two obligations the
 * dashboard's demo already names get their register fields, and seven more cover every type and
 * compliance status. Each demo account's one open obligation review (dashboard.ts's) becomes the
 * review of the obligation that account reviews; the other open reviews and questions go to people
 * without a demo dashboard, so the dashboards' counts (server/test/dashboard.test.ts) stay as they are.
 */
export function addObligationRegister(o: Org, emp: (key: string) => string): void {
  const { cal, companyId, rows } = o;
  for (const def of OBLIGATIONS) {
    const id = o.id('obligation', def.key);
    const fields = {
      name: def.name,
      type: def.type,
      authority: def.authority,
      reference: def.reference,
      description: def.description,
      ownerEmployeeId: emp(def.owner),
      workplaceIds: (def.workplaces ?? []).map((name) => o.id('workplace', name)),
      reviewFrequency: def.frequency,
      reviewerEmployeeId: emp(def.reviewer),
      coReviewerEmployeeId: def.coReviewer ? emp(def.coReviewer) : null,
      nextReviewDate: cal.day(def.next),
      createdAt: cal.at(-400),
    } satisfies Partial<Prisma.ObligationCreateManyInput>;
    // The dashboard's demo already has the first two; they get their register fields here.
    let row = rows.obligation.find((obligation) => obligation.id === id);
    if (row) Object.assign(row, fields);
    else rows.obligation.push((row = { id, companyId, ...fields }));

    // dashboard.ts gives each demo account an open review of this obligation; the account that
    // reviews one of these obligations takes that review over, so that every obligation has one
    // open review (ReviewService's rule) and the dashboards keep their counts.
    const demoReview = rows.review.find(
      (review) =>
        review.itemType === 'obligation' &&
        review.itemId === o.id('obligation', 'whs') &&
        review.reviewerEmployeeId === fields.reviewerEmployeeId &&
        !review.completedAt,
    );
    if (demoReview) {
      Object.assign(demoReview, { itemId: id, name: def.name, frequency: def.frequency });
      row.nextReviewDate = demoReview.dueDate;
    } else {
      rows.review.push({
        id: o.id('review', `obligation/${def.key}`),
        companyId,
        itemType: 'obligation',
        itemId: id,
        name: def.name,
        reviewerEmployeeId: fields.reviewerEmployeeId,
        coReviewerEmployeeId: fields.coReviewerEmployeeId,
        frequency: def.frequency,
        dueDate: fields.nextReviewDate,
        createdAt: cal.at(-60),
      });
    }
    if (def.reviewedAgo) {
      rows.review.push({
        id: o.id('review', `obligation/${def.key}/done`),
        companyId,
        itemType: 'obligation',
        itemId: id,
        name: def.name,
        reviewerEmployeeId: emp(def.reviewer),
        frequency: def.frequency,
        dueDate: cal.day(-def.reviewedAgo),
        completedAt: cal.at(-def.reviewedAgo, 15),
        completedByEmployeeId: emp(def.reviewer),
        outcome: 'noChange',
        comments: 'Checked against the current version: no change needed.',
        createdAt: cal.at(-def.reviewedAgo - 30),
      });
    }
    for (const question of def.questions ?? []) {
      rows.obligationQuestionTask.push({
        id: o.id('obligationQuestion', question.key),
        companyId,
        obligationId: id,
        reference: question.reference,
        instruction: question.instruction,
        assigneeType: 'internal',
        assigneeEmployeeId: emp(question.assignee),
        dueDate: cal.day(question.due),
        response: question.answer?.[0] ?? question.draft ?? null,
        isComplete: question.answer !== undefined,
        completedOn: question.answer ? cal.day(question.answer[1]) : null,
        createdAt: cal.at(Math.min(question.due, 0) - 14),
      });
    }
  }
}
