import type { ClinicSchedule, RegistrationCreated, RegistrationDate } from '@portal/contract';

// One clinic's bookable days and sessions and the ticket a booking gets, as the website's booking form
// and the counter's screen are shown them.

export const bookingClinics = [
  { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' },
  { id: 2, code: 'ANA', name: 'Poli Anak' },
];

export const bookingDates: RegistrationDate[] = [
  { date: '2026-12-07', open: true, reason: null },
  { date: '2026-12-08', open: true, reason: null },
  { date: '2026-12-25', open: false, reason: 'Libur Nasional: Hari Raya Natal' },
];

/** dr. Andi Wijaya's morning session, with places left, unless changed. */
export const clinicSession = (changes: Partial<ClinicSchedule>): ClinicSchedule => ({
  id: 11,
  doctor: { id: 5, name: 'dr. Andi Wijaya, Sp.PD' },
  start: '08:00',
  end: '12:00',
  quotaJkn: 20,
  remainingJkn: 7,
  quotaNonJkn: 10,
  remainingNonJkn: 4,
  minutesPerPatient: 10,
  bookable: true,
  ...changes,
});

/** Siti Aminah's JKN place in dr. Sri Lestari's afternoon session on Monday 7 December. */
export const bookingTicket: RegistrationCreated = {
  bookingCode: '7KQ4-9XHT',
  queueNumber: 'INT-012',
  queueSeq: 12,
  estimatedAt: '2026-12-07T07:50:00.000Z',
  clinic: bookingClinics[0]!,
  doctor: { id: 6, name: 'dr. Sri Lestari, Sp.PD' },
  date: '2026-12-07',
  start: '13:00',
  end: '16:00',
  payer: 'JKN',
  status: 'BOOKED',
  mrn: '00123456',
  patientName: 'Siti Aminah',
  newPatient: false,
};
