import { type Mock, vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path and query, e.g. `/api/duty/log?page=1`. */
  url: string;
  headers: Headers;
  body: unknown;
}

/** What a route answers: a body for 200, or a full Response. */
type Route = (request: MockRequest) => unknown;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

// What the shell and the dashboard read on every page; a test about them states its own answers.
const defaults: Record<string, Route> = {
  'GET /api/health': () => ({ status: 'ok', database: 'pglite', timeZone: 'Asia/Jakarta' }),
  'GET /api/beds': () => ({ updatedAt: null, rooms: [], classes: [] }),
  'GET /api/duty': () => ({ piket: null, cs: null }),
  'GET /api/ward/admissions': () => [],
  'GET /api/queue/board': () => ({ date: '2026-11-21', clinics: [], counters: [], pharmacy: [] }),
  // The shell asks for every logged-in staff member; standalone unless a test links it.
  'GET /api/system/simrs': () => ({ linked: false, syncedAt: null, lastError: null, lastErrorAt: null }),
};

function toRequest(input: RequestInfo | URL, init?: RequestInit): MockRequest {
  const headers = new Headers(init?.headers);
  const body = typeof init?.body === 'string' ? init.body : undefined;
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    headers,
    // JSON parsed; anything else (a CSV file) as the text sent.
    body: body !== undefined && headers.get('Content-Type') === 'application/json' ? JSON.parse(body) : body,
  };
}

/**
 * Linked mode (`mockApi({ ...linkedSimrs, … })`): the SIMRS owns the mirrored data, and the copy is current, so
 * that the shell's freshness notice stays quiet.
 */
export const linkedSimrs: Record<string, Route> = {
  'GET /api/system/simrs': () => ({
    linked: true,
    syncedAt: new Date().toISOString(),
    lastError: null,
    lastErrorAt: null,
  }),
};

const keyOf = (request: MockRequest) => `${request.method} ${request.url.split('?')[0]}`;

/**
 * Stubs fetch with the API's routes, keyed `METHOD /path` (without the query). A request no route
 * expects fails with a message naming it, so that a test shows it in the error toast.
 */
export function mockApi(routes: Record<string, Route>): Mock<typeof fetch> {
  const all = { ...defaults, ...routes };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = toRequest(input, init);
    const route = all[keyOf(request)];
    if (!route) return apiError(599, 'NO_MOCK', `no mock for ${keyOf(request)}`);
    const answer = await route(request);
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made to `METHOD /path`, in order. */
export function requestsTo(fetchMock: Mock<typeof fetch>, key: string): MockRequest[] {
  return fetchMock.mock.calls.map(([input, init]) => toRequest(input, init)).filter((r) => keyOf(r) === key);
}
