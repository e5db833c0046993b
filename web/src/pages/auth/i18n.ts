import { addNamespace, type English } from '../../i18n';

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

export const authEn: English<typeof auth> = {
  title: 'Staff Log In',
  username: 'Username',
  password: 'Password',
  submit: 'Log in',
  backToPortal: 'Back to the portal',
  signedInAs: 'You are already logged in as {{name}}.',
  logout: 'Log out',
  home: 'Go to Home',
  sessionEnded: 'Your session has expired or was ended by an admin. Please log in again.',
};

export const authNs = addNamespace('auth', auth, authEn);

declare module '../../i18n' {
  interface Resources {
    auth: typeof auth;
  }
}
