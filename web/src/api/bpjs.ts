import type {
  BpjsMapping,
  BpjsMappingInput,
  BpjsReference,
  BpjsScheduleList,
  JknCredentials,
  JknCredentialsInput,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiSend } from './client';
import { clinicAdminKey } from './clinicAdmin';
import { useMutation } from './useMutation';

// The admin's link to BPJS: the clinics and doctors mapped to BPJS's codes, BPJS's own lists to map and check
// them against, and the credentials the hospital gave BPJS for calling its Mobile JKN service.
const bpjsKey = ['bpjs'] as const;
const mappingKey = [...bpjsKey, 'mapping'] as const;
const schedulesKey = [...bpjsKey, 'schedules'] as const;
const credentialsKey = [...bpjsKey, 'jkn-credentials'] as const;

export function useBpjsMapping() {
  return useQuery({
    queryKey: mappingKey,
    queryFn: ({ signal }) => apiFetch<BpjsMapping>('/api/admin/bpjs/mapping', { signal }),
    meta: { staffOnly: true },
  });
}

/**
 * BPJS's poli and doctor lists, asked of BPJS only once the admin wants them (`enabled`). They change
 * rarely, so they are kept until the admin asks again; a failure (not configured, BPJS down) is shown
 * beside the button rather than retried, since each try waits on BPJS.
 */
export function useBpjsReference(enabled: boolean) {
  return useQuery({
    queryKey: [...bpjsKey, 'reference'],
    queryFn: ({ signal }) => apiFetch<BpjsReference>('/api/admin/bpjs/reference', { signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
    meta: { staffOnly: true, inlineErrors: true },
  });
}

/** BPJS's doctor schedules of one poli (its BPJS code) on a date, once both are chosen. */
export function useBpjsSchedules(check: { kodepoli: string; date: string } | null) {
  return useQuery({
    queryKey: [...schedulesKey, check?.kodepoli, check?.date],
    queryFn: ({ signal }) =>
      apiFetch<BpjsScheduleList>(`/api/admin/bpjs/schedules?${new URLSearchParams(check ?? {})}`, {
        signal,
      }),
    enabled: check !== null,
    retry: false,
    meta: { staffOnly: true, inlineErrors: true },
  });
}

/** Maps a clinic or a doctor to a BPJS code and name; a null code removes the mapping. */
export function useSaveBpjsMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, input }: { kind: 'clinic' | 'doctor'; id: number; input: BpjsMappingInput }) =>
      apiSend<void>('PUT', `/api/admin/bpjs/mapping/${kind}s/${id}`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mappingKey }),
        // A checked schedule tells which of the hospital's doctors has each BPJS code.
        queryClient.invalidateQueries({ queryKey: schedulesKey }),
        queryClient.invalidateQueries({ queryKey: clinicAdminKey }),
      ]),
    meta: { inlineErrors: true },
  });
}

/** The user name given to BPJS and when it was set; the password never comes back. */
export function useJknCredentials() {
  return useQuery({
    queryKey: credentialsKey,
    queryFn: ({ signal }) => apiFetch<JknCredentials>('/api/admin/jkn-credentials', { signal }),
    meta: { staffOnly: true },
  });
}

export function useSaveJknCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JknCredentialsInput) =>
      apiSend<JknCredentials>('PUT', '/api/admin/jkn-credentials', input),
    onSuccess: (saved) => queryClient.setQueryData(credentialsKey, saved),
    meta: { inlineErrors: true },
  });
}
