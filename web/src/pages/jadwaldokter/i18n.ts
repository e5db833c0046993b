import { addNamespace } from '../../i18n';

/** The public doctor timetable. */
export const jadwalDokter = {
  intro:
    'Jadwal praktik dokter di setiap poliklinik, hari libur dan cuti dokter dalam beberapa minggu ke depan, serta sisa kuota hari ini.',
  book: 'Daftar berobat',
  updated: 'Sisa kuota diperbarui otomatis setiap menit.',
  empty: 'Belum ada poliklinik yang menerima pendaftaran.',
  noDoctors: 'Belum ada jadwal dokter di poli ini.',
  clinicClosed: 'Poli tutup',
  columns: {
    doctor: 'Dokter',
    weekly: 'Hari dan jam praktik',
    today: 'Hari ini',
    leave: 'Libur / cuti',
  },
  hours: '{{day}} {{start}}–{{end}}',
  todayHours: '{{start}}–{{end}} WIB',
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

export const jadwalDokterNs = addNamespace('jadwalDokter', jadwalDokter);

declare module '../../i18n' {
  interface Resources {
    jadwalDokter: typeof jadwalDokter;
  }
}
