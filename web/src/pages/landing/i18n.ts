import { addNamespace } from '../../i18n';

export const landing = {
  title: 'Selamat datang di {{name}}',
  intro: 'Layanan publik rumah sakit yang dapat Anda gunakan tanpa akun:',
  enter: 'Masuk ke portal',
} as const;

export const landingNs = addNamespace('landing', landing);

declare module '../../i18n' {
  interface Resources {
    landing: typeof landing;
  }
}
