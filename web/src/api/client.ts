import type { ErrorResponse } from '@portal/contract';
// The zod-free entry: constants only, so the first view does not load the schemas.
import { CSRF_HEADER } from '@portal/contract/constants';
import i18n, { currentLanguage } from '../i18n';
import { id } from '../i18n/id';

type ApiErrorBody = ErrorResponse['error'];

// The token of the current staff session; the session query keeps it up to date (session.ts).
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * A failed API call. `message` is meant for the user (the server's Bahasa Indonesia; in English for the
 * codes that say it all); `status` is 0 when offline.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** With 409 `SIMRS_CONFLICT`: the record as it is now (the SIMRS changed it first). */
  readonly current?: Record<string, unknown>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
    this.current = body.current;
  }
}

export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await send(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Like apiFetch, with the response's headers (a patient search tells in them whether it was cut). */
export async function apiFetchWithHeaders<T>(
  path: string,
  init?: RequestInit,
): Promise<{ body: T; headers: Headers }> {
  const response = await send(path, init);
  return { body: (await response.json()) as T, headers: response.headers };
}

async function send(path: string, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const method = init?.method?.toUpperCase() ?? 'GET';
  if (csrfToken && method !== 'GET' && method !== 'HEAD') headers.set(CSRF_HEADER, csrfToken);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (error) {
    // A cancelled query is not a failure to report.
    if (init?.signal?.aborted) throw error;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: i18n.t('errors.network') });
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return response;
}

/** Sends `body` as JSON, or nothing when it is undefined (a JSON content type with no body is a 400). */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return apiFetch<T>(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

export const apiPost = <T>(path: string, body?: unknown): Promise<T> => apiSend<T>('POST', path, body);

/** The error a failed response describes, or a general one when it is not the API's envelope. */
export async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  // A gateway's own 502–504: the portal behind it is stopped or restarting, not failing.
  const gateway = response.status >= 502 && response.status <= 504;
  const fallback = {
    code: `HTTP_${response.status}`,
    message: i18n.t(gateway ? 'errors.unavailable' : 'errors.unexpected'),
  };
  try {
    const body: unknown = await response.json();
    return isErrorEnvelope(body) ? inLanguage(body.error) : fallback;
  } catch {
    // Not JSON: a proxy or gateway answered instead of the API.
    return fallback;
  }
}

type ServerErrorCode = keyof typeof id.errors.server;
const isWordedHere = (code: string): code is ServerErrorCode => code in id.errors.server;

/**
 * The server speaks Bahasa Indonesia only. In English, a refusal whose code says it all (a wrong password,
 * a taken username) is worded here, next to its fields too; any other keeps the server's words.
 */
function inLanguage(error: ApiErrorBody): ApiErrorBody {
  if (currentLanguage() === 'id' || !isWordedHere(error.code)) return error;
  const message = i18n.t(`errors.server.${error.code}`);
  const fields = error.fields && Object.fromEntries(Object.keys(error.fields).map((name) => [name, message]));
  return { ...error, message, ...(fields && { fields }) };
}

function isErrorEnvelope(body: unknown): body is { error: ApiErrorBody } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
