import { addNamespace } from '../../i18n';

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

export const mejaPengaduanNs = addNamespace('mejaPengaduan', mejaPengaduan);

declare module '../../i18n' {
  interface Resources {
    mejaPengaduan: typeof mejaPengaduan;
  }
}
