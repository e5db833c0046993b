import { addNamespace, type English } from '.';

/** A new password typed twice: changing one's own, or an admin's reset of someone else's. */
export const newPassword = {
  password: 'Kata sandi baru',
  repeat: 'Ulangi kata sandi baru',
  mismatch: 'Kata sandi tidak sama.',
} as const;

export const newPasswordEn: English<typeof newPassword> = {
  password: 'New password',
  repeat: 'Repeat new password',
  mismatch: 'The passwords do not match.',
};

export const newPasswordNs = addNamespace('newPassword', newPassword, newPasswordEn);

declare module '.' {
  interface Resources {
    newPassword: typeof newPassword;
  }
}
