import { addNamespace } from '../../i18n';

export const tarifAmbulance = {
  search: 'Cari tujuan atau keterangan',
  searchPlaceholder: 'Contoh: Gowa, tol',
  columns: { destination: 'Tujuan', price: 'Tarif', notes: 'Keterangan' },
  empty: 'Tidak ada tarif yang cocok.',
  count: '{{count}} tarif',
  none: '—',
} as const;

export const tarifAmbulanceNs = addNamespace('tarifAmbulance', tarifAmbulance);

declare module '../../i18n' {
  interface Resources {
    tarifAmbulance: typeof tarifAmbulance;
  }
}
