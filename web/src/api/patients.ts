import {
  type InpatientVisit,
  type OutpatientVisit,
  type PatientDetail,
  type PatientRegistrationPage,
  type PatientSearchField,
  type PatientSearchRow,
  type PatientVisit,
  RESULT_TRUNCATED_HEADER,
  type VisitDetail,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchWithHeaders } from './client';
import { useMutation } from './useMutation';

const patientsKey = ['patients'] as const;

export interface PatientSearch {
  field: PatientSearchField;
  term: string;
}

export interface PatientSearchResult {
  patients: PatientSearchRow[];
  /** More patients matched than the server returns (200): the search should be narrowed. */
  truncated: boolean;
}

/**
 * Patients matching one criterion, or (`q`) the counter's single box, whose criteria the server decides from
 * the term; asked only once the search has been submitted.
 */
export function usePatientSearch(search: PatientSearch | { field: 'q'; term: string } | null) {
  return useQuery({
    queryKey: [...patientsKey, 'search', search],
    queryFn: async ({ signal }): Promise<PatientSearchResult> => {
      const params = new URLSearchParams(search ? { [search.field]: search.term } : {});
      const { body, headers } = await apiFetchWithHeaders<PatientSearchRow[]>(`/api/patients?${params}`, {
        signal,
      });
      return { patients: body, truncated: headers.get(RESULT_TRUNCATED_HEADER) === 'true' };
    },
    enabled: search !== null,
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

export function usePatient(id: number) {
  return useQuery({
    queryKey: [...patientsKey, id],
    queryFn: ({ signal }) => apiFetch<PatientDetail>(`/api/patients/${id}`, { signal }),
    // The page says "not found" itself.
    meta: { staffOnly: true, inlineErrors: true },
  });
}

export function useRecentVisits(id: number) {
  return useQuery({
    queryKey: [...patientsKey, id, 'visits'],
    queryFn: ({ signal }) => apiFetch<PatientVisit[]>(`/api/patients/${id}/visits`, { signal }),
    meta: { staffOnly: true },
  });
}

export interface OutpatientFilter {
  from: string;
  to: string;
  clinicId: number | null;
  /** '' all, '0' without a vaccination, '1' with one. */
  vaccination: '' | '0' | '1';
  includeCancelled: boolean;
}

export function useOutpatientHistory(id: number, filter: OutpatientFilter) {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.clinicId !== null) params.set('clinicId', String(filter.clinicId));
  if (filter.vaccination) params.set('vaccination', filter.vaccination);
  if (filter.includeCancelled) params.set('includeCancelled', 'true');
  return useQuery({
    queryKey: [...patientsKey, id, 'outpatient', filter],
    queryFn: ({ signal }) =>
      apiFetch<OutpatientVisit[]>(`/api/patients/${id}/outpatient-visits?${params}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

export interface InpatientFilter {
  from: string;
  to: string;
  roomCode: string;
}

export function useInpatientHistory(id: number, filter: InpatientFilter) {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.roomCode) params.set('roomCode', filter.roomCode);
  return useQuery({
    queryKey: [...patientsKey, id, 'inpatient', filter],
    queryFn: ({ signal }) =>
      apiFetch<InpatientVisit[]>(`/api/patients/${id}/inpatient-visits?${params}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

/** A patient's bookings from every channel, newest first, one page at a time (`page` from 1). */
export function usePatientRegistrations(id: number, page: number, pageSize: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return useQuery({
    queryKey: [...patientsKey, id, 'registrations', page, pageSize],
    queryFn: ({ signal }) =>
      apiFetch<PatientRegistrationPage>(`/api/patients/${id}/registrations?${params}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

/** A visit by its registration number; the dialog says "not found" itself. */
export function useVisit(registrationNo: string | null) {
  return useQuery({
    queryKey: [...patientsKey, 'visit', registrationNo],
    queryFn: ({ signal }) =>
      apiFetch<VisitDetail>(`/api/visits/${encodeURIComponent(registrationNo ?? '')}`, { signal }),
    enabled: registrationNo !== null,
    meta: { staffOnly: true, inlineErrors: true },
  });
}

/** Looks a visit up once, for the "open by registration number" box, which shows a refusal itself. */
export function useFindVisit() {
  return useMutation({
    mutationFn: (registrationNo: string) =>
      apiFetch<VisitDetail>(`/api/visits/${encodeURIComponent(registrationNo)}`),
    meta: { inlineErrors: true },
  });
}
