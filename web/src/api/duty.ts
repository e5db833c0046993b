import type { DutyLogResponse, DutyResponse, DutyRole, Officer } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { rosterNowKey } from './attendance';
import { ApiError, apiFetch, apiPost } from './client';
import { useMutation } from './useMutation';

const dutyQueryKey = ['duty'] as const;
const candidatesQueryKey = ['duty', 'candidates'] as const;
const logQueryKey = ['duty', 'log'] as const;

/** Who is on duty now. Polled, so that every open portal shows a handover made elsewhere within seconds. */
export function useDuty() {
  return useQuery({
    queryKey: dutyQueryKey,
    queryFn: ({ signal }) => apiFetch<DutyResponse>('/api/duty', { signal }),
    staleTime: 0,
    refetchInterval: 5000,
    refetchOnWindowFocus: true,
  });
}

export function useCandidates(role: DutyRole, enabled: boolean) {
  return useQuery({
    queryKey: [...candidatesQueryKey, role],
    queryFn: ({ signal }) => apiFetch<Officer[]>(`/api/duty/${role}/candidates`, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useHandover(role: DutyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { staffId: number; password: string }) =>
      apiPost<Officer>(`/api/duty/${role}/handover`, request),
    onSuccess: (officer) => {
      queryClient.setQueryData<DutyResponse>(dutyQueryKey, (duty) => ({
        piket: null,
        cs: null,
        ...duty,
        [role]: officer,
      }));
      void queryClient.invalidateQueries({ queryKey: candidatesQueryKey });
      // The duty page's "who holds each post" beside the roster.
      void queryClient.invalidateQueries({ queryKey: rosterNowKey });
    },
    onError: (error) => {
      // The chosen person is no longer a candidate (taken over meanwhile, or no longer eligible).
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: dutyQueryKey });
      }
    },
    onSettled: () => {
      // Failed attempts are logged too.
      void queryClient.invalidateQueries({ queryKey: logQueryKey });
    },
    meta: { inlineErrors: true },
  });
}

export interface DutyLogParams {
  page: number;
  pageSize: number;
  role: DutyRole | null;
}

export function useDutyLog({ page, pageSize, role }: DutyLogParams) {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (role) search.set('role', role);
  return useQuery({
    queryKey: [...logQueryKey, { page, pageSize, role }],
    queryFn: ({ signal }) => apiFetch<DutyLogResponse>(`/api/duty/log?${search}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}
