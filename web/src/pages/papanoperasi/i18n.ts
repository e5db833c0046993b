import { addNamespace, type English } from '../../i18n';

/** The waiting area's board of today's operating list. */
export const papanOperasi = {
  title: 'Jadwal Operasi Hari Ini',
  table: 'Daftar operasi hari ini',
  columns: {
    order: 'No.',
    start: 'Rencana mulai',
    theatre: 'Kamar operasi',
    procedure: 'Tindakan',
    surgeon: 'Dokter operator',
    status: 'Status',
  },
  /** The schedule's statuses (legacy values) as the board shows them. */
  statuses: { Menunggu: 'Menunggu', 'Sedang Berlangsung': 'Sedang Berlangsung', Selesai: 'Selesai' },
  cancelled: 'Batal',
  noTime: '—',
  empty: 'Tidak ada jadwal operasi hari ini.',
  privacy: 'Nama pasien tidak ditampilkan untuk menjaga kerahasiaan.',
  refresh: 'Diperbarui otomatis setiap 30 detik',
} as const;

export const papanOperasiEn: English<typeof papanOperasi> = {
  title: 'Today’s Operating Schedule',
  table: 'Today’s operations',
  columns: {
    order: 'No.',
    start: 'Planned start',
    theatre: 'Operating theatre',
    procedure: 'Procedure',
    surgeon: 'Surgeon',
    status: 'Status',
  },
  statuses: { Menunggu: 'Waiting', 'Sedang Berlangsung': 'In progress', Selesai: 'Finished' },
  cancelled: 'Cancelled',
  noTime: '—',
  empty: 'No operations are scheduled today.',
  privacy: 'Patient names are not shown, to protect their privacy.',
  refresh: 'Updated automatically every 30 seconds',
};

export const papanOperasiNs = addNamespace('papanOperasi', papanOperasi, papanOperasiEn);

declare module '../../i18n' {
  interface Resources {
    papanOperasi: typeof papanOperasi;
  }
}
