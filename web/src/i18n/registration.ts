import type { RegistrationSource, RegistrationStatus } from '@portal/contract/constants';
import { addNamespace } from '.';

/** Outpatient bookings: what the website, its status page and the staff desks say of a booking. */
export const registration = {
  statuses: {
    BOOKED: 'Terdaftar',
    CHECKED_IN: 'Sudah check-in',
    CALLED: 'Dipanggil',
    SERVED: 'Selesai dilayani',
    CANCELLED: 'Dibatalkan',
    NO_SHOW: 'Tidak hadir',
  } satisfies Record<RegistrationStatus, string>,
  /** Where a booking was made. */
  sources: { WEB: 'Website', MJKN: 'Mobile JKN', DESK: 'Loket' } satisfies Record<RegistrationSource, string>,
  // The choices of a booking, who pays, and its ticket: the same on the website and at the counter.
  clinic: { empty: 'Belum ada poliklinik yang menerima pendaftaran.' },
  date: {
    hint: 'Tanggal yang tidak dapat dipilih disertai alasannya.',
    closed: 'Tutup',
    empty: 'Tidak ada tanggal yang dapat dipilih untuk poli ini.',
  },
  session: {
    hours: 'Jam praktik {{start}}–{{end}} WIB',
    quotaJkn: 'Sisa kuota JKN: {{remaining}} dari {{quota}}',
    quotaNonJkn: 'Sisa kuota non-JKN: {{remaining}} dari {{quota}}',
    ended: 'Jam praktik sudah berakhir',
    full: 'Kuota penuh',
    empty: 'Tidak ada jadwal dokter pada tanggal ini. Pilih tanggal lain.',
  },
  payer: {
    label: 'Cara bayar',
    options: { JKN: 'JKN / BPJS Kesehatan', UMUM: 'Umum (bayar sendiri)' },
    quotaFull: 'kuota habis',
    required: 'Cara bayar wajib dipilih.',
    bpjsCardNo: 'Nomor kartu BPJS',
    bpjsCardNoHelp: '13 angka, tertera pada kartu JKN-KIS.',
    referralNo: 'Nomor rujukan',
    referralNoHelp: 'Dari puskesmas atau klinik (faskes tingkat pertama).',
  },
  payers: { JKN: 'JKN / BPJS Kesehatan', UMUM: 'Umum' },
  ticket: {
    title: 'Bukti Pendaftaran Rawat Jalan',
    queueNumber: 'Nomor antrean',
    bookingCode: 'Kode booking',
    bookingCodeHelp: 'Simpan kode ini untuk check-in, melihat status atau membatalkan pendaftaran.',
    qr: 'QR {{code}}: pindai di anjungan mandiri untuk check-in',
    patient: 'Pasien',
    mrn: 'No. rekam medis',
    clinic: 'Poli',
    doctor: 'Dokter',
    date: 'Tanggal',
    hours: 'Jam praktik',
    hoursValue: '{{start}}–{{end}} WIB',
    estimatedAt: 'Perkiraan dilayani',
    estimatedValue: 'pukul {{time}} WIB',
    payer: 'Pembayaran',
    newPatient:
      'Anda terdaftar sebagai pasien baru. Bawa KTP asli ke loket pendaftaran saat check-in untuk melengkapi data rekam medis.',
    jkn: 'Bawa kartu JKN-KIS dan surat rujukan asli.',
    arrive:
      'Datang paling lambat 30 menit sebelum perkiraan jam dilayani dan lakukan check-in pada hari berobat.',
    print: 'Cetak',
    status: 'Lihat status antrean',
    another: 'Daftar pasien lain',
  },
  // Booking at the registration counter for a walk-in patient: the website's choices and its ticket.
  counter: {
    title: 'Pendaftaran Rawat Jalan di Loket',
    patient: 'Pasien: {{name}} · No. RM {{mrn}}',
    clinic: 'Poli',
    date: 'Tanggal berobat',
    session: 'Dokter dan jam praktik',
    payer: 'Pembayaran',
    visitType: 'Jenis kunjungan',
    visitTypes: {
      '1': 'Rujukan FKTP (puskesmas, klinik)',
      '2': 'Rujukan internal',
      '3': 'Kontrol',
      '4': 'Rujukan antar rumah sakit',
    },
    phone: 'No. HP',
    phoneHelp: 'Dari data pasien; ubah bila pasien memberi nomor lain.',
    chooseFirst: 'Pilih poli, tanggal berobat serta dokter dan jam praktik terlebih dahulu.',
    submit: 'Daftarkan',
    booked: 'Pendaftaran berhasil',
    done: 'Selesai',
  },
} as const;

export const registrationNs = addNamespace('registration', registration);

declare module '.' {
  interface Resources {
    registration: typeof registration;
  }
}
