import type {
  TTimesheetPeople,
  TTimesheetWeek,
  ZTimesheetEntryCorrect,
  ZTimesheetExportQuery,
  ZTimesheetPeopleRequest,
  ZTimesheetWeekDecision,
  ZTimesheetWeekRequest,
} from '@compass/shared';
import type { z } from 'zod';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import type { AuthContext } from '../../plugins/auth';
import { approveWeek, correctEntry, unapproveWeek } from './decisions';
import { payrollFile } from './payroll';
import { timesheetPeople } from './people';
import { timesheetWeek } from './weekView';

/** TimeSheet (docs/timesheets-and-visitors.md): the team's weeks, one employee's week, its corrections and approvals, payroll. */
export class TimesheetService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  people(auth: AuthContext, request: z.output<typeof ZTimesheetPeopleRequest>): Promise<TTimesheetPeople> {
    return timesheetPeople(this.reader, auth, request);
  }

  week(auth: AuthContext, request: z.output<typeof ZTimesheetWeekRequest>): Promise<TTimesheetWeek> {
    return timesheetWeek(this.db, this.reader, auth, request);
  }

  correct(auth: AuthContext, input: z.output<typeof ZTimesheetEntryCorrect>): Promise<void> {
    return correctEntry(this.db, auth, input);
  }

  approve(auth: AuthContext, input: z.output<typeof ZTimesheetWeekDecision>): Promise<void> {
    return approveWeek(this.db, auth, input);
  }

  unapprove(auth: AuthContext, input: z.output<typeof ZTimesheetWeekDecision>): Promise<void> {
    return unapproveWeek(this.db, auth, input);
  }

  exportFile(auth: AuthContext, query: z.output<typeof ZTimesheetExportQuery>) {
    return payrollFile(this.reader, auth, query);
  }
}
