import { addNamespace, type English } from '.';

/**
 * The dialog in which a logged-in staff member changes their own password (top bar), and the screen that
 * asks for a new one first (`required`: a password an admin set, or a weak legacy one).
 */
export const ownPassword = {
  title: 'Ganti Kata Sandi',
  intro: 'Sesi masuk Anda di perangkat lain diakhiri; sesi di sini tetap berjalan.',
  currentPassword: 'Kata sandi lama',
  newPasswordHelp: 'Minimal 8 karakter.',
  done: 'Kata sandi Anda diganti.',
  required: {
    title: 'Ganti Kata Sandi Anda Dulu',
    text: 'Kata sandi Anda diberikan oleh admin, atau berasal dari portal lama dan tidak memenuhi aturan portal ini (terlalu pendek, terlalu umum, atau memuat nama Anda). Buat kata sandi baru yang hanya Anda ketahui sebelum membuka meja kerja; sesudah itu halaman yang Anda tuju langsung terbuka.',
    handover:
      'Serah terima tugas piket/CS menerima kata sandi lama sampai Anda menggantinya; sesudahnya pakai kata sandi baru.',
    open: 'Buat kata sandi baru',
  },
} as const;

export const ownPasswordEn: English<typeof ownPassword> = {
  title: 'Change Password',
  intro: 'Your sessions on other devices are ended; the session here stays signed in.',
  currentPassword: 'Current password',
  newPasswordHelp: 'At least 8 characters.',
  done: 'Your password has been changed.',
  required: {
    title: 'Change Your Password First',
    text: 'Your password was given to you by an admin, or comes from the old portal and does not meet this portal’s rules (too short, too common, or containing your name). Set a new password only you know before opening a desk; the page you were going to opens right after.',
    handover:
      'The piket/CS duty handover accepts the old password until you change it; afterwards use the new one.',
    open: 'Set a new password',
  },
};

export const ownPasswordNs = addNamespace('ownPassword', ownPassword, ownPasswordEn);

declare module '.' {
  interface Resources {
    ownPassword: typeof ownPassword;
  }
}
