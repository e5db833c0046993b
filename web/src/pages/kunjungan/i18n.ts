import type { Payer, RegistrationSource } from '@portal/contract/constants';
import { addNamespace } from '../../i18n';

export const kunjungan = {
  tabs: { visits: 'Rawat Jalan', stays: 'Rawat Inap', bookings: 'Pendaftaran' },
  none: '—',
  filters: {
    from: 'Dari tanggal',
    to: 'Sampai tanggal',
    show: 'Tampilkan',
    visitsRange: 'Tanggal kunjungan',
    staysRange: 'Tanggal masuk',
    bookingsRange: 'Tanggal periksa',
    clinic: 'Poli',
    room: 'Ruang',
    patientGroup: 'Golongan Pasien / Penjamin',
    cancelled: 'Status kunjungan',
    cancelledOptions: { false: 'Tidak batal', true: 'Batal (BATAL)' },
    source: 'Saluran',
    status: 'Status',
    payer: 'Penjamin',
  },
  export: 'Ekspor CSV',
  chart: {
    title: 'Jumlah per Hari',
    summary: 'Tertinggi {{max}} pada {{date}}; rata-rata {{average}} per hari.',
    empty: 'Tidak ada data pada rentang ini.',
    bar: '{{date}}: {{value}}',
    table: 'Lihat angka per hari',
    date: 'Tanggal',
    count: 'Jumlah',
  },
  visits: {
    title: 'Kunjungan Rawat Jalan',
    hint: 'Kunjungan yang dihapus tidak ditampilkan; kunjungan batal ditandai BATAL. Golongan pasien adalah golongan yang tercatat pada data pasien saat ini.',
    count: '{{count}} kunjungan',
    empty: 'Tidak ada kunjungan pada rentang ini.',
    file: 'rawat-jalan',
    columns: {
      date: 'Tanggal',
      registrationNo: 'No. Registrasi',
      patient: 'Pasien',
      patientGroup: 'Golongan Pasien / Penjamin',
      clinic: 'Poli',
      doctor: 'Dokter',
      diagnoses: 'Diagnosa',
      status: 'Status',
    },
    cancelled: 'BATAL',
  },
  stays: {
    title: 'Pasien Rawat Inap',
    hint: 'Pasien yang masuk rawat inap pada rentang tanggal ini (WIB), termasuk yang masih dirawat.',
    count: '{{count}} pasien masuk',
    empty: 'Tidak ada pasien masuk pada rentang ini.',
    file: 'rawat-inap',
    columns: {
      admittedAt: 'Masuk',
      dischargedAt: 'Keluar',
      lengthOfStay: 'Lama Rawat',
      registrationNo: 'No. Registrasi',
      patient: 'Pasien',
      patientGroup: 'Golongan Pasien / Penjamin',
      room: 'Ruang',
    },
    stillAdmitted: 'Masih dirawat',
    days: '{{count}} hari',
    room: '{{name}} ({{class}})',
  },
  bookings: {
    title: 'Pendaftaran Rawat Jalan',
    hint: 'Pendaftaran dari semua saluran menurut tanggal periksa, termasuk yang dibatalkan.',
    count: '{{count}} pendaftaran',
    empty: 'Tidak ada pendaftaran pada rentang ini.',
    file: 'pendaftaran',
    perStatus: 'Menurut status',
    columns: {
      date: 'Tanggal Periksa',
      bookingCode: 'Kode Booking',
      queueNumber: 'No. Antrean',
      patient: 'Pasien',
      clinic: 'Poli',
      doctor: 'Dokter',
      source: 'Saluran',
      status: 'Status',
      payer: 'Penjamin',
      createdAt: 'Waktu Daftar',
    },
    sources: { WEB: 'Website', MJKN: 'Mobile JKN', DESK: 'Loket' } satisfies Record<
      RegistrationSource,
      string
    >,
    payers: { JKN: 'JKN', UMUM: 'Umum' } satisfies Record<Payer, string>,
  },
  patient: 'No. RM {{mrn}}',
  openPatient: 'Buka data pasien {{name}}',
} as const;

export const kunjunganNs = addNamespace('kunjungan', kunjungan);

declare module '../../i18n' {
  interface Resources {
    kunjungan: typeof kunjungan;
  }
}
