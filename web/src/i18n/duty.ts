import { addNamespace } from '.';

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

export const dutyNs = addNamespace('duty', duty);

declare module '.' {
  interface Resources {
    duty: typeof duty;
  }
}
