import { addNamespace } from '../../i18n';

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

export const piketNs = addNamespace('piket', piket);

declare module '../../i18n' {
  interface Resources {
    piket: typeof piket;
  }
}
