import { addNamespace } from '.';

/** The dialog that imports a CSV file (tariff books, ambulance tariffs). */
export const csvImport = {
  file: 'Berkas CSV',
  fileRequired: 'Pilih berkas CSV terlebih dahulu.',
  unreadable: 'Berkas tidak dapat dibaca. Simpan ulang sebagai CSV lalu coba lagi.',
} as const;

export const csvImportNs = addNamespace('csvImport', csvImport);

declare module '.' {
  interface Resources {
    csvImport: typeof csvImport;
  }
}
