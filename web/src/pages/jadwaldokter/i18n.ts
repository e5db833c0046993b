import { addNamespace, type English } from '../../i18n';

/** The public doctor timetable. */
export const jadwalDokter = {
  intro:
    'Jadwal praktik dokter di setiap poliklinik, hari libur dan cuti dokter dalam beberapa minggu ke depan, serta sisa kuota hari ini.',
  book: 'Daftar berobat',
  updated: 'Sisa kuota diperbarui otomatis setiap menit.',
  empty: 'Belum ada poliklinik yang menerima pendaftaran.',
  noDoctors: 'Belum ada jadwal dokter di poli ini.',
  clinic: 'Poli',
  allClinics: 'Semua poli',
  clinicClosed: 'Poli tutup',
  columns: {
    doctor: 'Dokter',
    weekly: 'Hari dan jam praktik',
    today: 'Hari ini',
    leave: 'Libur / cuti',
  },
  hours: '{{day}} {{start}}–{{end}}',
  todayHours: '{{start}}–{{end}} {{zone}}',
  quotaJkn: 'Sisa kuota JKN: {{remaining}} dari {{quota}}',
  quotaNonJkn: 'Sisa kuota non-JKN: {{remaining}} dari {{quota}}',
  ended: 'Jam praktik sudah berakhir',
  notToday: 'Tidak praktik hari ini',
  noLeave: '—',
  weekdays: {
    '1': 'Senin',
    '2': 'Selasa',
    '3': 'Rabu',
    '4': 'Kamis',
    '5': 'Jumat',
    '6': 'Sabtu',
    '7': 'Minggu',
  },
} as const;

export const jadwalDokterEn: English<typeof jadwalDokter> = {
  intro:
    'Doctors’ clinic hours in every clinic, holidays and doctors’ leave over the coming weeks, and today’s remaining places.',
  book: 'Book a visit',
  updated: 'Remaining places are updated automatically every minute.',
  empty: 'No clinic is taking bookings yet.',
  noDoctors: 'No doctor is scheduled in this clinic yet.',
  clinic: 'Clinic',
  allClinics: 'All clinics',
  clinicClosed: 'Clinic closed',
  columns: {
    doctor: 'Doctor',
    weekly: 'Days and hours',
    today: 'Today',
    leave: 'Holiday / leave',
  },
  hours: '{{day}} {{start}}–{{end}}',
  todayHours: '{{start}}–{{end}} {{zone}}',
  quotaJkn: 'JKN places left: {{remaining}} of {{quota}}',
  quotaNonJkn: 'Non-JKN places left: {{remaining}} of {{quota}}',
  ended: 'Clinic hours are over',
  notToday: 'Not in clinic today',
  noLeave: '—',
  weekdays: {
    '1': 'Monday',
    '2': 'Tuesday',
    '3': 'Wednesday',
    '4': 'Thursday',
    '5': 'Friday',
    '6': 'Saturday',
    '7': 'Sunday',
  },
};

export const jadwalDokterNs = addNamespace('jadwalDokter', jadwalDokter, jadwalDokterEn);

declare module '../../i18n' {
  interface Resources {
    jadwalDokter: typeof jadwalDokter;
  }
}
