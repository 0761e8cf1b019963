import type { TReportFilters } from '../../../shared/src/contracts/reports';
import { nextSendAt } from '../../../server/src/modules/reports/saved';
import type { Tx } from '../ids';
import type { Org } from '../rows';

/**
 * Northwind's saved reports (issue 46, docs/reports.md), both Olivia's (olivia.admin: the
 * Administrator role holds reportChart and every area's key): "Overdue actions by assignee", mailed
 * to her every Monday, and "Submissions this year" by month, shared with the Coordinator role
 * (Ethan). Written after the other rows (seedDemo): the weekly one is next due at 07:00 of the first
 * Monday after the seed's "now", in the organisation's time zone.
 */
export async function writeNorthwindReports(tx: Tx, o: Org): Promise<void> {
  const { timeZone } = await tx.company.findUniqueOrThrow({
    where: { id: o.companyId },
    select: { timeZone: true },
  });
  const now = o.cal.at(1, 0);
  const olivia = o.id('employee', 'olivia');
  const overdue: TReportFilters = { period: 'last12Months' };
  const thisYear: TReportFilters = { period: 'thisYear' };
  await tx.savedReport.createMany({
    data: [
      {
        id: o.id('savedReport', 'overdueActions'),
        companyId: o.companyId,
        ownerEmployeeId: olivia,
        name: 'Overdue actions by assignee',
        report: 'actions',
        groupBy: 'assignee',
        filters: overdue,
        schedule: 'weekly',
        nextSendAt: nextSendAt('weekly', timeZone, now),
      },
      {
        id: o.id('savedReport', 'submissionsThisYear'),
        companyId: o.companyId,
        ownerEmployeeId: olivia,
        name: 'Submissions this year',
        report: 'submissions',
        groupBy: 'month',
        filters: thisYear,
        sharedRoleId: o.id('role', 'Coordinator'),
      },
    ],
  });
}
