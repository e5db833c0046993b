// Bahasa Indonesia: the shell's texts (top bar, menu, footer, settings, errors). Each screen keeps its own
// texts beside it (pages/<route>/i18n.ts) and parts shared by screens have theirs in this folder, so that
// they load with the screens that need them. Menu labels follow the legacy portal exactly.
export const id = {
  app: {
    hospitalName: 'Rumah Sakit Tentara',
    titleSeparator: ' · ',
    skipToContent: 'Langsung ke konten',
  },
  common: {
    loading: 'Memuat…',
    done: 'Berhasil',
  },
  topbar: {
    toggleMenu: 'Buka menu',
    settings: 'Pengaturan',
    login: 'Masuk',
    loginLabel: 'Masuk petugas',
    logout: 'Keluar',
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
    bangsal: 'Bangsal',
    pegawai: 'Pegawai',
    absensi: 'Absensi',
    piket: 'Piket',
    mejaPesanan: 'Pesanan',
    mejaPengaduan: 'Pengaduan',
    notifikasi: 'Notifikasi',
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
  errors: {
    network: 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.',
    unexpected: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    toastSummary: 'Gagal',
  },
} as const;
