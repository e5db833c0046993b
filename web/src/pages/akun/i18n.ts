import { addNamespace, type English } from '../../i18n';

/** The own-account page: one's logins and the failed attempts at one's password. */
export const akun = {
  title: 'Riwayat Masuk',
  intro:
    'Setiap kali kata sandi Anda diperiksa: saat masuk portal, saat serah terima tugas, dan saat mengganti kata sandi. Bila ada percobaan gagal yang bukan dari Anda, segera ganti kata sandi (tombol kunci di kanan atas) dan beri tahu admin.',
  filter: 'Hasil',
  empty: 'Belum ada riwayat.',
  columns: { at: 'Waktu', kind: 'Jenis', outcome: 'Hasil', address: 'Alamat' },
  kinds: { login: 'Masuk portal', handover: 'Serah terima tugas', password: 'Ganti kata sandi' },
  outcomes: {
    success: 'Berhasil',
    failed: 'Gagal (kata sandi salah)',
    throttled: 'Ditolak (terlalu banyak percobaan)',
  },
} as const;

export const akunEn: English<typeof akun> = {
  title: 'Login History',
  intro:
    'Every time your password was checked: when logging in to the portal, at a duty handover and when changing your password. If a failed attempt was not yours, change your password at once (the key button at the top right) and tell an admin.',
  filter: 'Outcome',
  empty: 'No history yet.',
  columns: { at: 'Time', kind: 'Kind', outcome: 'Outcome', address: 'Address' },
  kinds: { login: 'Portal login', handover: 'Duty handover', password: 'Password change' },
  outcomes: {
    success: 'Succeeded',
    failed: 'Failed (wrong password)',
    throttled: 'Refused (too many attempts)',
  },
};

export const akunNs = addNamespace('akun', akun, akunEn);

declare module '../../i18n' {
  interface Resources {
    akun: typeof akun;
  }
}
