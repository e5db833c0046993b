import type {
  AdmitRequest,
  CurrentAdmission,
  DischargeRequest,
  stayDoctorSchema,
  TransferRequest,
  wardPatientSchema,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { bedsQueryKey } from './beds';
import { apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';

export const wardKey = ['ward'] as const;

/** A patient as the ward desk finds them, with the room of the current stay (code) if admitted. */
export type WardPatient = z.infer<typeof wardPatientSchema>;

/** Patients by medical record number (exact) or name (contains); asked only from 2 characters on. */
export function useWardPatients(q: string) {
  return useQuery({
    queryKey: [...wardKey, 'patients', q],
    queryFn: ({ signal }) =>
      apiFetch<WardPatient[]>(`/api/ward/patients?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

/** Current inpatients, of one room or all. */
export function useAdmissions(room: string | null, { enabled = true } = {}) {
  const search = room ? `?${new URLSearchParams({ room })}` : '';
  return useQuery({
    queryKey: [...wardKey, 'admissions', room],
    queryFn: ({ signal }) => apiFetch<CurrentAdmission[]>(`/api/ward/admissions${search}`, { signal }),
    enabled,
    meta: { staffOnly: true },
  });
}

/** A doctor a stay's DPJP is chosen from. */
export type StayDoctor = z.infer<typeof stayDoctorSchema>;

/** The active doctors, by name, for the DPJP. */
export function useWardDoctors() {
  return useQuery({
    queryKey: [...wardKey, 'doctors'],
    queryFn: ({ signal }) => apiFetch<StayDoctor[]>('/api/ward/doctors', { signal }),
    staleTime: 5 * 60_000,
    meta: { staffOnly: true },
  });
}

/** After any change the desk's lists and the beds are read again (the bed stream pushes the beds too). */
function useWardMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  options?: { inlineErrors?: boolean },
) {
  return useRefreshingMutation(mutationFn, [wardKey, bedsQueryKey], options);
}

export function useAdmit() {
  return useWardMutation(
    (request: AdmitRequest) => apiPost<CurrentAdmission>('/api/ward/admissions', request),
    { inlineErrors: true },
  );
}

export function useTransfer() {
  return useWardMutation(
    ({ admissionId, ...request }: TransferRequest & { admissionId: number }) =>
      apiPost<CurrentAdmission>(`/api/ward/admissions/${admissionId}/transfer`, request),
    { inlineErrors: true },
  );
}

export function useDischarge() {
  return useWardMutation(
    ({ admissionId, ...request }: DischargeRequest & { admissionId: number }) =>
      apiPost<void>(`/api/ward/admissions/${admissionId}/discharge`, request),
    { inlineErrors: true },
  );
}

export function useChangeDpjp() {
  return useWardMutation(
    ({ admissionId, dpjpId }: { admissionId: number; dpjpId: number | null }) =>
      apiSend<CurrentAdmission>('PUT', `/api/ward/admissions/${admissionId}/dpjp`, { dpjpId }),
    { inlineErrors: true },
  );
}
