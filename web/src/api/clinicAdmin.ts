import type {
  AdminClinic,
  AdminDoctor,
  AdminSchedule,
  ClinicInput,
  ClosedDate,
  ClosedDateBookings,
  ClosedDateCreated,
  ClosedDateInput,
  DoctorInput,
  ScheduleInput,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { queueDeskKey } from './queueDesk';
import { useMutation } from './useMutation';

// Clinics, doctors, weekly schedules and closed dates: the reference data behind bookings and the queue desk.
export const clinicAdminKey = ['clinic-admin'] as const;

export function useAdminClinics() {
  return useQuery({
    queryKey: [...clinicAdminKey, 'clinics'],
    queryFn: ({ signal }) => apiFetch<AdminClinic[]>('/api/admin/clinics', { signal }),
    meta: { staffOnly: true },
  });
}

export function useAdminDoctors() {
  return useQuery({
    queryKey: [...clinicAdminKey, 'doctors'],
    queryFn: ({ signal }) => apiFetch<AdminDoctor[]>('/api/admin/doctors', { signal }),
    meta: { staffOnly: true },
  });
}

export function useAdminSchedules(clinicId: number | null) {
  return useQuery({
    queryKey: [...clinicAdminKey, 'schedules', clinicId],
    queryFn: ({ signal }) =>
      apiFetch<AdminSchedule[]>(
        `/api/admin/schedules?${new URLSearchParams({ clinicId: String(clinicId) })}`,
        {
          signal,
        },
      ),
    enabled: clinicId !== null,
    meta: { staffOnly: true },
  });
}

/** Closed dates from today on (the server's today). */
export function useClosedDates() {
  return useQuery({
    queryKey: [...clinicAdminKey, 'closed-dates'],
    queryFn: ({ signal }) => apiFetch<ClosedDate[]>('/api/admin/closed-dates', { signal }),
    meta: { staffOnly: true },
  });
}

/**
 * After any change the reference lists are read again, and so is the queue desk, whose sessions come from the
 * schedules. Dialogs show refusals next to their fields (`inlineErrors`); a deletion asked from a closed
 * confirmation has its refusal in the error toast.
 */
function useClinicAdminMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { inlineErrors = true } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clinicAdminKey }),
        queryClient.invalidateQueries({ queryKey: queueDeskKey }),
      ]),
    meta: { inlineErrors },
  });
}

/** Adds (id null) or changes one record of a reference list. */
function save<TInput, TResult>(path: string) {
  return ({ id, input }: { id: number | null; input: TInput }) =>
    id === null ? apiPost<TResult>(path, input) : apiSend<TResult>('PUT', `${path}/${id}`, input);
}

export function useSaveClinic() {
  return useClinicAdminMutation(save<ClinicInput, AdminClinic>('/api/admin/clinics'));
}

export function useSaveDoctor() {
  return useClinicAdminMutation(save<DoctorInput, AdminDoctor>('/api/admin/doctors'));
}

export function useSaveSchedule() {
  return useClinicAdminMutation(save<ScheduleInput, AdminSchedule>('/api/admin/schedules'));
}

/** How many waiting bookings closing the day would cancel: asked before the close, shown to confirm it. */
export function useClosingBookings() {
  return useMutation({
    mutationFn: ({ date, clinicId, doctorId }: ClosedDateInput) => {
      const day = new URLSearchParams({ date });
      if (clinicId !== null) day.set('clinicId', String(clinicId));
      if (doctorId !== null) day.set('doctorId', String(doctorId));
      return apiFetch<ClosedDateBookings>(`/api/admin/closed-dates/bookings?${day}`);
    },
    meta: { inlineErrors: true },
  });
}

export function useAddClosedDate() {
  return useClinicAdminMutation((input: ClosedDateInput) =>
    apiPost<ClosedDateCreated>('/api/admin/closed-dates', input),
  );
}

export function useDeleteClosedDate() {
  return useClinicAdminMutation(
    (id: number) => apiFetch<void>(`/api/admin/closed-dates/${id}`, { method: 'DELETE' }),
    { inlineErrors: false },
  );
}
