import { addNamespace, type English } from '../../i18n';

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

export const dashboardEn: English<typeof dashboard> = {
  beds: {
    title: 'Free Beds',
    meter: '{{available}} of {{capacity}} beds free',
    details: 'See all rooms',
  },
  duty: { title: 'Staff on Duty' },
  queues: {
    title: 'Today’s Clinic Queues',
    clinic: 'Clinic',
    serving: 'Now serving',
    waiting: 'Waiting',
    noneServing: '—',
    empty: 'No clinics are open today.',
    board: 'Open the queue board',
  },
  services: { title: 'Public Services' },
  desk: {
    title: 'Ward Desk',
    inpatients: 'Inpatients',
    freeBeds: 'Free beds',
    open: 'Open the ward desk',
  },
};

export const dashboardNs = addNamespace('dashboard', dashboard, dashboardEn);

declare module '../../i18n' {
  interface Resources {
    dashboard: typeof dashboard;
  }
}
