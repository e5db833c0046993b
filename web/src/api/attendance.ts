import type {
  AttendanceRecap,
  AttendanceShift,
  MyAttendance,
  RosterEligible,
  RosterEntry,
  RosterInput,
  RosterNow,
  TodayAttendance,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { downloadCsv } from './download';
import { useMutation } from './useMutation';

// Attendance (absensi) and the duty roster (piket).
const attendanceKey = ['attendance'] as const;
const rosterKey = ['roster'] as const;

/** My open shift and my shifts of this month. */
export function useMyAttendance() {
  return useQuery({
    queryKey: [...attendanceKey, 'me'],
    queryFn: ({ signal }) => apiFetch<MyAttendance>('/api/attendance/me', { signal }),
    staleTime: 0,
    meta: { staffOnly: true },
  });
}

/**
 * Clocking in or out. Afterwards everything about attendance is read again, also after a refusal: a 409
 * means the shift was opened or closed elsewhere (another device), and the button should show that.
 */
function useClock(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<AttendanceShift>(path),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKey }),
  });
}

export const useClockIn = () => useClock('/api/attendance/clock-in');
export const useClockOut = () => useClock('/api/attendance/clock-out');

export function useTodayAttendance() {
  return useQuery({
    queryKey: [...attendanceKey, 'today'],
    queryFn: ({ signal }) => apiFetch<TodayAttendance>('/api/attendance/today', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
    meta: { staffOnly: true },
  });
}

const recapSearch = (month: string) => new URLSearchParams({ month }).toString();

export function useAttendanceRecap(month: string) {
  return useQuery({
    queryKey: [...attendanceKey, 'recap', month],
    queryFn: ({ signal }) =>
      apiFetch<AttendanceRecap>(`/api/attendance/recap?${recapSearch(month)}`, { signal }),
    meta: { staffOnly: true },
  });
}

/** Downloads the month's recap as CSV; a refusal (session ended, bad month) is an error to show, not a file. */
export function useDownloadRecap() {
  return useMutation({
    mutationFn: (month: string) =>
      downloadCsv(`/api/attendance/recap.csv?${recapSearch(month)}`, `rekap-absensi-${month}.csv`),
  });
}

export function useRoster(from: string, to: string) {
  return useQuery({
    queryKey: [...rosterKey, 'range', from, to],
    queryFn: ({ signal }) =>
      apiFetch<RosterEntry[]>(`/api/roster?${new URLSearchParams({ from, to })}`, { signal }),
    meta: { staffOnly: true },
  });
}

/** The query of `useRosterNow`: a handover made in this portal reads it again at once (`useHandover`). */
export const rosterNowKey = [...rosterKey, 'now'] as const;

/** The current shift's plan next to who holds each post; polled, as handovers happen elsewhere. */
export function useRosterNow() {
  return useQuery({
    queryKey: rosterNowKey,
    queryFn: ({ signal }) => apiFetch<RosterNow>('/api/roster/now', { signal }),
    staleTime: 0,
    refetchInterval: 30_000,
    meta: { staffOnly: true },
  });
}

/** Whom an admin may plan, per post. */
export function useRosterEligible() {
  return useQuery({
    queryKey: [...rosterKey, 'eligible'],
    queryFn: ({ signal }) => apiFetch<RosterEligible>('/api/roster/eligible', { signal }),
    meta: { staffOnly: true },
  });
}

function useRosterMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
    // The dialog shows why (next to the person, or above the form).
    meta: { inlineErrors: true },
  });
}

export function useSetRoster() {
  return useRosterMutation((input: RosterInput) => apiSend<RosterEntry>('PUT', '/api/roster', input));
}

export function useRemoveRoster() {
  return useRosterMutation((id: number) => apiFetch<void>(`/api/roster/${id}`, { method: 'DELETE' }));
}
