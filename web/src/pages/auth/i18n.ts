import { addNamespace } from '../../i18n';

export const auth = {
  title: 'Masuk Petugas',
  username: 'Nama Pengguna',
  password: 'Kata Sandi',
  submit: 'Masuk',
  backToPortal: 'Kembali ke portal',
  signedInAs: 'Anda sudah masuk sebagai {{name}}.',
  logout: 'Keluar',
  home: 'Ke Beranda',
  sessionEnded: 'Sesi Anda telah berakhir atau diakhiri oleh admin. Silakan masuk kembali.',
} as const;

export const authNs = addNamespace('auth', auth);

declare module '../../i18n' {
  interface Resources {
    auth: typeof auth;
  }
}
