import type {
  PatientAuditEntry,
  PatientCheck,
  PatientCheckRequest,
  PatientDetail,
  PatientInput,
  PatientMergePlan,
  PatientSearchRow,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';
import { useMutation } from './useMutation';

// The counter's patients: registering and changing them, their change history, and merging duplicates.
// The search and the patient's page read through `patients.ts`, under the same key.
const patientsKey = ['patients'] as const;

/** The number a new patient would get now; read afresh each time the form opens. */
export function useNextMrn() {
  return useQuery({
    queryKey: [...patientsKey, 'next-mrn'],
    queryFn: ({ signal }) => apiFetch<{ mrn: string }>('/api/patients/next-mrn', { signal }),
    staleTime: 0,
    meta: { staffOnly: true },
  });
}

/** The NIK's findings and possible duplicates of what the form holds; nothing is asked without a request. */
export function usePatientCheck(request: PatientCheckRequest | null) {
  return useQuery({
    queryKey: [...patientsKey, 'check', request],
    queryFn: ({ signal }) =>
      apiFetch<PatientCheck>('/api/patients/check', {
        method: 'POST',
        signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      }),
    enabled: request !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

/** The record as the SIMRS holds it, when it refused a change because it had changed the record first. */
export const simrsCurrent = (error: Error): PatientDetail | undefined =>
  error instanceof ApiError && error.code === 'SIMRS_CONFLICT' && error.current
    ? (error.current as unknown as PatientDetail)
    : undefined;

/** Registers a patient (id null) or changes one; the form shows refusals next to its fields. */
export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PatientInput }) =>
      id === null
        ? apiPost<PatientDetail>('/api/patients', input)
        : apiSend<PatientDetail>('PUT', `/api/patients/${id}`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData([...patientsKey, saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: patientsKey });
    },
    onError: (error, { id }) => {
      // Linked mode: the SIMRS changed the record first and wins; its values are the record's now.
      const current = simrsCurrent(error);
      if (id !== null && current) queryClient.setQueryData([...patientsKey, id], current);
    },
    meta: { inlineErrors: true },
  });
}

/** The patient's change history, newest first. */
export function usePatientAudit(id: number) {
  return useQuery({
    queryKey: [...patientsKey, id, 'audit'],
    queryFn: ({ signal }) => apiFetch<PatientAuditEntry[]>(`/api/patients/${id}/audit`, { signal }),
    meta: { staffOnly: true },
  });
}

/** A live patient by medical record number (exact; digits also without their leading zeros), or null. */
export function useFindByMrn() {
  return useMutation({
    mutationFn: async (mrn: string) => {
      const rows = await apiFetch<PatientSearchRow[]>(`/api/patients?${new URLSearchParams({ mrn })}`);
      return rows[0] ?? null;
    },
    meta: { inlineErrors: true },
  });
}

/** What merging `duplicateId` into the patient would move, and what stops it. */
export function useMergePreview(id: number, duplicateId: number | null) {
  return useQuery({
    queryKey: [...patientsKey, id, 'merge-preview', duplicateId],
    queryFn: ({ signal }) =>
      apiFetch<PatientMergePlan>(
        `/api/patients/${id}/merge-preview?${new URLSearchParams({ duplicateId: String(duplicateId) })}`,
        { signal },
      ),
    enabled: duplicateId !== null,
    staleTime: 0,
    meta: { staffOnly: true, inlineErrors: true },
  });
}

/** Merges a duplicate into the patient; every patient list and page is read again after. */
export function useMergePatient(id: number) {
  return useRefreshingMutation(
    (duplicateId: number) => apiPost<PatientDetail>(`/api/patients/${id}/merge`, { duplicateId }),
    [patientsKey],
  );
}
