import { addNamespace } from '../../i18n';

export const mejaPesanan = {
  filters: {
    kind: 'Jenis',
    status: 'Status',
    from: 'Dari tanggal',
    to: 'Sampai tanggal',
    all: 'Semua',
  },
  list: {
    title: 'Daftar Pesanan',
    empty: 'Tidak ada pesanan.',
    columns: {
      code: 'Kode',
      kind: 'Jenis',
      scheduledAt: 'Waktu jemput',
      requester: 'Pemesan',
      patient: 'Pasien / Jenazah',
      status: 'Status',
      actions: 'Aksi',
    },
    open: 'Buka',
    openLabel: 'Buka pesanan {{code}}',
  },
  detail: {
    title: 'Pesanan {{code}}',
    requester: 'Pemesan',
    phone: 'No. HP',
    patient: 'Pasien / Jenazah',
    pickupAddress: 'Alamat jemput',
    destination: 'Tujuan',
    scheduledAt: 'Waktu jemput',
    notes: 'Catatan pemesan',
    vehicle: 'Kendaraan',
    driver: 'Pengemudi',
    cancelReason: 'Alasan pembatalan',
    none: '—',
    timeline: 'Riwayat',
    by: 'oleh {{name}}',
    public: 'oleh pemesan',
    status: 'Ubah Status',
    note: 'Catatan',
    noteHelp: 'Ditampilkan kepada pemesan. Wajib diisi sebagai alasan pembatalan.',
    cancelReasonRequired: 'Alasan pembatalan wajib diisi.',
    noMoves: 'Pesanan ini sudah selesai; statusnya tidak dapat diubah lagi.',
    moveTo: {
      CONFIRMED: 'Konfirmasi',
      ON_THE_WAY: 'Berangkat',
      DONE: 'Selesai',
      CANCELLED: 'Batalkan',
      NEW: 'Baru',
    },
    assign: 'Kendaraan dan Pengemudi',
    assignSubmit: 'Simpan',
  },
  done: {
    status: 'Pesanan {{code}}: {{status}}.',
    assigned: 'Kendaraan dan pengemudi pesanan {{code}} disimpan.',
  },
} as const;

export const mejaPesananNs = addNamespace('mejaPesanan', mejaPesanan);

declare module '../../i18n' {
  interface Resources {
    mejaPesanan: typeof mejaPesanan;
  }
}
