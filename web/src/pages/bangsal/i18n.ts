import { addNamespace } from '../../i18n';

export const bangsal = {
  tabs: { patients: 'Pasien', rooms: 'Ruangan' },
  search: {
    title: 'Cari Pasien',
    label: 'No. RM atau nama pasien',
    placeholder: 'Contoh: 000214 atau Andi',
    hint: 'Ketik minimal 2 huruf atau angka.',
    empty: 'Tidak ada pasien yang cocok.',
    admittedIn: 'sedang dirawat di {{room}}',
    admit: 'Rawat Inap',
    admitLabel: 'Rawat inap {{name}}',
  },
  patient: {
    mrn: 'No. RM',
    name: 'Nama',
    sex: 'Jenis Kelamin',
    birthDate: 'Tgl. Lahir',
    status: 'Status',
    sexes: { L: 'Laki-laki', P: 'Perempuan' },
  },
  inpatients: {
    title: 'Pasien Dirawat',
    filter: 'Ruangan',
    allRooms: 'Semua ruangan',
    empty: 'Tidak ada pasien dirawat.',
    count: '{{count}} pasien',
    columns: {
      registrationNo: 'No. Registrasi',
      patient: 'Pasien',
      room: 'Ruangan',
      admittedAt: 'Masuk',
      actions: 'Aksi',
    },
    transfer: 'Pindahkan',
    transferLabel: 'Pindahkan {{name}}',
    discharge: 'Pulangkan',
    dischargeLabel: 'Pulangkan {{name}}',
  },
  room: {
    label: 'Ruangan',
    choose: 'Pilih ruangan',
    free: '{{name}} — {{available}} tempat tidur kosong',
    full: '{{name}} — penuh',
    sexOnly: { L: 'khusus laki-laki', P: 'khusus perempuan' },
    required: 'Pilih ruangan terlebih dahulu.',
  },
  admit: { title: 'Rawat Inap: {{name}}', submit: 'Rawat Inap' },
  transfer: { title: 'Pindahkan {{name}}', from: 'Sekarang di {{room}}.', submit: 'Pindahkan' },
  discharge: {
    title: 'Pulangkan Pasien',
    message: 'Pulangkan {{name}} dari {{room}}? Tempat tidurnya langsung tersedia kembali.',
    accept: 'Pulangkan',
  },
  done: {
    admitted: '{{name}} dirawat di {{room}}.',
    transferred: '{{name}} dipindahkan ke {{room}}.',
    discharged: '{{name}} telah dipulangkan.',
    roomAdded: '{{name}} ditambahkan.',
    roomSaved: 'Perubahan {{name}} disimpan.',
    capacityChanged: 'Kapasitas {{name}} sekarang {{capacity}} tempat tidur.',
    roomRetired: '{{name}} dinonaktifkan.',
    resynced:
      'Sinkronisasi dikirim ke BPJS: {{created}} ruangan baru, {{updated}} diperbarui, {{deleted}} dihapus.',
  },
  rooms: {
    title: 'Ruangan dan Tempat Tidur',
    add: 'Tambah Ruangan',
    count: '{{count}} ruangan',
    empty: 'Belum ada ruangan.',
    columns: {
      code: 'Kode',
      name: 'Nama',
      class: 'Kelas',
      sex: 'Untuk',
      beds: 'Tempat Tidur',
      bpjsRoomCode: 'Kode Ruang BPJS',
      report: 'Laporan Aplicares',
      actions: 'Aksi',
    },
    sexes: { L: 'Laki-laki', P: 'Perempuan', mixed: 'Campuran' },
    beds: '{{occupied}} terisi dari {{capacity}}',
    free: '{{available}} kosong',
    unmapped: 'Belum dipetakan',
    edit: 'Ubah',
    editLabel: 'Ubah {{name}}',
    capacity: 'Kapasitas',
    capacityLabel: 'Ubah kapasitas {{name}}',
    history: 'Riwayat',
    historyLabel: 'Riwayat {{name}}',
    retire: 'Nonaktifkan',
    retireLabel: 'Nonaktifkan {{name}}',
    report: {
      statuses: { sent: 'Terkirim', pending: 'Menunggu', failed: 'Gagal' },
      none: 'Belum ada laporan',
      notReported: 'Tidak dilaporkan',
      answer: 'Jawaban BPJS: {{reply}}',
      sentAt: 'diterima {{time}}',
      error: 'Tertahan: {{error}}',
    },
  },
  aplicares: {
    off: 'Pelaporan tempat tidur ke BPJS Aplicares tidak aktif: BPJS_APLICARES_URL, kunci BPJS dan BPJS_PPK_CODE belum diisi di konfigurasi server.',
    unmapped:
      '{{count}} ruangan belum punya kode ruang BPJS dan tidak dilaporkan ke BPJS Aplicares (ditandai "Belum dipetakan").',
    allMapped: 'Semua ruangan dilaporkan ke BPJS Aplicares setiap kali tempat tidurnya berubah.',
    resync: 'Sinkronkan Ulang dengan BPJS',
    resyncHint:
      'Menghapus di BPJS ruangan yang tidak dipetakan lagi, lalu mengirim ulang keadaan semua ruangan yang dipetakan.',
  },
  roomForm: {
    newTitle: 'Tambah Ruangan',
    editTitle: 'Ubah {{name}}',
    code: 'Kode ruangan',
    codeHelp: 'Huruf besar, angka atau tanda hubung; tidak dapat diubah kemudian.',
    name: 'Nama ruangan',
    class: 'Kelas BPJS (kodekelas)',
    sex: 'Untuk pasien',
    capacity: 'Kapasitas (tempat tidur)',
    capacityHelp: 'Setelah ruangan ada, kapasitas diubah dengan tombol Kapasitas beserta alasannya.',
    bpjsRoomCode: 'Kode ruang BPJS (koderuang)',
    bpjsRoomCodeHelp: 'Kode ruangan ini di BPJS Aplicares; kosongkan bila ruangan tidak dilaporkan.',
  },
  capacityForm: {
    title: 'Kapasitas {{name}}',
    intro:
      'Sekarang {{capacity}} tempat tidur, {{occupied}} terisi: kapasitas tidak dapat kurang dari yang terisi.',
    capacity: 'Kapasitas baru',
    reason: 'Alasan',
    reasonHelp: 'Misalnya: renovasi, tambahan tempat tidur dari gudang.',
  },
  history: {
    title: 'Riwayat {{name}}',
    empty: 'Belum ada perubahan tercatat.',
    columns: { at: 'Waktu', staff: 'Petugas', action: 'Perubahan', details: 'Rincian' },
    actions: {
      created: 'Ruangan ditambahkan',
      edited: 'Data diubah',
      capacity: 'Kapasitas diubah',
      retired: 'Dinonaktifkan',
    },
    fields: {
      code: 'Kode',
      name: 'Nama',
      class: 'Kelas',
      capacity: 'Kapasitas',
      sex: 'Untuk',
      bpjsRoomCode: 'Kode ruang BPJS',
    },
    change: '{{field}}: {{from}} → {{to}}',
    emptyValue: '—',
    reason: 'Alasan: {{reason}}',
    unknownStaff: 'Tidak diketahui',
  },
  retireDialog: {
    title: 'Nonaktifkan Ruangan',
    message:
      'Nonaktifkan {{name}}? Ruangan hilang dari papan tempat tidur dan dihapus di BPJS Aplicares; riwayatnya tetap tersimpan.',
    accept: 'Nonaktifkan',
  },
} as const;

export const bangsalNs = addNamespace('bangsal', bangsal);

declare module '../../i18n' {
  interface Resources {
    bangsal: typeof bangsal;
  }
}
