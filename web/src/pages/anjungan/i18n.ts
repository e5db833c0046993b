import { addNamespace } from '../../i18n';

export const anjungan = {
  title: 'Anjungan Mandiri',
  welcome: 'Selamat datang. Silakan pilih layanan.',
  start: {
    checkIn: 'Check-in dengan kode booking',
    checkInHelp: 'Sudah mendaftar lewat website, WhatsApp atau Mobile JKN',
    walkIn: 'Ambil nomor antrean pendaftaran',
    walkInHelp: 'Belum mendaftar: nomor untuk loket pendaftaran',
  },
  code: {
    title: 'Masukkan kode booking',
    help: 'Kode 8 karakter pada bukti pendaftaran atau pesan WhatsApp, misalnya K7QD-2MXP.',
    label: 'Kode booking',
    keypad: 'Papan ketik kode booking',
    backspace: 'Hapus satu',
    clear: 'Hapus semua',
    submit: 'Check-in',
    scan: 'Pindai kode QR',
    incomplete: 'Kode booking terdiri dari 8 karakter.',
  },
  scan: {
    title: 'Pindai kode QR',
    help: 'Arahkan kode QR pada bukti pendaftaran ke kamera.',
    video: 'Gambar kamera',
    searching: 'Mencari kode QR…',
    noCamera: 'Kamera tidak dapat digunakan. Silakan ketik kode booking.',
    typeInstead: 'Ketik kode',
  },
  checkedIn: {
    title: 'Check-in berhasil',
    queueNumber: 'Nomor antrean',
    clinic: 'Poli',
    doctor: 'Dokter',
    date: 'Tanggal',
    estimatedAt: 'Perkiraan dilayani',
    estimatedValue: 'pukul {{time}} WIB',
    waitingAhead: 'Antrean di depan Anda',
    waitingValue: '{{count}} orang',
    next: 'Silakan menunggu di depan {{clinic}} sampai nomor Anda dipanggil.',
    newPatient: 'Pasien baru: silakan ke loket pendaftaran terlebih dahulu dengan membawa KTP.',
    slip: 'Bukti Check-in',
  },
  refused: {
    title: 'Check-in tidak dapat dilakukan',
    unknown:
      'Kode booking {{code}} tidak dikenal. Periksa kembali kode pada bukti pendaftaran atau pesan WhatsApp Anda.',
    cancelled:
      'Pendaftaran dengan kode {{code}} sudah dibatalkan. Silakan ambil nomor antrean pendaftaran atau daftar kembali.',
    otherDay: 'Kode {{code}} untuk kunjungan {{date}}, bukan hari ini. Silakan datang pada tanggal tersebut.',
    alreadyCheckedIn: 'Anda sudah check-in. Nomor antrean Anda {{number}} di {{clinic}}.',
    done: 'Pendaftaran dengan kode {{code}} sudah selesai dilayani atau terlewat. Silakan ke loket pendaftaran.',
    walkInTitle: 'Nomor antrean tidak dapat diambil',
    help: 'Butuh bantuan? Silakan ke loket pendaftaran.',
  },
  walkIn: {
    title: 'Nomor Antrean Pendaftaran',
    number: 'Nomor antrean loket pendaftaran',
    issuedAt: 'Diambil',
    next: 'Silakan menunggu sampai nomor Anda dipanggil di loket pendaftaran. Bawa KTP dan kartu berobat atau kartu JKN bila ada.',
  },
  actions: {
    print: 'Cetak',
    done: 'Selesai',
    back: 'Kembali',
    again: 'Coba lagi',
    exit: 'Keluar (petugas)',
  },
  idle: 'Layar kembali ke awal setelah {{seconds}} detik tanpa sentuhan.',
  exit: {
    title: 'Keluar dari anjungan',
    help: 'Hanya petugas: masuk dengan akun petugas untuk keluar dari mode anjungan.',
    username: 'Nama Pengguna',
    password: 'Kata Sandi',
    submit: 'Masuk dan keluar',
    cancel: 'Batal',
    required: 'Nama pengguna dan kata sandi wajib diisi.',
  },
  busy: 'Mohon tunggu…',
} as const;

export const anjunganNs = addNamespace('anjungan', anjungan);

declare module '../../i18n' {
  interface Resources {
    anjungan: typeof anjungan;
  }
}
