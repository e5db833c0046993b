import { addNamespace, type English } from '.';

/** The dialog in which a logged-in staff member changes their own password (top bar). */
export const ownPassword = {
  title: 'Ganti Kata Sandi',
  intro: 'Sesi masuk Anda di perangkat lain diakhiri; sesi di sini tetap berjalan.',
  currentPassword: 'Kata sandi lama',
  newPasswordHelp: 'Minimal 8 karakter.',
  done: 'Kata sandi Anda diganti.',
} as const;

export const ownPasswordEn: English<typeof ownPassword> = {
  title: 'Change Password',
  intro: 'Your sessions on other devices are ended; the session here stays signed in.',
  currentPassword: 'Current password',
  newPasswordHelp: 'At least 8 characters.',
  done: 'Your password has been changed.',
};

export const ownPasswordNs = addNamespace('ownPassword', ownPassword, ownPasswordEn);

declare module '.' {
  interface Resources {
    ownPassword: typeof ownPassword;
  }
}
