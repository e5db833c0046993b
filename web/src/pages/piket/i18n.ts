import { addNamespace, type English } from '../../i18n';

export const piket = {
  logTitle: 'Log Serah Terima',
  forbidden: 'Anda tidak berhak melihat log serah terima.',
  shifts: { pagi: 'Pagi', siang: 'Siang', malam: 'Malam' },
  now: {
    title: 'Sekarang',
    shift: 'Shift {{shift}}, {{date}} ({{hours}})',
    scheduled: 'Terjadwal',
    active: 'Bertugas',
    notScheduled: 'Tidak ada jadwal',
    nobody: 'Belum ada petugas',
    differs: 'Tidak sesuai jadwal',
    matches: 'Sesuai jadwal',
  },
  calendar: {
    title: 'Jadwal Piket',
    previous: 'Bulan sebelumnya',
    next: 'Bulan berikutnya',
    date: 'Tanggal',
    help: 'Pilih sel untuk menjadwalkan petugas atau menghapusnya.',
    cellLabel: '{{post}} shift {{shift}}, {{date}}: {{name}}',
    nobody: 'belum dijadwalkan',
    empty: '—',
    roles: { piket: 'Piket', cs: 'CS' },
  },
  dialog: {
    title: '{{post}}: shift {{shift}}, {{date}}',
    person: 'Petugas',
    choose: 'Pilih petugas',
    notEligible: '{{name}} (tidak lagi memenuhi syarat)',
    noCandidates: 'Belum ada petugas aktif dengan peran ini.',
    remove: 'Hapus dari jadwal',
    ended:
      'Shift ini sudah berakhir. Perubahan mengubah rekap absensi bulan itu (terlambat dan tidak hadir dihitung dari jadwal) dan tercatat di jejak akses.',
  },
  done: {
    saved: '{{name}} dijadwalkan sebagai {{post}} shift {{shift}}, {{date}}.',
    removed: '{{name}} dihapus dari jadwal {{post}} shift {{shift}}, {{date}}.',
  },
  filterLabel: 'Tugas',
  filterAll: 'Semua',
  empty: 'Belum ada catatan serah terima.',
  columns: {
    at: 'Waktu',
    role: 'Tugas',
    staff: 'Petugas',
    previous: 'Sebelumnya',
    outcome: 'Hasil',
    address: 'Alamat',
  },
  outcomes: { success: 'Berhasil', wrong_password: 'Password salah', throttled: 'Dibatasi' },
  none: '—',
} as const;

export const piketEn: English<typeof piket> = {
  logTitle: 'Handover Log',
  forbidden: 'You are not allowed to see the handover log.',
  shifts: { pagi: 'Morning', siang: 'Afternoon', malam: 'Night' },
  now: {
    title: 'Now',
    shift: '{{shift}} shift, {{date}} ({{hours}})',
    scheduled: 'Rostered',
    active: 'On duty',
    notScheduled: 'Nobody rostered',
    nobody: 'No officer yet',
    differs: 'Differs from the roster',
    matches: 'Matches the roster',
  },
  calendar: {
    title: 'Duty Roster',
    previous: 'Previous month',
    next: 'Next month',
    date: 'Date',
    help: 'Choose a cell to roster an officer or to remove them.',
    cellLabel: '{{post}} {{shift}} shift, {{date}}: {{name}}',
    nobody: 'not rostered yet',
    empty: '—',
    roles: { piket: 'On-duty officer', cs: 'CS' },
  },
  dialog: {
    title: '{{post}}: {{shift}} shift, {{date}}',
    person: 'Officer',
    choose: 'Choose an officer',
    notEligible: '{{name}} (no longer eligible)',
    noCandidates: 'There are no active staff with this role yet.',
    remove: 'Remove from the roster',
    ended:
      "This shift has ended. A change alters that month's attendance recap (lateness and absence are counted from the roster) and is recorded in the access log.",
  },
  done: {
    saved: '{{name}} rostered as {{post}} for the {{shift}} shift, {{date}}.',
    removed: '{{name}} removed from the {{post}} roster for the {{shift}} shift, {{date}}.',
  },
  filterLabel: 'Post',
  filterAll: 'All',
  empty: 'No handovers recorded yet.',
  columns: {
    at: 'Time',
    role: 'Post',
    staff: 'Officer',
    previous: 'Previous',
    outcome: 'Outcome',
    address: 'Address',
  },
  outcomes: {
    success: 'Succeeded',
    wrong_password: 'Wrong password',
    throttled: 'Blocked (too many attempts)',
  },
  none: '—',
};

export const piketNs = addNamespace('piket', piket, piketEn);

declare module '../../i18n' {
  interface Resources {
    piket: typeof piket;
  }
}
