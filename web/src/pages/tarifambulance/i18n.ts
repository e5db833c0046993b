import { addNamespace, type English } from '../../i18n';

export const tarifAmbulance = {
  search: 'Cari tujuan atau keterangan',
  searchPlaceholder: 'Contoh: Gowa, tol',
  columns: { destination: 'Tujuan', price: 'Tarif', notes: 'Keterangan', actions: 'Aksi' },
  empty: 'Tidak ada tarif yang cocok.',
  count: '{{count}} tarif',
  none: '—',
  admin: {
    label: 'Kelola tarif ambulans',
    add: 'Tambah Tarif',
    import: 'Impor CSV',
    edit: 'Ubah tarif {{destination}}',
    history: 'Riwayat tarif {{destination}}',
    retire: 'Nonaktifkan tarif {{destination}}',
  },
  form: {
    newTitle: 'Tambah Tarif Ambulans',
    editTitle: 'Ubah Tarif Ambulans',
    destination: 'Tujuan',
    destinationHelp: 'Kota, kabupaten atau zona jarak, seperti yang dipilih pemesan.',
    price: 'Tarif (Rp)',
    notes: 'Keterangan',
    notesHelp: 'Opsional, misalnya "Belum termasuk biaya tol".',
  },
  confirm: {
    title: 'Nonaktifkan Tarif',
    retire:
      'Nonaktifkan tarif "{{destination}}"? Tarif ini tidak tampil lagi untuk umum; riwayatnya tetap tersimpan.',
    accept: 'Nonaktifkan',
  },
  history: {
    title: 'Riwayat Tarif {{destination}}',
    table: 'Riwayat perubahan',
    close: 'Tutup',
    empty: 'Belum ada perubahan yang tercatat.',
    columns: { at: 'Waktu', staff: 'Petugas', change: 'Perubahan' },
    unknownStaff: 'Tidak diketahui',
    actions: { create: 'Ditambahkan', update: 'Diubah', retire: 'Dinonaktifkan' },
    viaImport: '(impor CSV)',
    fields: { destination: 'Tujuan', price: 'Tarif', notes: 'Keterangan' },
    created: '{{field}}: {{to}}',
    changed: '{{field}}: {{from}} → {{to}}',
    none: '(kosong)',
  },
  import: {
    title: 'Impor Tarif Ambulans dari CSV',
    help: 'Baris pertama berisi judul kolom tujuan, tarif dan (opsional) keterangan, dipisah koma atau titik koma. Tujuan yang sudah ada (huruf besar/kecil tidak dibedakan) diubah tarifnya; tujuan lain ditambahkan. Tarif ditulis dalam rupiah bulat, misalnya 350000, 350.000 atau Rp 350.000.',
    preview: 'Pratinjau',
    apply: 'Terapkan',
    failed: 'Tidak ada tarif yang diimpor.',
    previewTitle: 'Pratinjau impor',
    summary: '{{added}} ditambahkan, {{updated}} diubah, {{unchanged}} tidak berubah, {{rejected}} ditolak.',
    fixRejected:
      'Perbaiki baris yang ditolak, lalu pilih berkasnya lagi: impor hanya diterapkan bila semua baris benar.',
    ready: 'Periksa lalu tekan Terapkan.',
    nothing: 'Tidak ada yang perlu diubah.',
    columns: { line: 'Baris', destination: 'Tujuan', price: 'Tarif', status: 'Status', detail: 'Keterangan' },
    statuses: { added: 'Ditambahkan', updated: 'Diubah', unchanged: 'Tetap', rejected: 'Ditolak' },
    was: 'sebelumnya {{price}}; keterangan: {{notes}}',
    none: '—',
  },
  done: {
    saved: 'Tarif "{{destination}}" disimpan.',
    retired: 'Tarif "{{destination}}" dinonaktifkan.',
    imported: 'Impor selesai: {{added}} tarif ditambahkan, {{updated}} diubah.',
  },
} as const;

export const tarifAmbulanceEn: English<typeof tarifAmbulance> = {
  search: 'Search destinations or notes',
  searchPlaceholder: 'Example: Gowa, tol',
  columns: { destination: 'Destination', price: 'Fare', notes: 'Notes', actions: 'Actions' },
  empty: 'No matching fares.',
  count: '{{count}} fares',
  none: '—',
  admin: {
    label: 'Manage ambulance fares',
    add: 'Add Fare',
    import: 'Import CSV',
    edit: 'Edit the fare to {{destination}}',
    history: 'History of the fare to {{destination}}',
    retire: 'Retire the fare to {{destination}}',
  },
  form: {
    newTitle: 'Add Ambulance Fare',
    editTitle: 'Edit Ambulance Fare',
    destination: 'Destination',
    destinationHelp: 'City, regency or distance zone, as callers choose it.',
    price: 'Fare (Rp)',
    notes: 'Notes',
    notesHelp: 'Optional, for example "Toll charges not included".',
  },
  confirm: {
    title: 'Retire Fare',
    retire: 'Retire the fare to "{{destination}}"? It is no longer shown to the public; its history is kept.',
    accept: 'Retire',
  },
  history: {
    title: 'History of the Fare to {{destination}}',
    table: 'Changes',
    close: 'Close',
    empty: 'No changes recorded yet.',
    columns: { at: 'Time', staff: 'Staff member', change: 'Change' },
    unknownStaff: 'Unknown',
    actions: { create: 'Added', update: 'Changed', retire: 'Retired' },
    viaImport: '(CSV import)',
    fields: { destination: 'Destination', price: 'Fare', notes: 'Notes' },
    created: '{{field}}: {{to}}',
    changed: '{{field}}: {{from}} → {{to}}',
    none: '(empty)',
  },
  import: {
    title: 'Import Ambulance Fares from CSV',
    help: 'The first row holds the column headings tujuan, tarif and (optionally) keterangan, separated by commas or semicolons. Destinations that already exist (ignoring upper and lower case) get the new fare; other destinations are added. Fares are whole rupiah, for example 350000, 350.000 or Rp 350.000.',
    preview: 'Preview',
    apply: 'Apply',
    failed: 'No fares were imported.',
    previewTitle: 'Import preview',
    summary: '{{added}} added, {{updated}} changed, {{unchanged}} unchanged, {{rejected}} rejected.',
    fixRejected:
      'Correct the rejected rows, then choose the file again: the import is applied only when every row is valid.',
    ready: 'Check, then press Apply.',
    nothing: 'Nothing needs changing.',
    columns: { line: 'Row', destination: 'Destination', price: 'Fare', status: 'Status', detail: 'Details' },
    statuses: { added: 'Added', updated: 'Changed', unchanged: 'Unchanged', rejected: 'Rejected' },
    was: 'was {{price}}; notes: {{notes}}',
    none: '—',
  },
  done: {
    saved: 'Fare to "{{destination}}" saved.',
    retired: 'Fare to "{{destination}}" retired.',
    imported: 'Import finished: {{added}} fares added, {{updated}} changed.',
  },
};

export const tarifAmbulanceNs = addNamespace('tarifAmbulance', tarifAmbulance, tarifAmbulanceEn);

declare module '../../i18n' {
  interface Resources {
    tarifAmbulance: typeof tarifAmbulance;
  }
}
