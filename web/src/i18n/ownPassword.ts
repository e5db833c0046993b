import { addNamespace } from '.';

/** The dialog in which a logged-in staff member changes their own password (top bar). */
export const ownPassword = {
  title: 'Ganti Kata Sandi',
  intro: 'Sesi masuk Anda di perangkat lain diakhiri; sesi di sini tetap berjalan.',
  currentPassword: 'Kata sandi lama',
  newPasswordHelp: 'Minimal 8 karakter.',
  done: 'Kata sandi Anda diganti.',
} as const;

export const ownPasswordNs = addNamespace('ownPassword', ownPassword);

declare module '.' {
  interface Resources {
    ownPassword: typeof ownPassword;
  }
}
