import { resolveReturnUrl } from '../auth/session';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accessMap,
  EMPLOYEE_ID,
  mockFetch,
  ok,
  permissionsFixture,
  queryClient,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { routes } from '../../router';

const FORM = testId(7);
const SOMEONE_ELSE = testId(8);
/** The form-submission screens load on first use, the editor with them. */
const LOADING = 10_000;

function signInAs(employeeId: string | null) {
  localStorage.setItem('authToken', 't');
  const supplier = {
    userType: 'supplier' as const,
    employeeId: null,
    supplierId: testId(9),
    access: accessMap({ supplierPortal: 'yes' }),
  };
  mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture(employeeId ? { employeeId } : supplier)),
    'GET /api/configuration': () =>
      ok({ productName: 'Compass', homeSiteUrl: '', helpCentreUrl: 'https://help.example', sso: {} }),
  });
}

/** Where the sign-in page sends a link's employeeId and formId (000 section 2.3). */
const afterSignIn = (employeeId: string) =>
  resolveReturnUrl(new URLSearchParams({ employeeId, formId: FORM }));

/** The page a signed-in account sees for a form sent to someone else. */
const expectNotTheirs = async () =>
  expect(
    await screen.findByRole('heading', { name: 'This form was sent to someone else' }, { timeout: LOADING }),
  ).toBeInTheDocument();

describe('the post-sign-in assessment route', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
  });

  it('opens a new form of the template for the employee the link names', async () => {
    signInAs(EMPLOYEE_ID);
    const { router } = renderRoutes(routes, afterSignIn(EMPLOYEE_ID));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/form-submission/new/${FORM}`), {
      timeout: LOADING,
    });
    expect(screen.queryByText(/is not available yet/)).not.toBeInTheDocument();
  });

  it('tells another employee the form is not theirs, with the way on', async () => {
    signInAs(EMPLOYEE_ID);
    const { router } = renderRoutes(routes, afterSignIn(SOMEONE_ELSE));
    await expectNotTheirs();
    expect(screen.getByRole('link', { name: 'New Submission' })).toHaveAttribute(
      'href',
      '/form-submission/new',
    );
    expect(router.state.location.pathname).toBe(afterSignIn(SOMEONE_ELSE));
  });

  it('tells a supplier account (no employee record) the same, without New Submission', async () => {
    signInAs(null);
    renderRoutes(routes, afterSignIn(EMPLOYEE_ID));
    await expectNotTheirs();
    expect(screen.queryByRole('link', { name: 'New Submission' })).not.toBeInTheDocument();
  });
});
