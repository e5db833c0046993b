import { CSRF_HEADER } from '@portal/contract';

// How the fault suites talk to a server process: plain HTTP over loopback, as a browser or a kiosk does.

export interface Answer {
  status: number;
  /** The body, parsed when it is JSON. */
  body: unknown;
  headers: Headers;
}

export interface Call {
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request; rejects only when no answer came (the connection was refused or cut). */
export async function send(base: string, method: string, path: string, call: Call = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, for the assertion that shows it.
  }
  return { status: res.status, body, headers: res.headers };
}

/** Logs a staff member in; the headers carry the session cookie and the CSRF token. */
export async function login(
  base: string,
  member: { username: string; password: string },
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password }),
  });
  const body = (await res.json()) as { csrfToken?: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('portal_sid='));
  if (res.status !== 200 || !cookie || !body.csrfToken) {
    throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return { cookie, [CSRF_HEADER]: body.csrfToken };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error envelope's `error`, when the body is one. */
export function envelopeOf(body: unknown): { code: string; message: string } | undefined {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : undefined;
}
