import type { LoginRequest, SessionInfo, StaffRole } from '@portal/contract';
import { type QueryCache, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_HINT_COOKIE } from '@portal/contract/constants';
import { ApiError, apiFetch, apiPost, setCsrfToken } from './client';
import { useMutation } from './useMutation';

const sessionQueryKey = ['session'] as const;
// Whether this browser's session ended without its user logging out here (ended by an admin, expired, or a
// password change elsewhere): the staff screens then send the user to log in again.
const sessionEndedKey = ['session-ended'] as const;
/** How often a staff session is checked while the page stays open, so that an ended one is noticed. */
const SESSION_CHECK_MS = 60_000;

export function hasStaffHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${STAFF_HINT_COOKIE}=`));
}

function clearStaffHint(): void {
  document.cookie = `${STAFF_HINT_COOKIE}=; Max-Age=0; Path=/`;
}

async function fetchSession(queryClient: QueryClient, signal: AbortSignal): Promise<SessionInfo | null> {
  try {
    return await apiFetch<SessionInfo>('/api/auth/me', { signal });
  } catch (error) {
    // An expired session means being logged out, which is not an error to show.
    if (error instanceof ApiError && error.status === 401) {
      clearStaffHint();
      queryClient.setQueryData(sessionEndedKey, true);
      return null;
    }
    throw error;
  }
}

/**
 * The logged-in staff member, or null. The server is asked only when the hint cookie says a session may
 * exist: for the public, a 401 on every page would be noise in the console and a wasted request.
 */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(queryClient, signal),
    enabled: hasStaffHint(),
    staleTime: 5 * 60_000,
    refetchInterval: (current) => (current.state.data ? SESSION_CHECK_MS : false),
  });
  return { session: query.data ?? null, isLoading: query.isLoading };
}

/**
 * Whether the staff member may use what `roles` may. Nobody may while they must set a new password first:
 * the server refuses them everything else, so the screens show them what they show the public.
 */
export function hasRole(session: SessionInfo | null, roles: readonly StaffRole[]): boolean {
  return (
    session !== null && !session.passwordChangeRequired && session.roles.some((role) => roles.includes(role))
  );
}

/**
 * The server says the staff member must set a new password first (their legacy one is weak, as an import
 * found while they worked): asking again who they are takes them to where they set it.
 */
export function recheckSession(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** The staff member set a new password: nothing holds them back any more (see hasRole). */
export function passwordChanged(queryClient: QueryClient): void {
  queryClient.setQueryData<SessionInfo | null>(sessionQueryKey, (session) => {
    if (!session) return session;
    const { passwordChangeRequired: _done, ...rest } = session;
    return rest;
  });
}

/**
 * Forgets the session the server no longer knows; the public view follows. `ended`: the server ended it
 * while it was in use here (not a logout), and the staff screens send the user to log in again.
 */
export function forgetSession(queryClient: QueryClient, { ended = false } = {}): void {
  clearStaffHint();
  queryClient.setQueryData(sessionQueryKey, null);
  if (ended) queryClient.setQueryData(sessionEndedKey, true);
}

/** Whether the session of this browser ended while in use (see forgetSession). */
export function useSessionEnded(): boolean {
  // Local state kept in the query cache: set by forgetSession, never fetched.
  const { data } = useQuery({
    queryKey: sessionEndedKey,
    queryFn: () => false,
    initialData: false,
    enabled: false,
  });
  return data;
}

/** Logged out here: the session and whatever staff saw are forgotten, for the next person at this browser. */
export function signedOut(queryClient: QueryClient): void {
  forgetSession(queryClient);
  queryClient.removeQueries({ predicate: (query) => query.meta?.staffOnly === true });
}

/** Keeps the CSRF token in client.ts in step with the session query, however that changes. */
export function trackCsrfToken(queryCache: QueryCache): void {
  queryCache.subscribe(({ query }) => {
    if (query.queryKey[0] !== sessionQueryKey[0]) return;
    const session = query.state.data as SessionInfo | null | undefined;
    setCsrfToken(session?.csrfToken ?? null);
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiPost<SessionInfo>('/api/auth/login', credentials),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionEndedKey, false);
      queryClient.setQueryData(sessionQueryKey, session);
    },
    meta: { inlineErrors: true },
  });
}

export function useLogout(onLoggedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiPost<void>('/api/auth/logout');
      } catch (error) {
        // The session had ended already; logging out has nothing left to do on the server.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      signedOut(queryClient);
      onLoggedOut();
    },
  });
}
