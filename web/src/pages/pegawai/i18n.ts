import { addNamespace } from '../../i18n';

export const pegawai = {
  list: {
    title: 'Daftar Pegawai',
    add: 'Tambah pegawai',
    search: 'Cari',
    searchPlaceholder: 'Nama, nama pengguna, atau nomor HP',
    status: 'Status',
    statuses: { all: 'Semua', true: 'Aktif', false: 'Nonaktif' },
    empty: 'Tidak ada pegawai yang cocok.',
    columns: {
      name: 'Nama',
      phone: 'No. HP',
      username: 'Nama Pengguna',
      roles: 'Peran',
      status: 'Status',
      actions: 'Aksi',
    },
    noLogin: 'tanpa akun',
    noPassword: 'belum ada kata sandi',
    noRoles: '—',
    active: 'Aktif',
    inactive: 'Nonaktif',
    onDuty: 'Sedang bertugas: {{post}}',
    edit: 'Ubah',
    editLabel: 'Ubah data {{name}}',
    resetPassword: 'Reset Kata Sandi',
    resetPasswordLabel: 'Reset kata sandi {{name}}',
    deactivate: 'Nonaktifkan',
    deactivateLabel: 'Nonaktifkan {{name}}',
    activate: 'Aktifkan',
    activateLabel: 'Aktifkan {{name}}',
    sessions: 'Sesi',
    sessionsLabel: 'Sesi masuk {{name}}',
  },
  roles: {
    piket: {
      label: 'Petugas Piket',
      help: 'Dapat menerima serah terima tugas piket; meja pesanan ambulans.',
    },
    cs: { label: 'Customer Service', help: 'Dapat menerima serah terima tugas CS; meja pengaduan.' },
    registration: { label: 'Pendaftaran', help: 'Meja antrean poli dan jadwal poli.' },
    ward: { label: 'Bangsal', help: 'Rawat inap: masuk, pindah ruangan, dan pulang.' },
    records: { label: 'Rekam Medis', help: 'Pencarian pasien dan riwayat kunjungan.' },
    theatre: { label: 'Kamar Operasi', help: 'Jadwal kamar operasi.' },
    orders: { label: 'Meja Pesanan', help: 'Pesanan mobil ambulans dan mobil jenazah.' },
    complaints: { label: 'Meja Pengaduan', help: 'Pengaduan pelayanan dan jawabannya.' },
    admin: { label: 'Admin', help: 'Mengelola pegawai, akun, dan peran; data referensi.' },
  },
  form: {
    newTitle: 'Tambah Pegawai',
    editTitle: 'Ubah Data {{name}}',
    name: 'Nama lengkap',
    phone: 'Nomor HP',
    phoneHelp: 'Nomor seluler, misalnya 081234567890.',
    username: 'Nama pengguna',
    usernameHelp: 'Untuk masuk ke portal; kosongkan bila pegawai ini tidak perlu masuk.',
    password: 'Kata sandi',
    passwordHelp:
      'Minimal 8 karakter. Wajib bila ada nama pengguna atau peran Petugas Piket/Customer Service.',
    roles: 'Peran',
  },
  reset: {
    title: 'Reset Kata Sandi {{name}}',
    intro: 'Kata sandi lama tidak berlaku lagi dan semua sesi masuk {{name}} diakhiri.',
    passwordHelp: 'Minimal 8 karakter. Sampaikan kepada yang bersangkutan secara langsung.',
  },
  sessions: {
    title: 'Sesi Masuk {{name}}',
    intro:
      'Perangkat tempat pegawai ini sedang masuk. Sesi yang diakhiri langsung keluar dan harus masuk kembali.',
    tableLabel: 'Sesi masuk {{name}}',
    empty: 'Tidak ada sesi yang aktif.',
    columns: {
      startedAt: 'Mulai',
      lastSeenAt: 'Terakhir aktif',
      address: 'Alamat',
      userAgent: 'Peramban',
      actions: 'Aksi',
    },
    current: 'sesi Anda ini',
    unknownBrowser: 'tidak diketahui',
    end: 'Akhiri',
    endLabel: 'Akhiri sesi dari {{address}}',
    endAll: 'Akhiri semua sesi',
    endOthers: 'Akhiri sesi lain',
    close: 'Tutup',
    ended: 'Sesi {{name}} diakhiri.',
    endedAll: '{{count}} sesi {{name}} diakhiri.',
    confirmOwn: {
      title: 'Akhiri Sesi Anda',
      message: 'Ini sesi yang sedang Anda pakai. Bila diakhiri, Anda keluar dan harus masuk kembali.',
      accept: 'Akhiri dan keluar',
      reject: 'Batal',
    },
  },
  confirm: {
    title: 'Nonaktifkan Pegawai',
    message:
      'Nonaktifkan {{name}}? Ia langsung keluar dari portal dan tidak dapat masuk sampai diaktifkan kembali.',
    accept: 'Nonaktifkan',
    reject: 'Batal',
  },
  done: {
    added: 'Pegawai "{{name}}" ditambahkan.',
    saved: 'Data "{{name}}" disimpan.',
    deactivated: '{{name}} dinonaktifkan.',
    activated: '{{name}} diaktifkan kembali.',
    passwordReset: 'Kata sandi {{name}} diganti.',
  },
} as const;

export const pegawaiNs = addNamespace('pegawai', pegawai);

declare module '../../i18n' {
  interface Resources {
    pegawai: typeof pegawai;
  }
}
