import { addNamespace, type English } from '../../i18n';

export const landing = {
  title: 'Selamat datang di {{name}}',
  intro: 'Layanan publik rumah sakit yang dapat Anda gunakan tanpa akun:',
  enter: 'Masuk ke portal',
} as const;

export const landingEn: English<typeof landing> = {
  title: 'Welcome to {{name}}',
  intro: 'The hospital’s public services, which you can use without an account:',
  enter: 'Enter the portal',
};

export const landingNs = addNamespace('landing', landing, landingEn);

declare module '../../i18n' {
  interface Resources {
    landing: typeof landing;
  }
}
