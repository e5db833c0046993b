import { addNamespace } from '../../i18n';

export const piket = {
  logTitle: 'Log Serah Terima',
  loginRequired: 'Log serah terima hanya untuk petugas.',
  loginLink: 'Masuk untuk melihatnya',
  forbidden: 'Anda tidak berhak melihat log serah terima.',
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
