import { addNamespace } from '../../i18n';

export const dashboard = {
  beds: {
    title: 'Tempat Tidur Kosong',
    meter: '{{available}} dari {{capacity}} tempat tidur kosong',
    details: 'Lihat semua ruangan',
  },
  duty: { title: 'Petugas Jaga' },
  queues: {
    title: 'Antrean Poliklinik Hari Ini',
    clinic: 'Poli',
    serving: 'Dilayani',
    waiting: 'Menunggu',
    noneServing: '—',
    empty: 'Tidak ada praktik poliklinik hari ini.',
    board: 'Buka papan antrean',
  },
  services: { title: 'Layanan Publik' },
  desk: {
    title: 'Meja Bangsal',
    inpatients: 'Pasien dirawat',
    freeBeds: 'Tempat tidur kosong',
    open: 'Buka meja bangsal',
  },
} as const;

export const dashboardNs = addNamespace('dashboard', dashboard);

declare module '../../i18n' {
  interface Resources {
    dashboard: typeof dashboard;
  }
}
