import {
  ACCESS_KEYS,
  errorCodeOfStatus,
  type AccessMap,
  type TPermissions,
  type TTemplateField,
} from '@compass/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { onTestFinished, vi } from 'vitest';
import { queryClient } from '../src/api/queryClient';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const EMPLOYEE_ID = '33333333-3333-4333-8333-333333333333';

export function accessMap(overrides: Partial<AccessMap> = {}): AccessMap {
  const all = Object.fromEntries(ACCESS_KEYS.map((key) => [key, 'yes'])) as AccessMap;
  return { ...all, supplierPortal: 'no', supplierAccess: 'no', ...overrides };
}

export function permissionsFixture(overrides: Partial<TPermissions> = {}): TPermissions {
  return {
    userId: USER_ID,
    companyId: '22222222-2222-4222-8222-222222222222',
    userType: 'employee',
    supplierId: null,
    personnelId: null,
    employeeId: EMPLOYEE_ID,
    name: 'Alex Morgan',
    username: 'alex@acme.example',
    profileImage: null,
    companyLogo: null,
    companyName: 'Acme Manufacturing',
    HeaderTitle: '',
    signInMethod: 'password',
    isForceUpdatePassword: 'no',
    isInitialPassword: 'no',
    authToken: 'token-1',
    associatedEmployees: [],
    associatedExternalParties: [],
    accessRestriction: [],
    access: accessMap(),
    ...overrides,
  };
}

export function envelope(
  data: unknown,
  code = 200,
  message = 'Success',
  extra: Record<string, unknown> = {},
) {
  // As the server does: every error carries its machine-readable code (a test may name a finer one).
  const errorCode = code >= 400 ? { error_code: errorCodeOfStatus(code) } : {};
  return { response_code: code, response_message: message, response_data: data, ...errorCode, ...extra };
}

type Reply = { status?: number; body: unknown } | Error;
type Handler = (request: { method: string; body: unknown }) => Reply;

/** Replaces fetch: `routes` maps 'METHOD /api/path' to a reply. Unknown calls answer 404. */
export function mockFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${path}`];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const reply: Reply = handler
      ? handler({ method, body })
      : { status: 404, body: envelope(null, 404, 'Not found.') };
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies the page sent to the call whose path ends with `path`, in order (GETs as {}). */
export function bodiesSent(fetchMock: ReturnType<typeof mockFetch>, path: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
}

export function ok(data: unknown, message = 'Success'): Reply {
  return { status: 200, body: envelope(data, 200, message) };
}

export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, ...result };
}

export function withQueryClient(children: ReactNode) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

export { queryClient };

/** The uuid numbered n, for fixtures. */
export const testId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** What a test names of a template field: at least its id, type and label. */
export type TemplateFieldOver = Partial<TTemplateField> & Pick<TTemplateField, '_id' | 'type' | 'level'>;

/** A field of a template section with every optional part empty. */
export function templateField(section: string, over: TemplateFieldOver): TTemplateField {
  return {
    section,
    orderNo: 1,
    colSize: 0,
    isMandatory: 'no',
    isDelete: 'no',
    optionVal: null,
    itemList: null,
    webLink: null,
    contentEditor: null,
    placeholder: null,
    mandatoryComment: null,
    ...over,
  };
}

/**
 * Picks `name` in the person field labelled `label` inside `scope`: Choose (or Change), the name's
 * first word searched, then its match.
 */
export async function choosePerson(user: UserEvent, scope: HTMLElement, label: string, name: string) {
  const field = within(scope).getByText(label, { selector: '.field-label' }).closest('.field') as HTMLElement;
  await user.click(within(field).getByRole('button', { name: /^(Choose|Change)$/ }));
  await user.type(within(field).getByRole('searchbox'), name.split(' ')[0]!);
  await user.click(await within(field).findByRole('button', { name: new RegExp(`^${name}`) }));
}

/**
 * Stands in for the browser's object URLs for the rest of the test: a download saved goes through
 * the mock returned.
 */
export function stubObjectUrls() {
  const created = vi.fn(() => 'blob:test');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return created;
}
