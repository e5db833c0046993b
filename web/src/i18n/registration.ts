import type { RegistrationSource, RegistrationStatus } from '@portal/contract/constants';
import { addNamespace, type English } from '.';

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
    hours: 'Jam praktik {{start}}–{{end}} {{zone}}',
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
    hoursValue: '{{start}}–{{end}} {{zone}}',
    estimatedAt: 'Perkiraan dilayani',
    estimatedValue: 'pukul {{time}} {{zone}}',
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
  // After check-in (the kiosk's slip, the status page): where the patient goes next.
  checkedIn: {
    newPatient: 'Pasien baru: silakan ke loket pendaftaran terlebih dahulu dengan membawa KTP.',
    next: 'Silakan menunggu di depan {{clinic}} sampai nomor Anda dipanggil.',
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

export const registrationEn: English<typeof registration> = {
  statuses: {
    BOOKED: 'Booked',
    CHECKED_IN: 'Checked in',
    CALLED: 'Called',
    SERVED: 'Served',
    CANCELLED: 'Cancelled',
    NO_SHOW: 'Did not attend',
  },
  sources: { WEB: 'Website', MJKN: 'Mobile JKN', DESK: 'Counter' },
  clinic: { empty: 'No clinic is taking bookings yet.' },
  date: {
    hint: 'Dates that cannot be chosen show why.',
    closed: 'Closed',
    empty: 'There is no date to choose for this clinic.',
  },
  session: {
    hours: 'Clinic hours {{start}}–{{end}} {{zone}}',
    quotaJkn: 'JKN places left: {{remaining}} of {{quota}}',
    quotaNonJkn: 'Non-JKN places left: {{remaining}} of {{quota}}',
    ended: 'Clinic hours are over',
    full: 'Fully booked',
    empty: 'No doctor is scheduled on this date. Choose another date.',
  },
  payer: {
    label: 'Payment',
    options: { JKN: 'JKN / BPJS Kesehatan', UMUM: 'Umum (self-pay)' },
    quotaFull: 'no places left',
    required: 'Choose how you will pay.',
    bpjsCardNo: 'BPJS card number',
    bpjsCardNoHelp: '13 digits, printed on the JKN-KIS card.',
    referralNo: 'Referral number',
    referralNoHelp: 'From the puskesmas or clinic (primary care).',
  },
  payers: { JKN: 'JKN / BPJS Kesehatan', UMUM: 'Umum (self-pay)' },
  ticket: {
    title: 'Outpatient Registration Slip',
    queueNumber: 'Queue number',
    bookingCode: 'Booking code',
    bookingCodeHelp: 'Keep this code to check in, see the status or cancel the booking.',
    qr: 'QR {{code}}: scan at the self-service kiosk to check in',
    patient: 'Patient',
    mrn: 'Medical record no.',
    clinic: 'Clinic',
    doctor: 'Doctor',
    date: 'Date',
    hours: 'Clinic hours',
    hoursValue: '{{start}}–{{end}} {{zone}}',
    estimatedAt: 'Expected to be seen',
    estimatedValue: 'at {{time}} {{zone}}',
    payer: 'Payment',
    newPatient:
      'You are registered as a new patient. Bring your original KTP (identity card) to the registration counter when you check in to complete your medical record.',
    jkn: 'Bring your JKN-KIS card and the original referral letter.',
    arrive: 'Arrive at least 30 minutes before the expected time and check in on the day of your visit.',
    print: 'Print',
    status: 'See the queue status',
    another: 'Register another patient',
  },
  checkedIn: {
    newPatient: 'New patient: please go to the registration counter first, with your KTP (identity card).',
    next: 'Please wait in front of {{clinic}} until your number is called.',
  },
  counter: {
    title: 'Outpatient Registration at the Counter',
    patient: 'Patient: {{name}} · MRN {{mrn}}',
    clinic: 'Clinic',
    date: 'Visit date',
    session: 'Doctor and clinic hours',
    payer: 'Payment',
    visitType: 'Visit type',
    visitTypes: {
      '1': 'Primary care referral (puskesmas, clinic)',
      '2': 'Internal referral',
      '3': 'Follow-up',
      '4': 'Referral from another hospital',
    },
    phone: 'Mobile number',
    phoneHelp: 'From the patient’s record; change it if the patient gives another number.',
    chooseFirst: 'Choose the clinic, visit date, and doctor and clinic hours first.',
    submit: 'Register',
    booked: 'Registered',
    done: 'Done',
  },
};

export const registrationNs = addNamespace('registration', registration, registrationEn);

declare module '.' {
  interface Resources {
    registration: typeof registration;
  }
}
