import { totalHours } from '../../../shared/src/contracts/clockIn';
import { addDays, dayOfWeek, localDateOf, startOfLocalDay } from '../../../shared/src/rules/dashboardPeriods';
import type { Prisma } from '../../../server/src/generated/prisma/client';
import { fail, type Tx } from '../ids';
import type { Org } from '../rows';

/**
 * Northwind's TimeSheet and Vismate (issue 45, docs/timesheets-and-visitors.md), in the
 * organisation's time zone. Clock-ins of Mia (mia.employee; her manager is Ethan,
 * ethan.coordinator), Lucas (managed by Mia), Jack and Chloe (managed by Ethan) on the weekdays of
 * the three weeks before this one and of this week before today: the two older weeks approved (by
 * Ethan; Lucas's by Mia), last week waiting for approval, one of Chloe's entries corrected, Jack's
 * clock-out two days ago missed (still open), Chloe clocked in today. Mia is never left clocked in:
 * the clock-in tests start from "Not clocked in".
 *
 * Vismate: Riverside Depot (where these four work) has its kiosk set up, one kiosk "Reception
 * tablet" without a link (a token made here would be a secret in the repository: the setup page
 * issues links), and 15 visits over the last three weeks: visitors with hosts, two contractors of
 * Acme Contracting (Liam Walker matched to its personnel), two on site now, one signed out from
 * the register. Written after the other rows (seedDemo), in the same transaction.
 */

/** A drawn signature (a PNG data URL, as the clock-in and kiosk canvases save). */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAQAAACf4/auAAAA8ElEQVR42u3ZQRLDIAgFUA/R+1+V7lsTET5IyB92HWN5jImYjM94VwyCCSaYYIIJJrgNWH6iNVguoin4H1iSjOZqf/eunMPguzR8KcpNHAOvErAnOMe5yDiwpySJ6yaDa0tQu24kF6z/SzGMFXgZR+zdaxstQWWEgbEF2iVsjs/kRj3Rt67JWs6a+1Pcc5rAugtR7cSswQgtv2+bqXTQUM7haSSqHSVVM+W2ivGxRGcfBjLJsvOUjjzu5aG3tqVZnZ7BNe/Dj3hlgz4ttcJqO6022ErvpQUQYHBMi4CNMPChZJf5BS3pCjx+WyKY4JeCv8nbazjWpj9uAAAAAElFTkSuQmCC';

export const VISITOR_WORKPLACE = 'Riverside Depot';
const HAZARDOUS = 'Are you carrying hazardous materials?';
const ALLERGIES = 'Do you have any allergies we should know about?';

/** [employee key, manager's account, "Workplace/Branch", minutes after 07:30 they usually arrive] */
const CLOCKING: [string, string, string, number][] = [
  ['mia', 'ethan.coordinator', 'Riverside Depot/Workshop', 20],
  ['lucas', 'mia.employee', 'Riverside Depot/Workshop', 5],
  ['jack', 'ethan.coordinator', 'Riverside Depot/Warehouse', 0],
  ['chloe', 'ethan.coordinator', 'Riverside Depot/Warehouse', 28],
];

/** The organisation's clock: its today, and a wall-clock time of one of its days as an instant. */
interface OrgClock {
  today: string;
  now: Date;
  at(day: string, hours: number, minutes: number): Date;
}

export async function writeNorthwindTimesheetsAndVisitors(tx: Tx, o: Org): Promise<void> {
  const { timeZone } = await tx.company.findUniqueOrThrow({
    where: { id: o.companyId },
    select: { timeZone: true },
  });
  // cal.at caps every time at the seed's "today": tomorrow's midnight answers that instant itself.
  const now = o.cal.at(1, 0);
  const clock: OrgClock = {
    today: localDateOf(now, timeZone),
    now,
    // Wall-clock minutes after the day's start (a daylight-saving day is off by its hour: demo data).
    at: (day, hours, minutes) =>
      new Date(startOfLocalDay(day, timeZone).getTime() + (hours * 60 + minutes) * 60_000),
  };
  await writeTimesheets(tx, o, clock);
  await writeVisitors(tx, o, clock);
}

