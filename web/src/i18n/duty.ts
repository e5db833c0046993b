import { addNamespace, type English } from '.';

/** The handover in the settings sidebar's duty cards. */
export const duty = {
  change: { piket: 'Ganti Petugas Piket', cs: 'Ganti Customer Service' },
  candidates: 'Pilih petugas pengganti:',
  noCandidates: 'Tidak ada petugas lain yang dapat dipilih.',
  prompt: 'Password : {{name}}',
  ok: 'Oke',
  cancel: 'Batal',
  passwordRequired: 'Password wajib diisi.',
  wrongPassword: 'Password salah.',
} as const;

export const dutyEn: English<typeof duty> = {
  change: { piket: 'Change On-Duty Officer', cs: 'Change Customer Service' },
  candidates: 'Choose the officer taking over:',
  noCandidates: 'There is no other officer to choose.',
  prompt: 'Password: {{name}}',
  ok: 'OK',
  cancel: 'Cancel',
  passwordRequired: 'Password is required.',
  wrongPassword: 'Wrong password.',
};

export const dutyNs = addNamespace('duty', duty, dutyEn);

declare module '.' {
  interface Resources {
    duty: typeof duty;
  }
}
