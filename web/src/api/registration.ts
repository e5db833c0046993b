import type {
  Clinic,
  ClinicSchedule,
  DeskRegistrationRequest,
  PublicDoctorSchedules,
  RegistrationCreated,
  RegistrationDate,
  RegistrationRequest,
  RegistrationStatusView,
} from '@portal/contract';
import type { RegistrationStatus } from '@portal/contract/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { useRefreshingMutation } from './queryClient';
import { useMutation } from './useMutation';
import { queueDeskKey } from './queueDesk';

// Outpatient registration for the public: the clinics, their open dates and sessions, booking, and the
// booking's status page (check-in and cancellation with the booking code).
const registrationKey = ['registration'] as const;
const statusKey = [...registrationKey, 'status'] as const;

/** How often the status page asks again while the booking is still waiting its turn. */
export const REGISTRATION_REFETCH_MS = 30_000;
/** How often the public doctor timetable reads the places left again. */
export const DOCTOR_SCHEDULES_REFETCH_MS = 60_000;

/** Bookings that still move: the status page follows the queue for them. */
const activeStatuses: readonly RegistrationStatus[] = ['BOOKED', 'CHECKED_IN', 'CALLED'];

export function useClinics() {
  return useQuery({
    queryKey: [...registrationKey, 'clinics'],
    queryFn: ({ signal }) => apiFetch<Clinic[]>('/api/clinics', { signal }),
  });
}

/** The booking window of a clinic, day by day: open, or closed with the reason. */
export function useRegistrationDates(clinicId: number | null) {
  return useQuery({
    queryKey: [...registrationKey, 'dates', clinicId],
    queryFn: ({ signal }) =>
      apiFetch<RegistrationDate[]>(
        `/api/public/registration-dates?${new URLSearchParams({ clinicId: String(clinicId) })}`,
        { signal },
      ),
    enabled: clinicId !== null,
  });
}

/** The public doctor timetable; the places left today move with every booking, so it is read every minute. */
export function usePublicDoctorSchedules() {
  return useQuery({
    queryKey: [...registrationKey, 'timetable'],
    queryFn: ({ signal }) => apiFetch<PublicDoctorSchedules>('/api/public/doctor-schedules', { signal }),
    refetchInterval: DOCTOR_SCHEDULES_REFETCH_MS,
  });
}

/** The doctors' sessions of a clinic on a date, with the quota left; read afresh, as others book meanwhile. */
export function useClinicSchedules(clinicId: number | null, date: string | null) {
  return useQuery({
    queryKey: [...registrationKey, 'schedules', clinicId, date],
    queryFn: ({ signal }) =>
      apiFetch<ClinicSchedule[]>(
        `/api/clinics/${clinicId}/schedules?${new URLSearchParams({ date: date ?? '' })}`,
        { signal },
      ),
    enabled: clinicId !== null && date !== null,
    staleTime: 0,
  });
}

export function useCreateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RegistrationRequest) => apiPost<RegistrationCreated>('/api/registrations', request),
    // Booked or refused (quota full, date closed meanwhile): the quota and dates shown may have changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...registrationKey, 'schedules'] }),
        queryClient.invalidateQueries({ queryKey: [...registrationKey, 'dates'] }),
      ]),
    meta: { inlineErrors: true },
  });
}

/**
 * A booking made by a clerk at the registration counter. Booked or refused, the places left, the queue desk
 * and the patient's bookings may have changed.
 */
export function useCreateDeskRegistration(patientId: number) {
  return useRefreshingMutation(
    (request: DeskRegistrationRequest) => apiPost<RegistrationCreated>('/api/desk/registrations', request),
    [
      [...registrationKey, 'schedules'],
      [...registrationKey, 'dates'],
      queueDeskKey,
      // The patient page's list of bookings (api/patients.ts).
      ['patients', patientId, 'registrations'],
    ],
  );
}

/** A booking by its code; followed every 30 s until it is served, cancelled or missed. */
export function useRegistrationStatus(code: string) {
  return useQuery({
    queryKey: [...statusKey, code],
    queryFn: ({ signal }) =>
      apiFetch<RegistrationStatusView>(`/api/registrations/${encodeURIComponent(code)}`, { signal }),
    enabled: code !== '',
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && activeStatuses.includes(status) ? REGISTRATION_REFETCH_MS : false;
    },
    meta: { inlineErrors: true },
  });
}

/** Check-in on the day, or cancellation before it, by whoever holds the booking code. */
export function useRegistrationAction(code: string, action: 'check-in' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost<RegistrationStatusView>(`/api/registrations/${encodeURIComponent(code)}/${action}`),
    // The page looked the booking up by the code as typed (any case, dash optional): every lookup of it.
    onSuccess: (view) =>
      queryClient.setQueriesData<RegistrationStatusView>({ queryKey: statusKey }, (shown) =>
        shown?.bookingCode === view.bookingCode ? view : shown,
      ),
    meta: { inlineErrors: true },
  });
}
