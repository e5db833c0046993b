import { addNamespace, type English } from '../../i18n';

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
    estimatedValue: 'pukul {{time}} {{zone}}',
    waitingAhead: 'Antrean di depan Anda',
    waitingValue: '{{count}} orang',
    slip: 'Bukti Check-in',
  },
  // The SEP of a returning JKN patient, issued at the kiosk after check-in.
  sep: {
    number: 'No. SEP',
    asking: 'Membuat SEP BPJS…',
    print: 'Cetak SEP',
    toCounter: 'SEP belum dapat dibuat: {{reason}} Silakan ke loket pendaftaran untuk SEP Anda.',
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
  kinds: {
    title: 'Pilih jenis antrean pendaftaran',
    PRIORITAS: {
      title: 'Prioritas',
      help: 'Lansia, penyandang disabilitas, ibu hamil: dilayani lebih dulu',
    },
    BPJS: { title: 'BPJS', help: 'Pasien JKN dengan kartu BPJS Kesehatan atau KIS' },
    UMUM: { title: 'Umum', help: 'Pasien umum (bayar sendiri) atau asuransi lain' },
  },
  walkIn: {
    title: 'Nomor Antrean Pendaftaran',
    number: 'Nomor antrean loket pendaftaran',
    kind: 'Jenis',
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

export const anjunganEn: English<typeof anjungan> = {
  title: 'Self-Service Kiosk',
  welcome: 'Welcome. Please choose a service.',
  start: {
    checkIn: 'Check in with a booking code',
    checkInHelp: 'Already booked on the website, WhatsApp or Mobile JKN',
    walkIn: 'Take a registration queue number',
    walkInHelp: 'Not booked yet: a number for the registration counter',
  },
  code: {
    title: 'Enter your booking code',
    help: 'The 8-character code on the registration slip or the WhatsApp message, for example K7QD-2MXP.',
    label: 'Booking code',
    keypad: 'Booking code keypad',
    backspace: 'Delete one',
    clear: 'Delete all',
    submit: 'Check in',
    scan: 'Scan the QR code',
    incomplete: 'A booking code has 8 characters.',
  },
  scan: {
    title: 'Scan the QR code',
    help: 'Hold the QR code on your registration slip up to the camera.',
    video: 'Camera image',
    searching: 'Looking for a QR code…',
    noCamera: 'The camera cannot be used. Please type the booking code.',
    typeInstead: 'Type the code',
  },
  checkedIn: {
    title: 'Checked in',
    queueNumber: 'Queue number',
    clinic: 'Clinic',
    doctor: 'Doctor',
    date: 'Date',
    estimatedAt: 'Expected to be seen',
    estimatedValue: 'at {{time}} {{zone}}',
    waitingAhead: 'Patients ahead of you',
    waitingValue: '{{count}} people',
    slip: 'Check-in Slip',
  },
  sep: {
    number: 'SEP No.',
    asking: 'Issuing the BPJS SEP…',
    print: 'Print SEP',
    toCounter: 'The SEP could not be issued: {{reason}} Please go to the registration counter for your SEP.',
  },
  refused: {
    title: 'Check-in is not possible',
    unknown:
      'Booking code {{code}} is unknown. Check the code on your registration slip or WhatsApp message again.',
    cancelled:
      'The booking with code {{code}} has been cancelled. Please take a registration queue number or book again.',
    otherDay: 'Code {{code}} is for a visit on {{date}}, not today. Please come on that date.',
    alreadyCheckedIn: 'You have already checked in. Your queue number is {{number}} at {{clinic}}.',
    done: 'The booking with code {{code}} has already been served or was missed. Please go to the registration counter.',
    walkInTitle: 'A queue number cannot be issued',
    help: 'Need help? Please go to the registration counter.',
  },
  kinds: {
    title: 'Choose the kind of registration number',
    PRIORITAS: {
      title: 'Priority',
      help: 'Elderly, people with disabilities, pregnant women: served first',
    },
    BPJS: { title: 'BPJS', help: 'JKN patients with a BPJS Kesehatan or KIS card' },
    UMUM: { title: 'General', help: 'Self-paying patients or other insurance' },
  },
  walkIn: {
    title: 'Registration Queue Number',
    number: 'Registration counter queue number',
    kind: 'Kind',
    issuedAt: 'Issued',
    next: 'Please wait until your number is called at the registration counter. Bring your KTP and your hospital card or JKN card if you have one.',
  },
  actions: {
    print: 'Print',
    done: 'Done',
    back: 'Back',
    again: 'Try again',
    exit: 'Exit (staff)',
  },
  idle: 'The screen returns to the start after {{seconds}} seconds without a touch.',
  exit: {
    title: 'Exit the kiosk',
    help: 'Staff only: log in with a staff account to leave kiosk mode.',
    username: 'Username',
    password: 'Password',
    submit: 'Log in and exit',
    cancel: 'Cancel',
    required: 'Username and password are required.',
  },
  busy: 'Please wait…',
};

export const anjunganNs = addNamespace('anjungan', anjungan, anjunganEn);

declare module '../../i18n' {
  interface Resources {
    anjungan: typeof anjungan;
  }
}