// ---------- TimeSheet ----------

type RecordRow = Prisma.TimesheetRecordCreateManyInput & { signInAt: Date; signOutAt: Date | null };

async function writeTimesheets(tx: Tx, o: Org, clock: OrgClock): Promise<void> {
  const { companyId } = o;
  const thisMonday = addDays(clock.today, -((dayOfWeek(clock.today) + 6) % 7));
  const firstMonday = addDays(thisMonday, -21);
  const records: RecordRow[] = [];
  const approvals: Prisma.TimesheetApprovalCreateManyInput[] = [];
  const log: Prisma.ChangeLogCreateManyInput[] = [];
  CLOCKING.forEach(([key, managerAccount, place, arrives], person) => {
    const [workplace = ''] = place.split('/');
    const employee =
      o.rows.employee.find((row) => row.id === o.id('employee', key)) ?? fail(`employee ${key}`);
    const base = {
      companyId,
      employeeId: employee.id!,
      workplaceId: o.id('workplace', workplace),
      branchId: o.id('branch', place),
      fullName: `${employee.firstName} ${employee.lastName}`,
    };
    const missedOn = addDays(clock.today, -2);
    for (let index = 0; addDays(firstMonday, index) < clock.today; index++) {
      const day = addDays(firstMonday, index);
      const missed = key === 'jack' && day === missedOn;
      if (!missed && (dayOfWeek(day) === 0 || dayOfWeek(day) === 6)) continue;
      // After his missed clock-out Jack cannot clock in again until it is corrected.
      if (key === 'jack' && day > missedOn) continue;
      const spread = (person * 7 + index * 11) % 25;
      const signInAt = clock.at(day, 7, 20 + arrives + (spread % 12));
      records.push({
        ...base,
        id: o.id('timesheetRecord', `${key}/${day}`),
        // Signatures are new (issue 45): last week's and this week's clock-ins have one.
        signature: day >= addDays(thisMonday, -7) ? SIGNATURE_PNG : null,
        signInNote: key === 'lucas' && index === 8 ? 'Early start: scissor lift inspection.' : null,
        signInAt,
        signOutAt: missed ? null : clock.at(day, 16, 15 + spread),
        createdAt: signInAt,
      });
    }
    // Chloe is clocked in today (on site now at Riverside Depot) since a time of today that has passed.
    const sinceToday = new Date(
      Math.min(clock.at(clock.today, 7, 58).getTime(), clock.now.getTime() - 60_000),
    );
    if (key === 'chloe' && sinceToday >= clock.at(clock.today, 0, 0)) {
      const id = o.id('timesheetRecord', `${key}/today`);
      records.push({
        ...base,
        id,
        signature: SIGNATURE_PNG,
        signInAt: sinceToday,
        signOutAt: null,
        createdAt: sinceToday,
      });
    }
    const approver = o.id('user', managerAccount);
    for (const weeksBack of [3, 2]) {
      const weekStart = addDays(thisMonday, -7 * weeksBack);
      approvals.push(approvalOf(o, clock, records, base.employeeId, weekStart, approver));
      log.push({
        id: o.id('changeLog', `timesheetWeek/${key}/${weekStart}`),
        companyId,
        entityType: 'timesheetWeek',
        entityId: base.employeeId,
        userId: approver,
        action: 'approved',
        changes: { weekStart },
        createdAt: approvals.at(-1)!.approvedAt!,
      });
    }
  });
  log.push(correctChloe(o, clock, records, addDays(thisMonday, -14)));
  await tx.timesheetRecord.createMany({ data: records });
  await tx.timesheetApproval.createMany({ data: approvals });
  await tx.changeLog.createMany({ data: log });
}

