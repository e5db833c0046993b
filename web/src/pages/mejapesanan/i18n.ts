import { addNamespace, type English } from '../../i18n';

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

export const mejaPesananEn: English<typeof mejaPesanan> = {
  filters: {
    kind: 'Kind',
    status: 'Status',
    from: 'From',
    to: 'To',
    all: 'All',
  },
  list: {
    title: 'Bookings',
    empty: 'No bookings.',
    columns: {
      code: 'Code',
      kind: 'Kind',
      scheduledAt: 'Pickup time',
      requester: 'Booked by',
      patient: 'Patient / Deceased',
      status: 'Status',
      actions: 'Actions',
    },
    open: 'Open',
    openLabel: 'Open booking {{code}}',
  },
  detail: {
    title: 'Booking {{code}}',
    requester: 'Booked by',
    phone: 'Mobile number',
    patient: 'Patient / Deceased',
    pickupAddress: 'Pickup address',
    destination: 'Destination',
    scheduledAt: 'Pickup time',
    notes: 'Notes from the caller',
    vehicle: 'Vehicle',
    driver: 'Driver',
    cancelReason: 'Reason for cancelling',
    none: '—',
    timeline: 'History',
    by: 'by {{name}}',
    public: 'by the caller',
    status: 'Change Status',
    note: 'Note',
    noteHelp: 'Shown to the caller. Required as the reason when cancelling.',
    cancelReasonRequired: 'A reason for cancelling is required.',
    noMoves: 'This booking is finished; its status can no longer be changed.',
    moveTo: {
      CONFIRMED: 'Confirm',
      ON_THE_WAY: 'Depart',
      DONE: 'Complete',
      CANCELLED: 'Cancel',
      NEW: 'New',
    },
    assign: 'Vehicle and Driver',
    assignSubmit: 'Save',
  },
  done: {
    status: 'Booking {{code}}: {{status}}.',
    assigned: 'Vehicle and driver of booking {{code}} saved.',
  },
};

export const mejaPesananNs = addNamespace('mejaPesanan', mejaPesanan, mejaPesananEn);

declare module '../../i18n' {
  interface Resources {
    mejaPesanan: typeof mejaPesanan;
  }
}
