import { addNamespace } from '../../i18n';

export const tarifPelayanan = {
  book: 'Buku tarif',
  noBooks: 'Belum ada buku tarif.',
  search: 'Cari layanan',
  searchPlaceholder: 'Contoh: konsultasi',
  class: 'Kelas',
  allClasses: 'Semua kelas',
  total: '{{count}} item',
  columns: { name: 'Nama Layanan', class: 'Kelas', price: 'Tarif', actions: 'Aksi' },
  empty: 'Tidak ada item yang cocok.',
  admin: {
    label: 'Kelola buku tarif',
    newBook: 'Tambah Buku',
    renameBook: 'Ubah Nama Buku',
    deleteBook: 'Hapus Buku',
    newItem: 'Tambah Item',
    import: 'Impor CSV',
    editItem: 'Ubah {{name}} ({{class}})',
    deleteItem: 'Hapus {{name}} ({{class}})',
  },
  bookForm: {
    newTitle: 'Tambah Buku Tarif',
    renameTitle: 'Ubah Nama Buku Tarif',
    code: 'Kode',
    codeHelp: 'Huruf besar, angka, minus atau garis bawah; tidak dapat diubah kemudian.',
    name: 'Nama buku',
  },
  itemForm: {
    newTitle: 'Tambah Item Tarif',
    editTitle: 'Ubah Item Tarif',
    name: 'Nama layanan',
    class: 'Kelas',
    classHelp: 'Misalnya Umum, VIP, Kelas 1, Kelas 2 atau Kelas 3.',
    price: 'Tarif (Rp)',
  },
  importForm: {
    title: 'Impor CSV ke {{book}}',
    help: 'Baris pertama berisi judul kolom nama, kelas, tarif (atau name, class, price), dipisah koma atau titik koma. Tarif ditulis dalam rupiah bulat, misalnya 150000, 150.000 atau Rp 150.000.',
    mode: 'Cara impor',
    modes: {
      replace: 'Ganti semua item buku ini',
      append: 'Tambahkan ke item yang ada',
    },
    submit: 'Impor',
    failed: 'Tidak ada item yang diimpor.',
  },
  confirm: {
    title: 'Konfirmasi Hapus',
    deleteBook: 'Hapus buku "{{name}}" beserta semua itemnya?',
    deleteItem: 'Hapus item "{{name}}" ({{class}})?',
    accept: 'Hapus',
  },
  done: {
    bookCreated: 'Buku "{{name}}" ditambahkan.',
    bookRenamed: 'Nama buku diubah menjadi "{{name}}".',
    bookDeleted: 'Buku "{{name}}" dihapus.',
    itemSaved: 'Item "{{name}}" disimpan.',
    itemDeleted: 'Item "{{name}}" dihapus.',
    imported: '{{count}} item diimpor.',
  },
} as const;

export const tarifPelayananNs = addNamespace('tarifPelayanan', tarifPelayanan);

declare module '../../i18n' {
  interface Resources {
    tarifPelayanan: typeof tarifPelayanan;
  }
}
