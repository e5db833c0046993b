import { addNamespace, type English } from '../../i18n';

export const mejaPengaduan = {
  filters: { status: 'Status', category: 'Kategori', all: 'Semua' },
  list: {
    title: 'Daftar Pengaduan',
    empty: 'Tidak ada pengaduan.',
    columns: {
      code: 'Kode',
      createdAt: 'Masuk',
      category: 'Kategori',
      name: 'Pengadu',
      status: 'Status',
      actions: 'Aksi',
    },
    anonymous: 'Tanpa nama',
    open: 'Buka',
    openLabel: 'Buka pengaduan {{code}}',
  },
  detail: {
    title: 'Pengaduan {{code}}',
    name: 'Nama',
    phone: 'No. HP',
    category: 'Kategori',
    unit: 'Unit',
    createdAt: 'Masuk',
    message: 'Pesan',
    none: '—',
    answers: 'Jawaban',
    noAnswers: 'Belum ada jawaban.',
    by: 'oleh {{name}}',
    answer: 'Jawab',
    answerLabel: 'Jawaban',
    answerStatus: 'Sekaligus ubah status',
    keepStatus: 'Tetap {{status}}',
    status: 'Ubah Status',
    moveTo: { IN_PROGRESS: 'Proses', RESOLVED: 'Selesaikan', RECEIVED: 'Diterima' },
    noMoves: 'Pengaduan ini sudah selesai.',
  },
  categories: {
    title: 'Kategori Pengaduan',
    help: 'Kategori yang aktif ditawarkan pada formulir pengaduan, menurut urutan. Kategori nonaktif tetap tercatat pada pengaduan lama.',
    add: 'Tambah kategori',
    empty: 'Belum ada kategori.',
    columns: { code: 'Kode', name: 'Nama', sort: 'Urutan', active: 'Aktif', actions: 'Aksi' },
    activeLabel: 'Kategori {{name}} aktif',
    edit: 'Ubah',
    editLabel: 'Ubah kategori {{name}}',
    form: {
      newTitle: 'Tambah Kategori Pengaduan',
      editTitle: 'Ubah Kategori {{code}}',
      code: 'Kode',
      codeHelp: 'Huruf kecil, angka atau minus (2–30 karakter); tidak dapat diubah kemudian.',
      name: 'Nama kategori',
      sort: 'Urutan',
      sortHelp: 'Angka kecil tampil lebih dulu; urutan yang sama diurutkan menurut nama.',
    },
    done: {
      created: 'Kategori "{{name}}" ditambahkan.',
      saved: 'Kategori "{{name}}" disimpan.',
      activated: 'Kategori "{{name}}" diaktifkan.',
      deactivated: 'Kategori "{{name}}" dinonaktifkan.',
    },
  },
  done: {
    answered: 'Jawaban untuk {{code}} dikirim.',
    status: 'Pengaduan {{code}}: {{status}}.',
  },
} as const;

export const mejaPengaduanEn: English<typeof mejaPengaduan> = {
  filters: { status: 'Status', category: 'Category', all: 'All' },
  list: {
    title: 'Complaints',
    empty: 'No complaints.',
    columns: {
      code: 'Code',
      createdAt: 'Received',
      category: 'Category',
      name: 'Complainant',
      status: 'Status',
      actions: 'Actions',
    },
    anonymous: 'Anonymous',
    open: 'Open',
    openLabel: 'Open complaint {{code}}',
  },
  detail: {
    title: 'Complaint {{code}}',
    name: 'Name',
    phone: 'Mobile number',
    category: 'Category',
    unit: 'Unit',
    createdAt: 'Received',
    message: 'Message',
    none: '—',
    answers: 'Answers',
    noAnswers: 'No answers yet.',
    by: 'by {{name}}',
    answer: 'Answer',
    answerLabel: 'Answer',
    answerStatus: 'Also change the status',
    keepStatus: 'Keep {{status}}',
    status: 'Change Status',
    moveTo: { IN_PROGRESS: 'Mark in progress', RESOLVED: 'Resolve', RECEIVED: 'Mark received' },
    noMoves: 'This complaint is resolved.',
  },
  categories: {
    title: 'Complaint Categories',
    help: 'Active categories are offered on the complaint form, in this order. Inactive categories stay on older complaints.',
    add: 'Add category',
    empty: 'No categories yet.',
    columns: { code: 'Code', name: 'Name', sort: 'Order', active: 'Active', actions: 'Actions' },
    activeLabel: 'Category {{name}} active',
    edit: 'Edit',
    editLabel: 'Edit category {{name}}',
    form: {
      newTitle: 'Add Complaint Category',
      editTitle: 'Edit Category {{code}}',
      code: 'Code',
      codeHelp: 'Lower-case letters, digits or hyphens (2–30 characters); cannot be changed later.',
      name: 'Category name',
      sort: 'Order',
      sortHelp: 'Smaller numbers come first; equal numbers are sorted by name.',
    },
    done: {
      created: 'Category "{{name}}" added.',
      saved: 'Category "{{name}}" saved.',
      activated: 'Category "{{name}}" activated.',
      deactivated: 'Category "{{name}}" deactivated.',
    },
  },
  done: {
    answered: 'Answer to {{code}} sent.',
    status: 'Complaint {{code}}: {{status}}.',
  },
};

export const mejaPengaduanNs = addNamespace('mejaPengaduan', mejaPengaduan, mejaPengaduanEn);

declare module '../../i18n' {
  interface Resources {
    mejaPengaduan: typeof mejaPengaduan;
  }
}