/** The approval of an employee's week: each day's hours and the week's, as the timesheet counts them. */
function approvalOf(
  o: Org,
  clock: OrgClock,
  records: RecordRow[],
  employeeId: string,
  weekStart: string,
  approvedById: string,
): Prisma.TimesheetApprovalCreateManyInput {
  const round = (hours: number) => Math.round(hours * 100) / 100;
  const dayHours = [0, 1, 2, 3, 4, 5, 6].map((offset) => {
    const day = addDays(weekStart, offset);
    const hours = records
      .filter((row) => row.employeeId === employeeId && row.signOutAt && clock.at(day, 0, 0) <= row.signInAt)
      .filter((row) => row.signInAt < clock.at(addDays(day, 1), 0, 0))
      .reduce((sum, row) => sum + totalHours(row.signInAt, row.signOutAt!), 0);
    return round(hours);
  });
  return {
    id: o.id('timesheetApproval', `${employeeId}/${weekStart}`),
    companyId: o.companyId,
    employeeId,
    weekStart: new Date(`${weekStart}T00:00:00Z`),
    dayHours,
    totalHours: round(dayHours.reduce((sum, hours) => sum + hours, 0)),
    approvedById,
    approvedAt: clock.at(addDays(weekStart, 7), 9, 30),
  };
}

/** Chloe forgot to clock out on the Wednesday of the week before last; Ethan corrected it. */
function correctChloe(
  o: Org,
  clock: OrgClock,
  records: RecordRow[],
  weekStart: string,
): Prisma.ChangeLogCreateManyInput {
  const day = addDays(weekStart, 2);
  const record = records.find((row) => row.id === o.id('timesheetRecord', `chloe/${day}`))!;
  const correctedAt = clock.at(addDays(day, 1), 8, 40);
  record.correctedAt = correctedAt;
  return {
    id: o.id('changeLog', `timesheetRecord/chloe/${day}`),
    companyId: o.companyId,
    entityType: 'timesheetRecord',
    entityId: record.id!,
    userId: o.id('user', 'ethan.coordinator'),
    action: 'corrected',
    changes: {
      reason: 'Forgot to clock out; left at the end of the shift (checked with the roster).',
      before: { signInAt: record.signInAt.toISOString(), signOutAt: null },
      after: { signInAt: record.signInAt.toISOString(), signOutAt: record.signOutAt!.toISOString() },
    },
    createdAt: correctedAt,
  };
}

// ---------- Vismate ----------

/**
 * [name, company, host key (null: none), purpose, phone, days ago (0: today), hh:mm (today: minutes
 * ago), minutes on site (null: on site now), contractor's personnel key (undefined: a visitor;
 * null: a contractor not on the supplier's personnel list)]
 */
type VisitRow = [
  string,
  string,
  string | null,
  string,
  string,
  number,
  string | number,
  number | null,
  string | null | undefined,
];
// prettier-ignore
const VISITS: VisitRow[] = [
  ['Sarah Mitchell', 'Peak Engineering', 'ethan', 'Quarterly safety review', '0412 555 101', 19, '09:30', 90, undefined],
  ['Chris Nolan', 'Southern Freight', 'jack', 'Collect returned pallets', '0412 555 102', 18, '15:00', 30, undefined],
  ['Tom Becker', 'City Council', 'ethan', 'Building compliance inspection', '0412 555 103', 17, '10:00', 120, undefined],
  ['Priya Raman', 'Greenleaf Packaging', 'mia', 'Packaging trial on the line', '0412 555 104', 16, '13:15', 75, undefined],
  ['Daniel Okafor', '', 'jack', 'Job interview: warehouse operative', '0412 555 105', 15, '11:00', 45, undefined],
  ['Hannah Schultz', 'Atlas Insurance', 'ethan', 'Insurance site survey', '0412 555 106', 12, '09:00', 150, undefined],
  ['Aisha Karim', 'Horizon Training', 'ethan', 'Forklift refresher training', '0412 555 107', 11, '08:00', 420, undefined],
  ['Marcus Lee', 'Kestrel Couriers', 'chloe', 'Delivery of racking parts', '0412 555 108', 10, '07:40', 25, undefined],
  ['Emily Carter', 'Bluegum Consulting', 'mia', 'Compressor efficiency audit', '0412 555 109', 8, '10:30', 180, undefined],
  ['Liam Walker', 'Acme Contracting', 'mia', 'Forklift FL-01 service', '0412 555 110', 6, '07:30', 300, 'liam'],
  ['Ravi Shah', 'Northstar IT', 'henry', 'Install the vehicle trackers', '0412 555 111', 5, '08:30', 240, undefined],
  ['Lucy Warren', 'WorkSafe Inspectorate', 'ethan', 'Follow-up inspection', '0412 555 112', 3, '14:00', 60, undefined],
  // Left without signing out: Ethan signed him out from the register.
  ['Ben Howard', 'Peak Engineering', 'lucas', 'Scissor lift inspection', '0412 555 113', 1, '09:15', 95, undefined],
  ['Olga Petrova', 'Coastal Labs', 'mia', 'Air quality sampling', '0412 555 114', 0, 90, null, undefined],
  ['Peter Doyle', 'Acme Contracting', null, 'Replace the loading dock lights', '0412 555 115', 0, 45, null, null],
];

