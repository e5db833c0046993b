// Bahasa Indonesia: the shell's texts (top bar, menu, footer, settings, errors); their English is in en.ts.
// Each screen keeps its own texts beside it (pages/<route>/i18n.ts) and parts shared by screens have theirs
// in this folder, so that they load with the screens that need them. Menu labels follow the legacy portal
// exactly.
export const id = {
  board: {
    fullscreen: 'Layar penuh',
    home: 'Beranda portal',
  },
  app: {
    hospitalName: 'Rumah Sakit Tentara',
    titleSeparator: ' · ',
    // Above a printed screen; {{at}}: "30 Nov 2026 16.40 WIB".
    printedAt: 'Dicetak {{at}}',
    printedAtBy: 'Dicetak {{at}} oleh {{by}}',
    skipToContent: 'Langsung ke konten',
  },
  common: {
    loading: 'Memuat…',
    done: 'Berhasil',
    cancel: 'Batal',
    save: 'Simpan',
    close: 'Tutup',
    all: 'Semua',
    // {{zone}}: the hospital's time zone, WIB, WITA or WIT (zoneLabel).
    zoned: '{{time}} {{zone}}',
  },
  topbar: {
    toggleMenu: 'Buka menu',
    settings: 'Pengaturan',
    login: 'Masuk',
    loginLabel: 'Masuk petugas',
    logout: 'Keluar',
    changePassword: 'Ganti kata sandi',
    account: 'Akun saya: riwayat masuk',
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
    jadwaldokter: 'Jadwal Dokter',
    tempattidur: 'Ketersediaan Tempat Tidur',
    tarifpelayanan: 'Buku Tarif Pelayanan',
    pengaduan: 'Pengaduan Pelayanan',
    bangsal: 'Bangsal',
    pegawai: 'Pegawai',
    absensi: 'Absensi',
    piket: 'Piket',
    mejaPesanan: 'Pesanan',
    mejaPengaduan: 'Pengaduan',
    antrean: 'Antrean Poli',
    pasienDaftar: 'Pendaftaran Pasien',
    jadwalPoli: 'Jadwal Poli',
    pasien: 'Cari Pasien',
    referensi: 'Referensi Pasien',
    jadwalOperasi: 'Jadwal Operasi',
    kunjungan: 'Rekap Kunjungan',
    jejakAkses: 'Akses Data Pasien',
    notifikasi: 'Notifikasi',
    templatPesan: 'Pesan WhatsApp Pasien',
    surveiKepuasan: 'Survei Kepuasan',
    sistem: 'Sistem',
  },
  /**
   * Staff screens: the heading, and what the gate says to anonymous visitors and to staff without the
   * screen's role. Bundled with the shell because the gate speaks before the screen's chunk loads.
   */
  staffScreens: {
    loginLink: 'Masuk untuk membukanya',
    pegawai: {
      title: 'Pegawai',
      loginRequired: 'Data pegawai hanya untuk admin.',
      forbidden: 'Anda tidak berhak membuka data pegawai.',
    },
    absensi: {
      title: 'Absensi',
      loginRequired: 'Absensi hanya untuk petugas.',
      loginLink: 'Masuk untuk absen',
    },
    piket: {
      title: 'Piket',
      loginRequired: 'Jadwal piket dan log serah terima hanya untuk petugas.',
      loginLink: 'Masuk untuk melihatnya',
    },
    bangsal: {
      title: 'Bangsal',
      loginRequired: 'Meja bangsal hanya untuk petugas.',
      forbidden: 'Anda tidak berhak membuka meja bangsal.',
    },
    mejaPesanan: {
      title: 'Meja Pesanan',
      loginRequired: 'Meja pesanan hanya untuk petugas.',
      forbidden: 'Anda tidak berhak membuka meja pesanan.',
    },
    mejaPengaduan: {
      title: 'Meja Pengaduan',
      loginRequired: 'Meja pengaduan hanya untuk petugas.',
      forbidden: 'Anda tidak berhak membuka meja pengaduan.',
    },
    antrean: {
      title: 'Antrean Poli',
      loginRequired: 'Antrean poli hanya untuk petugas pendaftaran.',
      forbidden: 'Anda tidak berhak membuka antrean poli.',
    },
    pasienDaftar: {
      title: 'Pendaftaran Pasien',
      loginRequired: 'Pendaftaran pasien di loket hanya untuk petugas pendaftaran.',
      forbidden: 'Anda tidak berhak mendaftarkan pasien di loket.',
    },
    jadwalPoli: {
      title: 'Jadwal Poli',
      loginRequired: 'Jadwal poli hanya untuk petugas pendaftaran.',
      forbidden: 'Anda tidak berhak membuka jadwal poli.',
    },
    jadwalOperasi: {
      title: 'Jadwal Operasi',
      loginRequired: 'Jadwal operasi hanya untuk petugas kamar operasi.',
      forbidden: 'Anda tidak berhak membuka jadwal operasi.',
    },
    pasien: {
      title: 'Cari Pasien',
      loginRequired: 'Pencarian pasien hanya untuk petugas pendaftaran dan rekam medis.',
      forbidden: 'Anda tidak berhak membuka data rekam medis pasien.',
    },
    pasienBaru: {
      title: 'Pasien Baru',
      loginRequired: 'Pendaftaran pasien hanya untuk petugas pendaftaran dan rekam medis.',
      forbidden: 'Anda tidak berhak mendaftarkan pasien.',
    },
    pasienRecord: {
      title: 'Data Pasien',
      loginRequired: 'Data pasien hanya untuk petugas pendaftaran dan rekam medis.',
      forbidden: 'Anda tidak berhak membuka data rekam medis pasien.',
    },
    pasienUbah: {
      title: 'Ubah Data Pasien',
      loginRequired: 'Data pasien hanya untuk petugas pendaftaran dan rekam medis.',
      forbidden: 'Anda tidak berhak mengubah data pasien.',
    },
    referensi: {
      title: 'Referensi Pasien',
      loginRequired: 'Daftar referensi pasien hanya untuk admin.',
      forbidden: 'Anda tidak berhak mengubah daftar referensi pasien.',
    },
    kunjungan: {
      title: 'Rekap Kunjungan',
      loginRequired: 'Rekap kunjungan hanya untuk petugas rekam medis.',
      forbidden: 'Anda tidak berhak membuka rekap kunjungan.',
    },
    jejakAkses: {
      title: 'Akses Data Pasien',
      loginRequired: 'Catatan akses data pasien hanya untuk petugas rekam medis.',
      forbidden: 'Anda tidak berhak membuka catatan akses data pasien.',
    },
    akun: {
      title: 'Akun Saya',
      loginRequired: 'Halaman akun hanya untuk petugas.',
    },
    notifikasi: {
      title: 'Notifikasi WhatsApp',
      loginRequired: 'Daftar notifikasi hanya untuk petugas.',
      forbidden: 'Anda tidak berhak membuka daftar notifikasi.',
    },
    templatPesan: {
      title: 'Pesan WhatsApp Pasien',
      loginRequired: 'Pengaturan pesan WhatsApp pasien hanya untuk admin.',
      forbidden: 'Anda tidak berhak mengubah pesan WhatsApp pasien.',
    },
    surveiKepuasan: {
      title: 'Survei Kepuasan Masyarakat',
      loginRequired: 'Indeks kepuasan masyarakat hanya untuk admin.',
      forbidden: 'Anda tidak berhak membuka indeks kepuasan masyarakat.',
    },
    sistem: {
      title: 'Sistem',
      loginRequired: 'Keadaan sistem hanya untuk admin.',
      forbidden: 'Anda tidak berhak membuka keadaan sistem.',
    },
  },
  /** The link of a status page to the satisfaction survey of its visit, order or complaint. */
  surveyLink: {
    text: 'Bagaimana pelayanan kami? Mohon isi survei kepuasan (9 pertanyaan, tanpa nama).',
    link: 'Isi survei kepuasan',
  },
  footer: {
    copyright: '© {{year}} {{name}}',
    database: 'Basis data: {{name}}',
  },
  /** Linked mode, above every screen a staff member sees while the copy of the SIMRS is behind or failing. */
  simrs: {
    asOf: 'Data SIMRS per {{time}} ({{ago}})',
    behind: '{{asOf}}: perubahan terbaru di SIMRS belum masuk — layar ini memakai salinan terakhir.',
    failing: '{{asOf}}: SIMRS tidak menjawab — layar ini memakai salinan terakhir.',
    firstMirror: 'Data SIMRS belum lengkap: salinan pertama dari SIMRS masih dibuat.',
    firstMirrorFailing: 'Data SIMRS belum lengkap: SIMRS tidak menjawab selagi salinan pertama dibuat.',
    owned: '{{what}} dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di sini dalam satu menit.',
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
    language: 'Bahasa',
    // Each language is named in itself, in both languages, so that a reader of either finds theirs.
    languages: { id: 'Bahasa Indonesia', en: 'English' },
  },
  deskTable: {
    notLoaded: 'Daftar belum dapat dimuat.',
    retry: 'Muat ulang',
    pages: {
      label: 'Halaman daftar',
      first: 'Halaman pertama',
      previous: 'Halaman sebelumnya',
      next: 'Halaman berikutnya',
      last: 'Halaman terakhir',
      page: 'Halaman {{page}}',
      rowsPerPage: 'Baris per halaman',
      printed: 'Halaman {{page}} dari {{pages}}: baris {{from}}–{{to}} dari {{total}}.',
    },
  },
  /** A screen that could not be shown (app/RouteError.tsx): bundled with the shell, which shows it. */
  routeError: {
    staleTitle: 'Portal telah diperbarui',
    stale:
      'Bagian portal ini belum dapat dimuat: portal baru saja diperbarui atau dimulai ulang sejak halaman ini dibuka. Muat ulang halaman untuk melanjutkan.',
    title: 'Halaman ini gagal ditampilkan',
    failed:
      'Terjadi kesalahan saat menampilkan halaman ini. Muat ulang halaman; bila terjadi lagi, laporkan ke bagian IT beserta alamat halaman dan waktunya.',
    reload: 'Muat ulang halaman',
    home: 'Kembali ke Beranda',
  },
  errors: {
    network: 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.',
    unexpected: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    unavailable:
      'Server sedang tidak dapat dihubungi, mungkin sedang dimulai ulang. Coba lagi dalam beberapa saat.',
    toastSummary: 'Gagal',
    /**
     * Refusals of the server whose code says it all: in Bahasa Indonesia the server's own message is shown
     * (these copy it, for reference); in English these keys' English (api/client.ts).
     */
    server: {
      INVALID_CREDENTIALS: 'Nama pengguna atau kata sandi salah.',
      WRONG_PASSWORD: 'Password salah.',
      WRONG_CURRENT_PASSWORD: 'Kata sandi lama salah.',
      USERNAME_TAKEN: 'Nama pengguna sudah dipakai.',
      PHONE_TAKEN: 'Nomor HP sudah terdaftar untuk petugas lain.',
      UNAUTHENTICATED: 'Silakan masuk sebagai petugas terlebih dahulu.',
      FORBIDDEN: 'Anda tidak berhak melakukan tindakan ini.',
      PASSWORD_CHANGE_REQUIRED:
        'Ganti kata sandi Anda dulu: buat kata sandi Anda sendiri sebelum membuka meja kerja.',
      DATABASE_UNAVAILABLE: 'Basis data tidak dapat dihubungi. Coba lagi sebentar lagi.',
    },
  },
} as const;
