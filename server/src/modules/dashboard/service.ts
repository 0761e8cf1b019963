import {
  dashboardPeriod,
  localDateOf,
  type DashboardPeriodKey,
  type TDashboardBarChartResponse,
  type TDashboardListResponse,
  type TDashboardPieChartResponse,
  type TDashboardSupplierListResponse,
  type TNotice,
  type TNoticeboardListResponse,
} from '@compass/shared';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { CachedAnswer } from '../../plugins/answerCache';
import { barCounts, pies } from './charts';
import { noticeViewerOf } from '../noticeboard';
import { notices } from './noticeboard';
import type { Reader } from '../../db/reader';
import { emptySections, sections, supplierSections } from './sections';
import { emptySection, FILE_PATH, type Query } from './sql';
import type { Provider, Scope } from './sources';
import { opensFor } from './openers';

// ---------- The service ----------

type Asker = Pick<AuthContext, 'companyId' | 'userType' | 'employeeId' | 'supplierId' | 'personnelId'>;

function answerKey(call: string, asker: Asker, input: object, day: string | null): string {
  const { companyId, userType, employeeId, supplierId, personnelId } = asker;
  return JSON.stringify([call, companyId, userType, employeeId, supplierId, personnelId, input, day]);
}

export class DashboardService {
  constructor(
    private readonly reader: Reader,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private readonly run: Query = (statement, plan) => this.reader.rows(statement, { plan }) as never;

  close(): Promise<void> {
    return this.reader.close();
  }

  private scope(auth: AuthContext, timeZone: string): Scope | null {
    if (auth.userType !== 'employee' || !auth.employeeId) return null;
    return {
      companyId: auth.companyId,
      employeeId: auth.employeeId,
      today: localDateOf(this.clock(), timeZone),
      timeZone,
      opens: opensFor(auth),
    };
  }

  // ----- dashboardList -----

  /** Names the answer and how to load it: see CachedAnswer. */
  list(auth: AuthContext, input: { localTimeZone: string }): CachedAnswer<TDashboardListResponse> {
    const scope = this.scope(auth, input.localTimeZone);
    return {
      key: answerKey('dashboardList', auth, input, scope?.today ?? null),
      load: async () => ({
        list: scope ? await sections(this.run, scope) : emptySections(),
        filePath: FILE_PATH,
      }),
    };
  }

  dashboardList(auth: AuthContext, input: { localTimeZone: string }): Promise<TDashboardListResponse> {
    return this.list(auth, input).load();
  }

  // ----- noticeboard -----

  /**
   * The notices that reach the caller (the noticeboard's audience rule), newest first. Cached
   * like the dashboard: counting a large organisation's live notices read them all (5,000 on the
   * scale seed, 5 ms a call).
   */
  noticeboard(
    auth: AuthContext,
    input: { page: number; pageSize: number; localTimeZone: string },
  ): CachedAnswer<TNoticeboardListResponse> {
    const viewer = noticeViewerOf(auth);
    const today = localDateOf(this.clock(), input.localTimeZone);
    return {
      key: answerKey('noticeboardList', auth, input, today),
      load: async () => {
        const base = { page: input.page, pageSize: input.pageSize };
        const offset = (input.page - 1) * input.pageSize;
        const section = viewer
          ? await notices(this.run, viewer, today, input.localTimeZone, input.pageSize, offset)
          : emptySection<TNotice>();
        return { ...base, ...section };
      },
    };
  }

  noticeboardList(
    auth: AuthContext,
    input: { page: number; pageSize: number; localTimeZone: string },
  ): Promise<TNoticeboardListResponse> {
    return this.noticeboard(auth, input).load();
  }

  /** One notice that reaches the caller, with its whole content; 404 otherwise. */
  async notice(auth: AuthContext, id: string, timeZone: string): Promise<TNotice> {
    const viewer = noticeViewerOf(auth);
    const today = localDateOf(this.clock(), timeZone);
    const section = viewer
      ? await notices(this.run, viewer, today, timeZone, 1, 0, id, true)
      : emptySection<TNotice>();
    const found = section.list[0];
    if (!found) throw notFound();
    return found;
  }

  // ----- dashboardSupplierList -----

  /** Names the answer and how to load it: see CachedAnswer. */
  supplierList(
    auth: AuthContext,
    input: { localTimeZone: string },
  ): CachedAnswer<TDashboardSupplierListResponse> {
    const today = localDateOf(this.clock(), input.localTimeZone);
    const provider = auth.userType === 'employee' ? null : this.provider(auth);
    return {
      key: answerKey('dashboardSupplierList', auth, input, today),
      load: () => supplierSections(this.run, auth, provider, today, input.localTimeZone),
    };
  }

  dashboardSupplierList(
    auth: AuthContext,
    input: { localTimeZone: string },
  ): Promise<TDashboardSupplierListResponse> {
    return this.supplierList(auth, input).load();
  }

  /**
   * The supplier company of a supplier or company user, or null without one. The route access
   * (plugins/callers.ts) has already refused a company whose supplier portal is off (000 section 6).
   */
  private provider(auth: AuthContext): Provider | null {
    if (auth.userType === 'employee' || !auth.supplierId) return null;
    return { companyId: auth.companyId, supplierId: auth.supplierId, personnelId: auth.personnelId };
  }

  // ----- charts -----

  /**
   * Today / upcoming / due (overdue) of the same items the lists show. Employees: form
   * coordination, assigned actions, scheduled tasks. Suppliers: their Assigned Forms and Assigned
   * Actions of dashboardSupplierList (they have no scheduled activities).
   */
  pie(auth: AuthContext, input: { localTimeZone: string }): CachedAnswer<TDashboardPieChartResponse> {
    const scope = this.scope(auth, input.localTimeZone);
    const today = scope?.today ?? localDateOf(this.clock(), input.localTimeZone);
    const provider = scope ? null : this.provider(auth);
    return {
      key: answerKey('dashboardPieChart', auth, input, today),
      load: () => pies(this.run, scope, provider, today),
    };
  }

  pieChart(auth: AuthContext, input: { localTimeZone: string }): Promise<TDashboardPieChartResponse> {
    return this.pie(auth, input).load();
  }

  /**
   * Items due (forms: dated) in the period: the caller's own (assignAction) or the whole
   * organisation's (companyOverview). The period is recomputed here from selectedDay and the zone.
   */
  bar(
    auth: AuthContext,
    input: {
      barChartType: 'assignAction' | 'companyOverview';
      selectedDay: DashboardPeriodKey;
      localTimeZone: string;
    },
  ): CachedAnswer<TDashboardBarChartResponse> {
    const period = dashboardPeriod(input.selectedDay, this.clock(), input.localTimeZone);
    const employeeId = auth.userType === 'employee' ? auth.employeeId : null;
    // Company users without an employee record have no own items and no view of the organisation.
    const who = employeeId && input.barChartType === 'assignAction' ? employeeId : null;
    // The organisation's overview is the same for all its employees: one answer for all of them.
    const asker: Asker =
      employeeId && !who
        ? {
            companyId: auth.companyId,
            userType: 'employee',
            employeeId: '*',
            supplierId: null,
            personnelId: null,
          }
        : auth;
    return {
      key: answerKey('dashboardBarChart', asker, input, `${period.startDay}..${period.endDay}`),
      load: async () => {
        const own = who ? { employeeId: who, opens: opensFor(auth) } : null;
        const counts = employeeId ? await barCounts(this.run, auth.companyId, own, period) : undefined;
        return {
          form: counts?.form ?? 0,
          assignAction: counts?.assignAction ?? 0,
          scheduledActivites: counts?.scheduled ?? 0,
          period: {
            selectedDay: period.selectedDay,
            localTimeZone: period.timeZone,
            startDay: period.startDay,
            endDay: period.endDay,
          },
        };
      },
    };
  }

  barChart(
    auth: AuthContext,
    input: {
      barChartType: 'assignAction' | 'companyOverview';
      selectedDay: DashboardPeriodKey;
      localTimeZone: string;
    },
  ): Promise<TDashboardBarChartResponse> {
    return this.bar(auth, input).load();
  }
}