async function writeVisitors(tx: Tx, o: Org, clock: OrgClock): Promise<void> {
  const { companyId } = o;
  const workplaceId = o.id('workplace', VISITOR_WORKPLACE);
  const admin = o.id('user', 'olivia.admin');
  const hazardous = o.id('visitorQuestion', 'hazardous');
  const allergies = o.id('visitorQuestion', 'allergies');
  await tx.visitorSetup.create({
    data: {
      id: o.id('visitorSetup', VISITOR_WORKPLACE),
      companyId,
      workplaceId,
      questions: [
        { _id: allergies, label: ALLERGIES, type: 'text', required: false },
        { _id: hazardous, label: HAZARDOUS, type: 'yesNo', required: true },
      ],
      siteRules:
        'Wear the visitor lanyard and a hi-vis vest at all times. Stay with your host. Keep to the marked ' +
        'walkways: forklifts operate in the warehouse. In an emergency follow the wardens to the assembly ' +
        'point at the front gate.',
      takeSignature: true,
      takePhoto: false,
      notifyHost: true,
      retentionDays: 365,
      updatedById: admin,
      updatedAt: clock.at(addDays(clock.today, -30), 10, 0),
    },
  });
  const visits: Prisma.VisitCreateManyInput[] = VISITS.map(
    ([fullName, visitorCompany, host, purpose, phone, daysAgo, time, minutes, personnel], index) => {
      const [hours = 0, mins = 0] = typeof time === 'string' ? time.split(':').map(Number) : [];
      const signInAt =
        typeof time === 'number'
          ? new Date(clock.now.getTime() - time * 60_000)
          : clock.at(addDays(clock.today, -daysAgo), hours, mins);
      const contractor = personnel !== undefined;
      return {
        id: o.id('visit', String(index + 1)),
        companyId,
        workplaceId,
        kioskId: o.id('visitorKiosk', 'Reception tablet'),
        kind: contractor ? 'contractor' : 'visitor',
        fullName,
        visitorCompany,
        supplierId: contractor ? o.id('supplier', 'Acme Contracting') : null,
        personnelId: personnel ? o.id('personnel', personnel) : null,
        hostEmployeeId: host ? o.id('employee', host) : null,
        purpose,
        phone,
        answers: [
          { questionId: allergies, label: ALLERGIES, value: fullName === 'Priya Raman' ? 'Bee stings' : '' },
          { questionId: hazardous, label: HAZARDOUS, value: personnel === 'liam' ? 'Yes' : 'No' },
        ],
        rulesAcceptedAt: signInAt,
        signature: SIGNATURE_PNG,
        signInAt,
        signOutAt: minutes === null ? null : new Date(signInAt.getTime() + minutes * 60_000),
        signedOutById: fullName === 'Ben Howard' ? o.id('employee', 'ethan') : null,
      };
    },
  );
  await tx.visitorKiosk.create({
    data: {
      id: o.id('visitorKiosk', 'Reception tablet'),
      companyId,
      workplaceId,
      name: 'Reception tablet',
      createdById: admin,
      createdAt: clock.at(addDays(clock.today, -30), 10, 5),
      lastSeenAt: visits.at(-1)!.signInAt,
    },
  });
  await tx.visit.createMany({ data: visits });
}
