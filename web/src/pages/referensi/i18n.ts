import { addNamespace } from '../../i18n';

export const referensi = {
  intro:
    'Kode yang dipilih di formulir pasien. Kode tidak dapat diubah atau dihapus karena tersimpan di data pasien: ' +
    'namanya dapat diubah, dan kode yang tidak dipakai lagi dinonaktifkan.',
  tabs: {
    patient_group: 'Golongan Pasien',
    unit: 'Kesatuan',
    rank: 'Pangkat',
    company: 'Perusahaan',
  },
  add: 'Tambah Kode',
  empty: 'Belum ada kode di daftar ini.',
  columns: { code: 'Kode', name: 'Nama', status: 'Status', actions: 'Aksi' },
  active: 'Aktif',
  retired: 'Tidak aktif',
  edit: 'Ubah Nama',
  editLabel: 'Ubah nama kode {{code}}',
  retire: 'Nonaktifkan',
  retireLabel: 'Nonaktifkan kode {{code}}',
  cancel: 'Batal',
  form: {
    newTitle: 'Tambah Kode {{list}}',
    editTitle: 'Ubah Nama Kode {{code}}',
    code: 'Kode',
    codeHelp:
      'Huruf dan angka tanpa spasi, disimpan dengan huruf kapital. Kode yang pernah dinonaktifkan aktif kembali bila ditambahkan lagi.',
    name: 'Nama',
  },
  confirm: {
    title: 'Nonaktifkan kode?',
    message:
      'Kode {{code}} ({{name}}) tidak lagi ditawarkan di formulir pasien. Pasien yang sudah memakainya tetap menyimpannya.',
    accept: 'Nonaktifkan',
  },
  done: {
    added: 'Kode {{code}} ({{name}}) disimpan.',
    renamed: 'Nama kode {{code}} diubah menjadi {{name}}.',
    retired: 'Kode {{code}} dinonaktifkan.',
  },
} as const;

export const referensiNs = addNamespace('referensi', referensi);

declare module '../../i18n' {
  interface Resources {
    referensi: typeof referensi;
  }
}
