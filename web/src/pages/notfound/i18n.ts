import { addNamespace, type English } from '../../i18n';

// Title and text are the legacy portal's, in English as it had them.
export const notFound = {
  title: 'Not Found',
  text: 'Requested resource is not available.',
  home: 'Kembali ke Beranda',
} as const;

export const notFoundEn: English<typeof notFound> = {
  title: 'Not Found',
  text: 'Requested resource is not available.',
  home: 'Back to Home',
};

export const notFoundNs = addNamespace('notFound', notFound, notFoundEn);

declare module '../../i18n' {
  interface Resources {
    notFound: typeof notFound;
  }
}
