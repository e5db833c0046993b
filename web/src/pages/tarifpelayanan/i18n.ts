import { addNamespace, type English } from '../../i18n';

export const tarifPelayanan = {
  simrsOwned: 'Buku tarif',
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
    classHelp: 'VVIP, VIP, Kelas 1, Kelas 2, Kelas 3 atau Umum, atau kelas yang sudah ada di buku ini.',
    price: 'Tarif (Rp)',
  },
  importForm: {
    title: 'Impor CSV ke {{book}}',
    help: 'Baris pertama berisi judul kolom nama, kelas, tarif (atau name, class, price), dipisah koma atau titik koma. Tarif ditulis dalam rupiah bulat, misalnya 150000, 150.000 atau Rp 150.000. Kelas: {{classes}} (huruf besar atau kecil), atau kelas yang sudah ada di buku ini. Saat ditambahkan, layanan dengan nama dan kelas yang sudah ada diperbarui tarifnya.',
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
    importedUpdated: '{{count}} item ditambahkan; tarif {{updated}} item yang sudah ada diperbarui.',
  },
} as const;

export const tarifPelayananEn: English<typeof tarifPelayanan> = {
  simrsOwned: 'tariff books',
  book: 'Tariff book',
  noBooks: 'There are no tariff books yet.',
  search: 'Search services',
  searchPlaceholder: 'Example: konsultasi',
  class: 'Class',
  allClasses: 'All classes',
  total: '{{count}} items',
  columns: { name: 'Service', class: 'Class', price: 'Tariff', actions: 'Actions' },
  empty: 'No matching items.',
  admin: {
    label: 'Manage tariff books',
    newBook: 'Add Book',
    renameBook: 'Rename Book',
    deleteBook: 'Delete Book',
    newItem: 'Add Item',
    import: 'Import CSV',
    editItem: 'Edit {{name}} ({{class}})',
    deleteItem: 'Delete {{name}} ({{class}})',
  },
  bookForm: {
    newTitle: 'Add Tariff Book',
    renameTitle: 'Rename Tariff Book',
    code: 'Code',
    codeHelp: 'Capital letters, digits, hyphens or underscores; cannot be changed later.',
    name: 'Book name',
  },
  itemForm: {
    newTitle: 'Add Tariff Item',
    editTitle: 'Edit Tariff Item',
    name: 'Service name',
    class: 'Class',
    classHelp: 'VVIP, VIP, Kelas 1, Kelas 2, Kelas 3 or Umum, or a class this book already has.',
    price: 'Tariff (Rp)',
  },
  importForm: {
    title: 'Import CSV into {{book}}',
    help: 'The first row holds the column headings nama, kelas, tarif (or name, class, price), separated by commas or semicolons. Tariffs are whole rupiah, for example 150000, 150.000 or Rp 150.000. Classes: {{classes}} (any case), or a class this book already has. When adding, a service whose name and class are already there gets the new tariff.',
    mode: 'Import mode',
    modes: {
      replace: 'Replace all items of this book',
      append: 'Add to the existing items',
    },
    submit: 'Import',
    failed: 'No items were imported.',
  },
  confirm: {
    title: 'Confirm Deletion',
    deleteBook: 'Delete the book "{{name}}" with all its items?',
    deleteItem: 'Delete the item "{{name}}" ({{class}})?',
    accept: 'Delete',
  },
  done: {
    bookCreated: 'Book "{{name}}" added.',
    bookRenamed: 'Book renamed to "{{name}}".',
    bookDeleted: 'Book "{{name}}" deleted.',
    itemSaved: 'Item "{{name}}" saved.',
    itemDeleted: 'Item "{{name}}" deleted.',
    imported: '{{count}} items imported.',
    importedUpdated: 'Items added: {{count}}; items already there with a new tariff: {{updated}}.',
  },
};

export const tarifPelayananNs = addNamespace('tarifPelayanan', tarifPelayanan, tarifPelayananEn);

declare module '../../i18n' {
  interface Resources {
    tarifPelayanan: typeof tarifPelayanan;
  }
}
