import type { RegistrationStatus } from '@portal/contract/constants';
import { addNamespace } from '.';

/** Outpatient bookings: the public booking status page and the clinic queue desk. */
export const registration = {
  statuses: {
    BOOKED: 'Terdaftar',
    CHECKED_IN: 'Sudah check-in',
    CALLED: 'Dipanggil',
    SERVED: 'Selesai dilayani',
    CANCELLED: 'Dibatalkan',
    NO_SHOW: 'Tidak hadir',
  } satisfies Record<RegistrationStatus, string>,
} as const;

export const registrationNs = addNamespace('registration', registration);

declare module '.' {
  interface Resources {
    registration: typeof registration;
  }
}
