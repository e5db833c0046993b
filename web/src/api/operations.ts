import type {
  Operation,
  OperationFilter,
  OperationInput,
  OperationPatient,
  OperationStatus,
  PublicOperatingSchedule,
  Surgeon,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';
import { useMutation } from './useMutation';

// The operating-room schedule of the theatre staff.
const operationsKey = ['operations'] as const;

/** How often the waiting area's operating board reads the day again: the schedule has no event stream. */
export const OPERATING_BOARD_POLL_MS = 30_000;

/** Today's operating list without anything about the patients, for the waiting area's board. */
export function usePublicOperatingSchedule() {
  return useQuery({
    queryKey: ['public', 'operating-schedule'],
    queryFn: ({ signal }) => apiFetch<PublicOperatingSchedule>('/api/public/operating-schedule', { signal }),
    refetchInterval: OPERATING_BOARD_POLL_MS,
  });
}

/** A day's operations in queue order, all of them or those of one state (`Batal`: the cancelled ones). */
export function useOperations(date: string, status: OperationFilter | null) {
  const query = new URLSearchParams({ date, ...(status ? { status } : {}) });
  return useQuery({
    queryKey: [...operationsKey, 'day', date, status],
    queryFn: ({ signal }) => apiFetch<Operation[]>(`/api/operations?${query}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

/** Patients by medical record number (exact) or name (contains); asked only from 2 characters on. */
export function useOperationPatients(q: string) {
  return useQuery({
    queryKey: [...operationsKey, 'patients', q],
    queryFn: ({ signal }) =>
      apiFetch<OperationPatient[]>(`/api/operations/patients?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

export function useSurgeons() {
  return useQuery({
    queryKey: [...operationsKey, 'surgeons'],
    queryFn: ({ signal }) => apiFetch<Surgeon[]>('/api/operations/surgeons', { signal }),
    staleTime: 5 * 60_000,
    meta: { staffOnly: true },
  });
}

/**
 * After any change the day lists are read again. Forms show refusals next to their fields
 * (`inlineErrors`); the buttons of the table have theirs in the error toast.
 */
function useOperationMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  options?: { inlineErrors?: boolean },
) {
  return useRefreshingMutation(mutationFn, [[...operationsKey, 'day']], options);
}

/** Adds (id null) or changes a waiting operation. */
export function useSaveOperation() {
  return useOperationMutation(
    ({ id, input }: { id: number | null; input: OperationInput }) =>
      id === null
        ? apiPost<Operation>('/api/operations', input)
        : apiSend<Operation>('PUT', `/api/operations/${id}`, input),
    { inlineErrors: true },
  );
}

/** The new order shows at once: the answer is the whole day's list. */
export function useReorderOperations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { date: string; ids: number[] }) =>
      apiPost<Operation[]>('/api/operations/reorder', request),
    onSuccess: (list, { date }) => queryClient.setQueryData([...operationsKey, 'day', date, null], list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...operationsKey, 'day'] }),
  });
}

export function useMoveOperation() {
  return useOperationMutation(
    ({ id, status }: { id: number; status: OperationStatus }) =>
      apiPost<Operation>(`/api/operations/${id}/status`, { status }),
    { inlineErrors: false },
  );
}

export function useCancelOperation() {
  return useOperationMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiPost<Operation>(`/api/operations/${id}/cancel`, { reason }),
    { inlineErrors: true },
  );
}
