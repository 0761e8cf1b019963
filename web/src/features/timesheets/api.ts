import {
  localDateOf,
  timesheetPeopleCall,
  timesheetWeekCall,
  type TTimesheetPeopleRequest,
} from '@compass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { ApiError } from '../../api/errors';
import { changeLogKeys } from '../../api/queryKeys';
import { browserTimeZone } from '../../lib/timeZone';
import { mondayOf } from './week';

export const timesheetKeys = {
  all: ['timesheets'] as const,
  timeZone: ['timesheets', 'timeZone'] as const,
  /** One employee's week; 'own' for the caller's. */
  week: (employeeId: string | undefined, weekStart: string) =>
    ['timesheets', 'week', employeeId ?? 'own', weekStart] as const,
  people: (weekStart: string) => ['timesheets', 'people', weekStart] as const,
  team: (weekStart: string) => ['timesheets', 'team', weekStart] as const,
};

/** What a correction or a decision changes: every week and list shown, and the change log. */
export const TIMESHEET_WRITES = [timesheetKeys.all, changeLogKeys.all];

/**
 * The organisation's time zone, which decides the days and "this week". The profile does not carry
 * it; a week's answer does, so the caller's own week (in the browser's reckoning) is asked once and
 * kept as that week's answer too: the own timesheet, the page opened most, costs no second call.
 * A caller without an employee record (payroll staff) has no own week (404): the zone then comes
 * from the week of the first person they may open. Pages that name weeks wait for it (`known`);
 * only when nobody's week can be read does the browser's zone stand in.
 */
export function useOrgTimeZone(): { timeZone: string; known: boolean } {
  const queryClient = useQueryClient();
  const zone = useQuery({
    queryKey: timesheetKeys.timeZone,
    queryFn: async () => {
      const weekStart = mondayOf(localDateOf(new Date(), browserTimeZone()));
      const ownWeek = await callApi(timesheetWeekCall, { body: { weekStart } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 404) return null;
        throw error;
      });
      if (ownWeek) {
        queryClient.setQueryData(timesheetKeys.week(undefined, weekStart), ownWeek);
        return ownWeek.timeZone;
      }
      const someone = (await fetchTimesheetPeople({ weekStart, pageSize: 1 })).rows[0];
      if (!someone) return browserTimeZone();
      const body = { employeeId: someone.employeeId, weekStart };
      return (await callApi(timesheetWeekCall, { body })).timeZone;
    },
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  return { timeZone: zone.data ?? browserTimeZone(), known: !zone.isPending };
}

/** An employee's week (the caller's own without an id). */
export function useTimesheetWeek(employeeId: string | undefined, weekStart: string, enabled = true) {
  return useQuery({
    queryKey: timesheetKeys.week(employeeId, weekStart),
    queryFn: () => callApi(timesheetWeekCall, { body: { ...(employeeId && { employeeId }), weekStart } }),
    enabled,
    retry: false,
  });
}

/** A page of the weeks of the people the caller may open. */
export const fetchTimesheetPeople = (request: TTimesheetPeopleRequest) =>
  callApi(timesheetPeopleCall, { body: request });

/**
 * Whether the caller has a team and is payroll. HR (payroll) sees everyone; otherwise the list of
 * people one may open holds oneself, so a second person there is someone one manages. One row is
 * enough to know (the total counts them all); until the answer comes, neither.
 */
export function useTeamProbe(weekStart: string, enabled = true) {
  const probe = useQuery({
    queryKey: timesheetKeys.team(weekStart),
    queryFn: () => fetchTimesheetPeople({ weekStart, pageSize: 1 }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const payroll = probe.data?.isPayroll === 'yes';
  return { payroll, hasTeam: payroll || (probe.data?.total ?? 0) > 1 };
}
