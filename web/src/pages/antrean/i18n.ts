import { addNamespace } from '../../i18n';

export const antrean = {
  clinic: 'Poli',
  chooseClinic: 'Pilih poli',
  chooseClinicHint: 'Pilih poli untuk melihat antrean hari ini.',
  noClinics: 'Belum ada poli aktif. Tambahkan poli di Jadwal Poli.',
  board: 'Buka papan antrean',
  boardHint: '(tab baru)',
  today: 'Antrean {{clinic}}, {{date}}',
  noSessions: 'Tidak ada jadwal dokter di poli ini hari ini.',
  session: {
    title: '{{doctor}} · {{start}}–{{end}}',
    quotaJkn: 'Kuota JKN',
    quotaNonJkn: 'Kuota non-JKN',
    quota: '{{used}} dari {{quota}} terpakai, sisa {{remaining}}',
    called: 'Nomor dipanggil',
    calledPatient: '{{name}} ({{mrn}})',
    noneCalled: 'Belum ada nomor yang dipanggil.',
    callNext: 'Panggil berikutnya',
    undo: 'Batalkan aksi terakhir',
    lastAction: 'Aksi terakhir: {{number}} — {{task}}, pukul {{time}}.',
    noLastAction: 'Belum ada aksi yang dapat dibatalkan.',
    empty: 'Belum ada pendaftaran untuk jadwal ini.',
  },
  columns: {
    number: 'No. Antrean',
    patient: 'Pasien',
    payer: 'Penjamin',
    source: 'Kanal',
    newPatient: 'Pasien Baru',
    status: 'Status',
    lastTask: 'Tugas Terakhir',
    estimatedAt: 'Perkiraan',
    pharmacy: 'Farmasi',
    actions: 'Aksi',
  },
  newPatient: 'Baru',
  tabs: { clinic: 'Antrean Poli', pharmacy: 'Antrean Farmasi' },
  pharmacy: {
    title: 'Antrean farmasi hari ini',
    hint: 'Resep yang dikirim poli setelah pasien selesai diperiksa, menurut nomor farmasi.',
    empty: 'Belum ada resep yang dikirim ke farmasi hari ini.',
    columns: { number: 'No. Farmasi', clinic: 'Poli · No. Antrean', type: 'Jenis Resep' },
    types: { racikan: 'Racikan', 'non racikan': 'Non racikan' },
    send: 'Ke farmasi: {{type}}',
    sendLabel: 'Kirim {{number}} ke farmasi, resep {{type}}',
    sent: 'Farmasi {{number}} · {{type}}',
  },
  noTask: '—',
  taskAt: '{{task}} · {{time}}',
  payers: { JKN: 'JKN', UMUM: 'Umum' },
  // BPJS task ids: what each stamp means at the counter and the clinic.
  tasks: {
    '1': 'Tugas 1: tunggu admisi',
    '2': 'Tugas 2: admisi',
    '3': 'Tugas 3: tunggu poli',
    '4': 'Tugas 4: dilayani poli',
    '5': 'Tugas 5: selesai poli',
    '6': 'Tugas 6: tunggu farmasi',
    '7': 'Tugas 7: obat selesai',
    '99': 'Tugas 99: batal / tidak hadir',
  },
  actions: {
    'check-in': 'Check-in',
    'admission-start': 'Mulai admisi',
    'admission-end': 'Selesai admisi',
    call: 'Panggil',
    serve: 'Selesai dilayani',
    'no-show': 'Tidak hadir',
    'pharmacy-start': 'Mulai siapkan obat',
    'pharmacy-done': 'Obat selesai',
    label: '{{action}} {{number}}',
    none: '—',
  },
  done: {
    'check-in': '{{number}} sudah check-in.',
    'admission-start': 'Admisi {{number}} dimulai.',
    'admission-end': 'Admisi {{number}} selesai; menunggu poli.',
    call: '{{number}} dipanggil.',
    serve: '{{number}} selesai dilayani.',
    'no-show': '{{number}} dicatat tidak hadir.',
    'pharmacy-start': 'Obat {{number}} mulai disiapkan.',
    'pharmacy-done': 'Obat {{number}} selesai; pasien dapat mengambilnya.',
    pharmacy: '{{number}} dikirim ke farmasi dengan nomor farmasi {{pharmacyNumber}}.',
    undone: 'Aksi terakhir dibatalkan: {{number}} kini {{status}}.',
  },
  // The way to the counter booking: the patient by medical record number.
  counter: {
    open: 'Daftarkan pasien',
    lookup: {
      title: 'Pendaftaran di loket',
      intro: 'Cari pasien dengan nomor rekam medisnya, lalu pilih poli, tanggal dan dokter.',
      mrn: 'No. rekam medis (No. RM)',
      mrnHelp: 'Pasien yang belum punya No. RM didaftarkan dulu di menu Pasien.',
      find: 'Cari',
      notFound: 'Tidak ada pasien dengan No. RM {{mrn}}.',
    },
  },
} as const;

export const antreanNs = addNamespace('antrean', antrean);

declare module '../../i18n' {
  interface Resources {
    antrean: typeof antrean;
  }
}
