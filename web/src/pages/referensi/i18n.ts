import { addNamespace, type English } from '../../i18n';

export const referensi = {
  simrsOwned: 'Daftar kode',
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

export const referensiEn: English<typeof referensi> = {
  simrsOwned: 'code lists',
  intro:
    'Codes chosen on the patient form. A code cannot be changed or deleted because patient records keep it: ' +
    'its name can be changed, and a code no longer in use is retired.',
  tabs: {
    patient_group: 'Patient Groups',
    unit: 'Military Units',
    rank: 'Ranks',
    company: 'Companies',
  },
  add: 'Add Code',
  empty: 'There are no codes in this list yet.',
  columns: { code: 'Code', name: 'Name', status: 'Status', actions: 'Actions' },
  active: 'Active',
  retired: 'Retired',
  edit: 'Rename',
  editLabel: 'Rename code {{code}}',
  retire: 'Retire',
  retireLabel: 'Retire code {{code}}',
  form: {
    newTitle: 'Add a Code to {{list}}',
    editTitle: 'Rename Code {{code}}',
    code: 'Code',
    codeHelp:
      'Letters and digits without spaces, saved in capitals. A retired code becomes active again when it is added again.',
    name: 'Name',
  },
  confirm: {
    title: 'Retire this code?',
    message:
      'Code {{code}} ({{name}}) will no longer be offered on the patient form. Patients who already have it keep it.',
    accept: 'Retire',
  },
  done: {
    added: 'Code {{code}} ({{name}}) saved.',
    renamed: 'Code {{code}} renamed to {{name}}.',
    retired: 'Code {{code}} retired.',
  },
};

export const referensiNs = addNamespace('referensi', referensi, referensiEn);

declare module '../../i18n' {
  interface Resources {
    referensi: typeof referensi;
  }
}
