import { addNamespace, type English } from '../../i18n';

export const papanAntrean = {
  title: 'Papan Antrean Poliklinik',
  clinics: 'Poliklinik',
  counters: 'Loket pendaftaran',
  counterName: 'Loket Pendaftaran {{counter}}',
  pharmacy: 'Farmasi: obat siap diambil',
  pharmacyName: 'Farmasi',
  pharmacyNumber: 'No. farmasi {{number}}',
  pharmacyEmpty: 'Belum ada obat yang siap diambil.',
  serving: 'Nomor dilayani',
  noneServing: '—',
  waiting: 'Menunggu',
  waitingCount: '{{count}} orang',
  announce: 'Nomor {{number}}, silakan masuk ke {{clinic}}',
  speech: 'Nomor antrean {{number}}, silakan ke {{clinic}}',
  digits: ['nol', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'],
  sound: {
    group: 'Pengaturan suara',
    switch: 'Suara panggilan',
    on: 'Nyala',
    off: 'Mati',
    volume: 'Volume',
    needsGesture:
      'Suara menyala: klik atau tekan tombol apa saja di papan ini agar browser mengizinkan suara.',
  },
  empty: 'Tidak ada praktik poliklinik hari ini.',
  feed: {
    connecting: 'Menghubungkan pembaruan langsung…',
    live: 'Pembaruan langsung',
    polling: 'Pembaruan langsung terputus; data dibaca ulang tiap 10 detik',
  },
} as const;

export const papanAntreanEn: English<typeof papanAntrean> = {
  title: 'Clinic Queue Board',
  clinics: 'Clinics',
  counters: 'Registration counters',
  counterName: 'Registration Counter {{counter}}',
  pharmacy: 'Pharmacy: medicine ready to collect',
  pharmacyName: 'the Pharmacy',
  pharmacyNumber: 'Pharmacy no. {{number}}',
  pharmacyEmpty: 'No medicine is ready to collect yet.',
  serving: 'Now serving',
  noneServing: '—',
  waiting: 'Waiting',
  waitingCount: '{{count}} people',
  announce: 'Number {{number}}, please go in to {{clinic}}',
  speech: 'Queue number {{number}}, please go to {{clinic}}',
  digits: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  sound: {
    group: 'Sound settings',
    switch: 'Call sound',
    on: 'On',
    off: 'Off',
    volume: 'Volume',
    needsGesture: 'Sound is on: click or press any key on this board so that the browser allows sound.',
  },
  empty: 'No clinics are open today.',
  feed: {
    connecting: 'Connecting live updates…',
    live: 'Live updates',
    polling: 'Live updates interrupted; the data is reloaded every 10 seconds',
  },
};

export const papanAntreanNs = addNamespace('papanAntrean', papanAntrean, papanAntreanEn);

declare module '../../i18n' {
  interface Resources {
    papanAntrean: typeof papanAntrean;
  }
}
