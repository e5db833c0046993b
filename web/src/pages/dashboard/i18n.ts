import { addNamespace } from '../../i18n';

export const dashboard = {
  beds: {
    title: 'Tempat Tidur Kosong',
    meter: '{{available}} dari {{capacity}} tempat tidur kosong',
    details: 'Lihat semua ruangan',
  },
  duty: { title: 'Petugas Jaga' },
  services: { title: 'Layanan Publik' },
  desk: {
    title: 'Meja Bangsal',
    inpatients: 'Pasien dirawat',
    freeBeds: 'Tempat tidur kosong',
    open: 'Buka meja bangsal',
  },
} as const;

export const dashboardNs = addNamespace('dashboard', dashboard);
