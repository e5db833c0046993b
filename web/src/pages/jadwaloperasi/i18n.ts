import { addNamespace } from '../../i18n';

export const jadwalOperasi = {
  toolbar: {
    date: 'Tanggal',
    status: 'Status',
    allStatuses: 'Semua status',
    add: 'Tambah operasi',
    today: 'Hari ini',
    board: 'Buka papan operasi',
    boardHint: '(tab baru, untuk layar ruang tunggu)',
  },
  list: {
    title: 'Jadwal Operasi {{date}}',
    empty: 'Belum ada operasi pada tanggal ini.',
    emptyFiltered: 'Tidak ada operasi dengan status ini.',
    count: '{{count}} operasi',
    reorderHint: 'Urutan dapat diubah bila semua status ditampilkan.',
    columns: {
      order: 'No.',
      plannedStart: 'Jam',
      theatre: 'Kamar',
      patient: 'Pasien',
      procedure: 'Tindakan',
      surgeon: 'Operator',
      status: 'Status',
      actions: 'Aksi',
    },
    mrn: 'No. RM {{mrn}}',
    none: '—',
    cancelReason: 'Alasan: {{reason}}',
    up: 'Naikkan urutan {{procedure}} ({{name}})',
    down: 'Turunkan urutan {{procedure}} ({{name}})',
    edit: 'Ubah',
    editLabel: 'Ubah operasi {{procedure}} ({{name}})',
    start: 'Mulai',
    startLabel: 'Mulai operasi {{procedure}} ({{name}})',
    finish: 'Selesai',
    finishLabel: 'Selesaikan operasi {{procedure}} ({{name}})',
    cancel: 'Batalkan',
    cancelLabel: 'Batalkan operasi {{procedure}} ({{name}})',
  },
  statuses: {
    Menunggu: 'Menunggu',
    'Sedang Berlangsung': 'Sedang Berlangsung',
    Selesai: 'Selesai',
    Batal: 'Batal',
  },
  form: {
    newTitle: 'Tambah Operasi',
    editTitle: 'Ubah Operasi',
    date: 'Tanggal operasi',
    patient: 'Pasien',
    patientSearch: 'Cari pasien (No. RM atau nama)',
    patientSearchPlaceholder: 'Contoh: 000214 atau Andi',
    patientSearchHint: 'Ketik minimal 2 huruf atau angka, lalu pilih pasiennya.',
    patientsFound: 'Hasil pencarian pasien',
    patientNone: 'Tidak ada pasien yang cocok.',
    choose: 'Pilih',
    chooseLabel: 'Pilih {{name}} (No. RM {{mrn}})',
    chosen: '{{name}} — No. RM {{mrn}}, lahir {{birthDate}}',
    change: 'Ganti pasien',
    procedure: 'Tindakan',
    procedureHelp: 'Misalnya Appendektomi atau Sectio Caesarea.',
    theatre: 'Kamar operasi',
    theatreHelp: 'Misalnya OK 1.',
    surgeon: 'Dokter operator',
    noSurgeon: 'Belum ditentukan',
    plannedStart: 'Jam rencana mulai',
    plannedStartHelp: 'Boleh dikosongkan.',
  },
  cancelDialog: {
    title: 'Batalkan Operasi',
    intro: 'Operasi {{procedure}} untuk {{name}} dibatalkan dan tetap tercatat di jadwal.',
    reason: 'Alasan pembatalan',
    submit: 'Batalkan operasi',
    back: 'Kembali',
  },
  done: {
    added: 'Operasi {{procedure}} ({{name}}) ditambahkan sebagai urutan {{order}}.',
    saved: 'Operasi {{procedure}} ({{name}}) disimpan.',
    moved: 'Urutan operasi disimpan.',
    started: 'Operasi {{procedure}} ({{name}}) dimulai.',
    finished: 'Operasi {{procedure}} ({{name}}) selesai.',
    cancelled: 'Operasi {{procedure}} ({{name}}) dibatalkan.',
  },
} as const;

export const jadwalOperasiNs = addNamespace('jadwalOperasi', jadwalOperasi);

declare module '../../i18n' {
  interface Resources {
    jadwalOperasi: typeof jadwalOperasi;
  }
}
