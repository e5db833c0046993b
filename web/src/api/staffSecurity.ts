import type {
  OwnAttemptPage,
  PasswordCheckOutcome,
  PatientReadKind,
  PatientReadPage,
  SessionsEnded,
  StaffSession,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { useRefreshingMutation } from './queryClient';

// Staff security: an admin's view of each person's sessions, each person's own password checks, and the
// records officer's read audit.
const sessionsKey = ['staff-sessions'] as const;

/** The query string of a filter, the parts left out that are not set. */
function searchOf(values: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** The live sessions of a staff member (admin); asked while `staffId` is not null. */
export function useStaffSessions(staffId: number | null) {
  return useQuery({
    queryKey: [...sessionsKey, staffId],
    queryFn: ({ signal }) => apiFetch<StaffSession[]>(`/api/staff/${staffId}/sessions`, { signal }),
    enabled: staffId !== null,
    meta: { staffOnly: true },
  });
}

/** Ends one session of a staff member; the list is read again whatever the answer. */
export function useEndSession() {
  return useRefreshingMutation(
    ({ staffId, sessionId }: { staffId: number; sessionId: number }) =>
      apiFetch<void>(`/api/staff/${staffId}/sessions/${sessionId}`, { method: 'DELETE' }),
    [sessionsKey],
    { inlineErrors: false },
  );
}

/** Ends every session of a staff member (of one's own account, every other one). */
export function useEndAllSessions() {
  return useRefreshingMutation(
    (staffId: number) => apiFetch<SessionsEnded>(`/api/staff/${staffId}/sessions`, { method: 'DELETE' }),
    [sessionsKey],
    { inlineErrors: false },
  );
}

export interface OwnAttemptFilter {
  outcome: PasswordCheckOutcome | null;
  page: number;
  pageSize: number;
}

/** The logged-in staff member's own logins and failed attempts, newest first, a page at a time. */
export function useOwnAttempts(filter: OwnAttemptFilter) {
  return useQuery({
    queryKey: ['own-attempts', filter],
    queryFn: ({ signal }) =>
      apiFetch<OwnAttemptPage>(`/api/auth/attempts?${searchOf({ ...filter })}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

export interface PatientReadFilter {
  staff: string;
  patient: string;
  kind: PatientReadKind | null;
  from: string | null;
  to: string | null;
  page: number;
  pageSize: number;
}

/** Who read patients' data (the records officer's read audit), newest first, a page at a time. */
export function usePatientReads(filter: PatientReadFilter) {
  return useQuery({
    queryKey: ['patient-reads', filter],
    queryFn: ({ signal }) =>
      apiFetch<PatientReadPage>(`/api/patient-reads?${searchOf({ ...filter })}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}
