import { addNamespace } from '../../i18n';

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

export const tarifAmbulanceNs = addNamespace('tarifAmbulance', tarifAmbulance);

declare module '../../i18n' {
  interface Resources {
    tarifAmbulance: typeof tarifAmbulance;
  }
}
