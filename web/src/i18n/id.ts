// Bahasa Indonesia: every text a person reads in the portal. Menu labels follow the legacy portal exactly.
export const id = {
  app: {
    hospitalName: 'Rumah Sakit Tentara',
    titleSeparator: ' · ',
    skipToContent: 'Langsung ke konten',
  },
  common: {
    close: 'Tutup',
  },
  topbar: {
    toggleMenu: 'Buka menu',
    settings: 'Pengaturan',
  },
  menu: {
    label: 'Menu utama',
    groups: {
      home: 'Utama',
      services: 'Layanan',
      staff: 'Petugas',
    },
    dashboard: 'Beranda',
    tarifambulance: 'Tarif Ambulance',
    ambulance: 'Pesan Mobil Ambulance',
    jenazah: 'Pesan Mobil Jenazah',
    registrasi: 'Pendaftaran Rawat Jalan',
    tempattidur: 'Ketersediaan Tempat Tidur',
    tarifpelayanan: 'Buku Tarif Pelayanan',
    pengaduan: 'Pengaduan Pelayanan',
    pegawai: 'Pegawai',
    absensi: 'Absensi',
    piket: 'Piket',
  },
  footer: {
    copyright: '© {{year}} {{name}}',
    database: 'Basis data: {{name}}',
  },
  settings: {
    title: 'Pengaturan',
    close: 'Tutup pengaturan',
    scale: 'Skala Huruf',
    scaleDown: 'Perkecil huruf',
    scaleUp: 'Perbesar huruf',
    scaleValue: '{{size}} px',
    menuMode: 'Mode Menu',
    menuModes: { static: 'Static', overlay: 'Overlay' },
    inputStyle: 'Gaya Input',
    inputStyles: { outlined: 'Bergaris', filled: 'Terisi' },
    ripple: 'Efek Ripple',
    theme: 'Tema',
    themes: { 'lara-light-indigo': 'Terang', 'lara-dark-indigo': 'Gelap' },
  },
  auth: {
    title: 'Masuk Petugas',
  },
  landing: {
    title: 'Selamat datang di {{name}}',
    intro: 'Layanan publik rumah sakit yang dapat Anda gunakan tanpa akun:',
    enter: 'Masuk ke portal',
  },
  notFound: {
    title: 'Not Found',
    text: 'Requested resource is not available.',
    home: 'Kembali ke Beranda',
  },
  errors: {
    network: 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.',
    unexpected: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    toastSummary: 'Gagal',
  },
} as const;
