import { addNamespace, type English } from '../../i18n';

export const tempatTidur = {
  updated: 'Diperbarui {{time}} {{zone}}',
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

export const tempatTidurEn: English<typeof tempatTidur> = {
  updated: 'Updated {{time}} {{zone}}',
  neverUpdated: 'No change recorded yet',
  feed: {
    connecting: 'Connecting live updates…',
    live: 'Live updates',
    polling: 'Live updates interrupted; the data is reloaded every 10 seconds',
  },
  tv: { enter: 'Full screen', leave: 'Exit full screen' },
  perClass: 'Totals per Class',
  perRoom: 'Per Room',
  allClasses: 'All classes',
  empty: 'There are no inpatient rooms yet.',
};

export const tempatTidurNs = addNamespace('tempatTidur', tempatTidur, tempatTidurEn);

declare module '../../i18n' {
  interface Resources {
    tempatTidur: typeof tempatTidur;
  }
}
