import { addNamespace } from '../../i18n';

/** Outpatient registration: the booking steps, the ticket and the booking's status page. */
export const registrasi = {
  intro: 'Daftar berobat ke poliklinik rawat jalan tanpa antre di loket: pilih poli, tanggal dan dokter.',
  steps: {
    label: 'Langkah pendaftaran',
    progress: 'Langkah {{step}} dari {{count}}',
    clinic: 'Poli',
    date: 'Tanggal',
    session: 'Dokter',
    payer: 'Pembayaran',
    patient: 'Data Pasien',
  },
  back: 'Kembali',
  next: 'Lanjut',
  clinic: { title: 'Pilih poli' },
  date: { title: 'Pilih tanggal berobat' },
  session: { title: 'Pilih dokter dan jam praktik' },
  payer: { title: 'Cara pembayaran' },
  patient: {
    title: 'Data pasien',
    kind: 'Pasien',
    kinds: { existing: 'Pernah berobat di sini (pasien lama)', new: 'Belum pernah berobat (pasien baru)' },
    idKind: 'Cari dengan',
    idKinds: { mrn: 'No. rekam medis', nik: 'NIK' },
    mrn: 'No. rekam medis (No. RM)',
    mrnHelp: 'Tertera pada kartu berobat.',
    nik: 'NIK',
    nikHelp: '16 angka, tertera pada KTP atau Kartu Keluarga.',
    name: 'Nama lengkap',
    birthDate: 'Tanggal lahir',
    birthDateRequired: 'Tanggal lahir wajib diisi.',
    sex: 'Jenis kelamin',
    sexes: { L: 'Laki-laki', P: 'Perempuan' },
    address: 'Alamat',
    phone: 'No. HP',
    phoneHelp:
      'Pasien lama: nomor seluler yang tercatat di rumah sakit, sebagai bukti bersama tanggal lahir. Pasien baru: nomor yang dapat dihubungi, misalnya 081234567890.',
  },
  summary: { title: 'Pendaftaran Anda' },
  submit: 'Daftar',
  chooseOther: 'Pilih jadwal lain',
  chooseOtherDate: 'Pilih tanggal lain',
  tooMany: 'Terlalu banyak pendaftaran dari alamat Anda. Tunggu sebentar lalu coba lagi.',
  aside: {
    title: 'Sudah mendaftar?',
    track: 'Cek status, check-in atau batalkan pendaftaran',
    schedules: 'Lihat jadwal dokter',
    board: 'Papan antrean poliklinik',
    boardHelp: 'Nomor yang sedang dilayani di setiap poli, langsung.',
  },
  track: {
    title: 'Status Pendaftaran',
    code: 'Kode booking',
    codePlaceholder: 'Contoh: 7KQ4-9XHT',
    submit: 'Cari',
    required: 'Isi kode booking.',
    notFound: 'Pendaftaran tidak ditemukan. Periksa kode booking.',
    status: 'Status',
    queueNumber: 'Nomor antrean',
    clinic: 'Poli',
    doctor: 'Dokter',
    date: 'Tanggal',
    hours: 'Jam praktik',
    payer: 'Pembayaran',
    estimatedAt: 'Perkiraan dilayani',
    waitingAhead: 'Antrean di depan Anda',
    waitingAheadValue: '{{count}} orang',
    serving: 'Nomor yang sedang dilayani',
    noneServing: 'Belum ada',
    called: 'Nomor Anda sedang dipanggil. Silakan masuk ke ruang {{clinic}}.',
    checkInHint: 'Check-in dapat dilakukan pada hari berobat, {{date}}.',
    checkedInHint: 'Anda sudah check-in. Tunggu nomor Anda dipanggil.',
    checkIn: 'Check-in',
    cancel: 'Batalkan pendaftaran',
    cancelTitle: 'Batalkan pendaftaran?',
    cancelMessage:
      'Pendaftaran {{number}} di {{clinic}} pada {{date}} akan dibatalkan dan kuotanya diberikan kepada pasien lain.',
    cancelAccept: 'Ya, batalkan',
    cancelReject: 'Tidak',
    checkedIn: 'Check-in berhasil. Nomor antrean Anda {{number}}.',
    cancelled: 'Pendaftaran {{number}} dibatalkan.',
    refresh: 'Diperbarui otomatis setiap 30 detik.',
    board: 'Lihat papan antrean',
  },
} as const;

export const registrasiNs = addNamespace('registrasi', registrasi);

declare module '../../i18n' {
  interface Resources {
    registrasi: typeof registrasi;
  }
}
