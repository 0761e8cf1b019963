import { describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, ok, queryClient } from '../../test/helpers';
import { browser } from '../lib/browser';
import { ApiError, apiSend, type RequestOptions } from './client';
import { describeError } from './errors';
import { queryKeys } from './queryClient';

// The transport itself, on made-up paths: features reach it only through shared call definitions.
const get = async (path: string) => (await apiSend('GET', path)).data;
const post = async (path: string, body: unknown = {}, options?: RequestOptions) =>
  (await apiSend('POST', path, body, options)).data;

describe('api client', () => {
  it('resolves with response_data on response_code 200 and sends credentials, JSON and the authtoken', async () => {
    localStorage.setItem('authToken', 'token-1');
    const fetchMock = mockFetch({ 'POST /api/things': ({ body }) => ok({ echoed: body }) });
    await expect(post('/things', { a: 1 })).resolves.toEqual({ echoed: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('include');
    const headers = init?.headers as Record<string, string>;
    expect(headers.authtoken).toBe('token-1');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no authtoken header when signed out', async () => {
    const fetchMock = mockFetch({ 'GET /api/configuration': () => ok({}) });
    await get('/configuration');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.authtoken).toBeUndefined();
  });

  it('throws an ApiError with code, message, validation errors and data when response_code is not 200', async () => {
    mockFetch({
      'POST /api/signIn': () => ({
        status: 400,
        body: envelope({ hint: 1 }, 400, 'Please enter username', {
          validation_errors: [{ field: 'username', message: 'Please enter username' }],
        }),
      }),
    });
    const error = await post('/signIn', {}, { authRedirect: false }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe(400);
    expect(apiError.message).toBe('Please enter username');
    expect(apiError.validationErrors).toEqual([{ field: 'username', message: 'Please enter username' }]);
    expect(apiError.data).toEqual({ hint: 1 });
    // The only validation error is the message itself: shown once.
    expect(describeError(apiError)).toEqual({ message: 'Please enter username' });
    const both = new ApiError({
      code: 400,
      status: 400,
      message: 'Please enter username',
      validationErrors: [
        { field: 'username', message: 'Please enter username' },
        { field: 'password', message: 'Please enter password' },
      ],
    });
    expect(describeError(both)).toEqual({
      message: 'Please enter username',
      description: '• Please enter password',
    });
  });

  it('treats response_code 502 with validation errors as a validation failure even on HTTP 200', async () => {
    mockFetch({
      'POST /api/save': () => ({
        status: 200,
        body: envelope(null, 502, 'Invalid data', {
          validation_errors: [{ field: 'a', message: 'A is wrong' }],
        }),
      }),
    });
    const error = (await post('/save').catch((failure: unknown) => failure)) as ApiError;
    expect(describeError(error)).toEqual({ message: 'Invalid data', description: '• A is wrong' });
  });

  it('turns a transport failure into an ApiError carrying the error text', async () => {
    mockFetch({ 'GET /api/permissions': () => new TypeError('Failed to fetch') });
    const error = (await get('/permissions').catch((failure: unknown) => failure)) as ApiError;
    expect(error.code).toBe(0);
    expect(error.isTransport).toBe(true);
    expect(error.message).toBe('Failed to fetch');
  });

  it('on response_code 401 clears permissions and storage and goes to the site root', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('listState:x', '1');
    queryClient.setQueryData(queryKeys.permissions, { name: 'cached' });
    mockFetch({
      'GET /api/accounts/1': () => ({ status: 401, body: envelope(null, 401, 'Session expired') }),
    });
    await expect(get('/accounts/1')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('listState:x')).toBeNull();
    expect(queryClient.getQueryData(queryKeys.permissions)).toBeUndefined();
  });

  it('does not sign out on a 401 from the sign-in call', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    localStorage.setItem('authToken', 'current');
    mockFetch({
      'POST /api/signIn': () => ({ status: 401, body: envelope(null, 401, 'Invalid credentials') }),
    });
    await expect(post('/signIn', {}, { authRedirect: false })).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBe('current');
  });

  it('keeps the remembered username when storage is cleared on 401', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    localStorage.setItem('rememberedUsername', 'alex');
    mockFetch({ 'GET /api/x': () => ({ status: 401, body: envelope(null, 401, 'Expired') }) });
    await get('/x').catch(() => undefined);
    expect(localStorage.getItem('rememberedUsername')).toBe('alex');
  });

  it('invalidates the permissions query once when a body says updatePermissions yes', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    mockFetch({
      'POST /api/save': () => ({ body: envelope(null, 200, 'Saved', { updatePermissions: 'yes' }) }),
    });
    await post('/save');
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.permissions });
  });

  it('reads the permissions again when the server refuses for a pending password change or a closed portal', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    mockFetch({
      'POST /api/refused': () => ({
        status: 403,
        body: envelope(null, 403, 'Your password has expired.', { error_code: 'password_change_required' }),
      }),
      'POST /api/forbidden': () => ({
        status: 403,
        body: envelope(null, 403, 'You do not have access to this.'),
      }),
    });
    const error = await post('/refused').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('password_change_required');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.permissions });
    invalidate.mockClear();
    await post('/forbidden').catch(() => undefined);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('resolves with the response_message beside response_data', async () => {
    mockFetch({ 'POST /api/forgotPassword': () => ok(null, 'A reset link has been sent.') });
    await expect(apiSend('POST', '/forgotPassword', { username: 'a' })).resolves.toEqual({
      data: null,
      message: 'A reset link has been sent.',
    });
  });
});
