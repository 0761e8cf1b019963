import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, permissionsFixture, queryClient } from '../../../test/helpers';
import { EMPLOYEE_DASHBOARD_KEY, setAuthToken } from '../../lib/storage';
import { loadDashboard } from './loader';

const emptySections = () => {
  const empty = { total: 0, list: [] };
  return {
    list: {
      scheduledTasks: empty,
      hrForms: empty,
      formCoordination: empty,
      scheduledReviews: empty,
      assignedActions: empty,
      employeeOnlineTrainingAssessment: empty,
      reviewOnlineTrainingAssessment: empty,
      externalPartiesForms: empty,
      scheduledMaintenance: empty,
      myNoticeboard: empty,
    },
    filePath: '/api/files/',
  };
};

/**
 * A fetch whose permission profile answers only when `answerProfile` is called, so a test can see
 * what was asked for while the profile was on its way.
 */
function fetchWithPendingProfile(permissions = permissionsFixture()) {
  let answerProfile = () => {};
  const paths: string[] = [];
  const respond = (data: unknown) =>
    new Response(JSON.stringify(envelope(data)), { headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      paths.push(path);
      if (path === '/api/permissions')
        return new Promise<Response>((resolve) => {
          answerProfile = () => resolve(respond(permissions));
        });
      return Promise.resolve(respond(path === '/api/dashboardList' ? emptySections() : null));
    }),
  );
  return { paths, answerProfile: () => answerProfile() };
}

describe('loadDashboard', () => {
  afterEach(() => queryClient.clear());

  it('asks for the list only after the profile on a first visit, and remembers an employee', async () => {
    setAuthToken('token');
    const { paths, answerProfile } = fetchWithPendingProfile();
    const loading = loadDashboard();
    await vi.waitFor(() => expect(paths).toContain('/api/permissions'));
    expect(paths).not.toContain('/api/dashboardList');
    answerProfile();
    await loading;
    expect(paths).toContain('/api/dashboardList');
    expect(localStorage.getItem(EMPLOYEE_DASHBOARD_KEY)).toBe('yes');
  });

  it("asks for an employee's list together with the profile when the last dashboard was an employee's", async () => {
    setAuthToken('token');
    localStorage.setItem(EMPLOYEE_DASHBOARD_KEY, 'yes');
    const { paths, answerProfile } = fetchWithPendingProfile();
    const loading = loadDashboard();
    await vi.waitFor(() => expect(paths).toContain('/api/dashboardList'));
    expect(paths).toContain('/api/permissions');
    answerProfile();
    await loading;
    // One list, not a second one when the profile arrives.
    expect(paths.filter((path) => path === '/api/dashboardList')).toHaveLength(1);
  });

  it('forgets the hint when the profile is a supplier’s, or a password change is pending', async () => {
    for (const permissions of [
      permissionsFixture({ userType: 'supplier', employeeId: null }),
      permissionsFixture({ isForceUpdatePassword: 'yes' }),
    ]) {
      queryClient.clear();
      setAuthToken('token');
      localStorage.setItem(EMPLOYEE_DASHBOARD_KEY, 'yes');
      const { answerProfile } = fetchWithPendingProfile(permissions);
      const loading = loadDashboard();
      await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
      answerProfile();
      await loading;
      expect(localStorage.getItem(EMPLOYEE_DASHBOARD_KEY), permissions.userType).toBeNull();
    }
  });
});
