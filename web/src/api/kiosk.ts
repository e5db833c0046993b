import type {
  AdmissionTicket,
  AdmissionTicketKind,
  KioskSep,
  RegistrationStatusView,
} from '@portal/contract';

import { ApiError, apiFetch, apiPost } from './client';
import { useMutation } from './useMutation';

// The lobby kiosk (anjungan): check-in with the booking code through the booking engine's public route,
// and a walk-in patient's ticket for the admission counter. Errors are shown on the kiosk's own screen.

/** A refused check-in, with the booking when the code is known (cancelled, another day, checked in). */
export class CheckInRefused extends Error {
  readonly error: ApiError;
  readonly booking: RegistrationStatusView | null;

  constructor(error: ApiError, booking: RegistrationStatusView | null) {
    super(error.message);
    this.name = 'CheckInRefused';
    this.error = error;
    this.booking = booking;
  }
}

async function checkIn(code: string): Promise<RegistrationStatusView> {
  const path = `/api/registrations/${encodeURIComponent(code)}`;
  try {
    return await apiPost<RegistrationStatusView>(`${path}/check-in`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    // The code is known but its state refuses check-in: the booking tells the patient why (date, status).
    const booking = await apiFetch<RegistrationStatusView>(path).catch(() => null);
    throw new CheckInRefused(error, booking);
  }
}

export function useKioskCheckIn() {
  return useMutation({ mutationFn: checkIn, meta: { inlineErrors: true } });
}

export function useAdmissionTicket() {
  return useMutation({
    mutationFn: (kind: AdmissionTicketKind) =>
      apiPost<AdmissionTicket>('/api/public/admission-tickets', { kind }),
    meta: { inlineErrors: true },
  });
}

/** A returning JKN patient's SEP after check-in at the kiosk: issued, or why the counter must see to it. */
export function useKioskSep() {
  return useMutation({
    mutationFn: (code: string) => apiPost<KioskSep>(`/api/registrations/${encodeURIComponent(code)}/sep`),
    meta: { inlineErrors: true },
  });
}
