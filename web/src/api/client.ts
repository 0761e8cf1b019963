import {
  callPath,
  type Call,
  type CallData,
  type CallInput,
  type Envelope,
  type TValidationError,
} from '@compass/shared';
import { browser } from '../lib/browser';
import { clearStorage, getAuthToken } from '../lib/storage';
import { ApiError } from './errors';
import { queryClient, queryKeys } from './queryClient';

export { ApiError } from './errors';

export const API_BASE = '/api';

export interface RequestOptions {
  /**
   * On response_code 401, sign the user out and go to the site root (default true). The
   * sign-in calls turn it off: a 401 there is a wrong password, not an expired session.
   */
  authRedirect?: boolean;
  signal?: AbortSignal;
}

/** The success envelope, for callers that show the response_message too. */
export interface ApiResult<T> {
  data: T;
  message: string;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'response_code' in value &&
    typeof (value as { response_code: unknown }).response_code === 'number'
  );
}

/** 000 section 8: permissions cleared, local storage emptied, back to the site root. */
function handleUnauthorized(): void {
  queryClient.removeQueries({ queryKey: queryKeys.permissions });
  clearStorage();
  browser.assign('/');
}

/**
 * The one way the web client talks to the server. Resolves with the envelope's data and message
 * on response_code 200; otherwise throws an ApiError (code 0 for transport failures). Toasts are
 * shown by the query client's default onError or by the caller (see notifyError).
 */
export async function apiSend<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.authtoken = token;
  // Multipart bodies (files) carry their own boundary in the content type the browser sets.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ code: 0, message: error instanceof Error ? error.message : String(error) });
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  if (!isEnvelope(payload)) {
    const reason = response.statusText || `HTTP ${response.status}`;
    throw new ApiError({
      code: 0,
      status: response.status,
      message: `The server could not be reached (${reason}).`,
    });
  }

  const isPermissionsCall = path === '/permissions';
  // A refusal for the caller's state (a password change now pending, the supplier portal turned off)
  // means the permissions the screens show are stale: read them again so the guard and pages follow.
  const stateChanged =
    payload.error_code === 'password_change_required' || payload.error_code === 'supplier_portal_disabled';
  if ((payload.updatePermissions === 'yes' || stateChanged) && !isPermissionsCall) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.permissions });
  }

  if (payload.response_code !== 200) {
    if (payload.response_code === 401 && options.authRedirect !== false) handleUnauthorized();
    throw new ApiError({
      code: payload.response_code,
      status: response.status,
      message: payload.response_message,
      validationErrors: payload.validation_errors as TValidationError[] | undefined,
      data: payload.response_data,
      errorCode: payload.error_code,
    });
  }
  return { data: payload.response_data as T, message: payload.response_message };
}

export interface CallOptions extends RequestOptions {
  /** The page's link token, sent as `?authtoken=` on calls that serve link holders. */
  link?: string;
}

/** The address of a call: its path with the parameters filled in, and the query string. */
export function callUrl(
  call: Call,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown> },
  link?: string,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  if (link) search.set('authtoken', link);
  const query = search.toString();
  return `${callPath(call, input.params)}${query ? `?${query}` : ''}`;
}

/**
 * Makes one call of the API by its shared definition (shared/src/contracts): the method, path and
 * body shape come from the definition, so they cannot drift from the server's route.
 */
export function sendCall<C extends Call>(
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<ApiResult<CallData<C>>> {
  const parts = input as {
    body?: unknown;
    form?: FormData;
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
  };
  return apiSend<CallData<C>>(
    call.method,
    callUrl(call, parts, options.link),
    parts.form ?? parts.body,
    options,
  );
}

/** Like sendCall, resolving with response_data only. */
export async function callApi<C extends Call>(
  call: C,
  input: CallInput<C>,
  options?: CallOptions,
): Promise<CallData<C>> {
  return (await sendCall(call, input, options)).data;
}

/** A file answered by a call (a download, an image), with the session token; errors as ApiError. */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await fetchFileResponse(url, signal)).blob();
}

/** The answer of a file's path (with the session token), checked: a refusal throws its message. */
async function fetchFileResponse(url: string, signal?: AbortSignal): Promise<Response> {
  const token = getAuthToken();
  const response = await fetch(url, {
    credentials: 'include',
    headers: token ? { authtoken: token } : {},
    signal,
  });
  if (!response.ok) {
    let message = `The file could not be downloaded (HTTP ${response.status}).`;
    try {
      const body = (await response.json()) as { response_message?: string };
      if (body.response_message) message = body.response_message;
    } catch {
      // not an envelope
    }
    throw new ApiError({ code: response.status, status: response.status, message });
  }
  return response;
}

/**
 * Downloads a file by its path (with the session token) and hands it to the browser; `truncated`:
 * the server cut an export at its row limit (header x-export-truncated).
 */
export async function downloadFile(url: string, name: string): Promise<{ truncated: boolean }> {
  const response = await fetchFileResponse(url);
  saveBlob(await response.blob(), name);
  return { truncated: response.headers.get('x-export-truncated') === 'yes' };
}

/** Offers a file made in the browser (or downloaded) to save under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
