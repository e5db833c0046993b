import { addNamespace, type English } from '.';

/** The dialog that imports a CSV file (tariff books, ambulance tariffs). */
export const csvImport = {
  file: 'Berkas CSV',
  fileRequired: 'Pilih berkas CSV terlebih dahulu.',
  unreadable: 'Berkas tidak dapat dibaca. Simpan ulang sebagai CSV lalu coba lagi.',
} as const;

export const csvImportEn: English<typeof csvImport> = {
  file: 'CSV file',
  fileRequired: 'Choose a CSV file first.',
  unreadable: 'The file cannot be read. Save it again as CSV and try again.',
};

export const csvImportNs = addNamespace('csvImport', csvImport, csvImportEn);

declare module '.' {
  interface Resources {
    csvImport: typeof csvImport;
  }
}
