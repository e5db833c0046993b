import { addNamespace } from '../../i18n';

export const papanAntrean = {
  title: 'Papan Antrean Poliklinik',
  clinics: 'Poliklinik',
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

export const papanAntreanNs = addNamespace('papanAntrean', papanAntrean);

declare module '../../i18n' {
  interface Resources {
    papanAntrean: typeof papanAntrean;
  }
}
