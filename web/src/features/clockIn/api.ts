import {
  clockInCall,
  clockInEmployeeCall,
  clockOutCall,
  personName,
  signInsTodayCall,
  type TClockInEmployee,
  type TClockInRequest,
  type TClockOutRequest,
} from '@compass/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { browserTimeZone } from '../../lib/timeZone';

/** The sign-ins-today request has the same shape as the clock-out one (the contract derives both). */
type TSignInsTodayRequest = TClockOutRequest;
type ClockDay = Pick<TSignInsTodayRequest, 'startDate' | 'endDate' | 'localTimeZone'>;

/**
 * The browser's local day: 00:00:00.000 to 23:59:59.999 of today's local date as instants, with
 * the browser's time zone (001 section 9).
 */
export function localDay(now: Date = new Date()): ClockDay {
  const [year, month, day] = [now.getFullYear(), now.getMonth(), now.getDate()];
  return {
    startDate: new Date(year, month, day, 0, 0, 0, 0).toISOString(),
    endDate: new Date(year, month, day, 23, 59, 59, 999).toISOString(),
    localTimeZone: browserTimeZone(),
  };
}

export const clockInKeys = {
  all: ['clockIn'] as const,
  employee: (employeeId: string) => ['clockIn', 'employee', employeeId] as const,
  signIns: (employeeId: string) => ['clockIn', 'signIns', employeeId] as const,
};

/** POST /api/clockInEmployee: the employee behind the scanned QR code. The page shows failures itself. */
export function useClockInEmployee(employeeId: string, enabled: boolean) {
  return useQuery({
    queryKey: clockInKeys.employee(employeeId),
    queryFn: () => callApi(clockInEmployeeCall, { body: { employeeId } }),
    enabled,
    meta: { silent: true },
    staleTime: 5 * 60_000,
  });
}

/** POST /api/signInsToday: the day's records and the clock state (asked with the day's bounds at call time). */
export function useSignInsToday(employee: TClockInEmployee | undefined) {
  return useQuery({
    queryKey: clockInKeys.signIns(employee?._id ?? ''),
    queryFn: () => {
      const request: TSignInsTodayRequest = {
        companyId: employee!.companyId,
        employeeId: employee!._id,
        ...localDay(),
      };
      return callApi(signInsTodayCall, { body: request });
    },
    enabled: !!employee,
    staleTime: 0,
  });
}

/**
 * CLOCK IN or CLOCK OUT. The success message is toasted (errors by the query client) and the clock
 * state is reloaded after either outcome; the mutation stays pending until the reload is done, so
 * the button cannot be pressed again against a stale state.
 */
export function useClockAction(employee: TClockInEmployee | undefined) {
  return useMutation({
    /** `signature`: the PNG drawn on the page, required to clock in (001 section 9). */
    mutationFn: async ({ action, signature = '' }: { action: 'in' | 'out'; signature?: string }) => {
      if (!employee) throw new Error('No employee.');
      const base: TClockOutRequest = {
        companyId: employee.companyId,
        employeeId: employee._id,
        ...localDay(),
      };
      if (action === 'out') return sendCall(clockOutCall, { body: base });
      const request: TClockInRequest = {
        ...base,
        workplace: employee.workplace,
        branch: employee.branch,
        fullName: personName(employee),
        signature,
      };
      return sendCall(clockInCall, { body: request });
    },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: () =>
      employee ? queryClient.invalidateQueries({ queryKey: clockInKeys.signIns(employee._id) }) : undefined,
  });
}
