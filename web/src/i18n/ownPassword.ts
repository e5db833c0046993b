import { addNamespace } from '.';

/** The dialog in which a logged-in staff member changes their own password (top bar). */
export const ownPassword = {
  title: 'Ganti Kata Sandi',
  intro: 'Sesi masuk Anda di perangkat lain diakhiri; sesi di sini tetap berjalan.',
  currentPassword: 'Kata sandi lama',
  newPassword: 'Kata sandi baru',
  newPasswordHelp: 'Minimal 8 karakter.',
  repeat: 'Ulangi kata sandi baru',
  mismatch: 'Kata sandi tidak sama.',
  done: 'Kata sandi Anda diganti.',
} as const;

export const ownPasswordNs = addNamespace('ownPassword', ownPassword);

declare module '.' {
  interface Resources {
    ownPassword: typeof ownPassword;
  }
}
