import { addNamespace } from '../../i18n';

export const tempatTidur = {
  updated: 'Diperbarui {{time}} WIB',
  neverUpdated: 'Belum ada perubahan tercatat',
  feed: {
    connecting: 'Menghubungkan pembaruan langsung…',
    live: 'Pembaruan langsung',
    polling: 'Pembaruan langsung terputus; data dibaca ulang tiap 10 detik',
  },
  tv: { enter: 'Layar penuh', leave: 'Keluar layar penuh' },
  perClass: 'Jumlah per Kelas',
  perRoom: 'Per Ruangan',
  allClasses: 'Semua kelas',
  empty: 'Belum ada ruangan rawat inap.',
} as const;

export const tempatTidurNs = addNamespace('tempatTidur', tempatTidur);

declare module '../../i18n' {
  interface Resources {
    tempatTidur: typeof tempatTidur;
  }
}
