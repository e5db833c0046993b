import { addNamespace, type English } from '../../i18n';

export const antreanMutu = {
  tab: 'Mutu Antrean BPJS',
  date: 'Tanggal',
  title: 'Mutu antrean online BPJS, {{date}}',
  help:
    'Kunjungan JKN per poli dan berapa yang laporannya diterima BPJS Antrean RS: booking (antrean/add) dan ' +
    'waktu task 3–7 (antrean/updatewaktu). Lengkap: booking serta task 3, 4, 5 diterima dan tidak ada laporan ' +
    'yang tertahan. Dibaca dari catatan portal sendiri, tanpa bertanya ke BPJS.',
  summary: '{{complete}} dari {{visits}} kunjungan JKN lengkap ({{percent}}).',
  noVisits: 'Tidak ada kunjungan JKN pada tanggal ini.',
  allClinics: 'Semua poli',
  notMapped: 'belum dipetakan ke BPJS',
  columns: {
    clinic: 'Poli',
    visits: 'Kunjungan JKN',
    booking: 'Booking diterima',
    task: 'Task {{id}}',
    complete: 'Lengkap',
    failed: 'Gagal',
  },
  failures: {
    title: 'Laporan yang ditolak atau gagal terkirim',
    empty: 'Tidak ada laporan yang gagal.',
    columns: {
      at: 'Dibuat',
      booking: 'Kode booking',
      patient: 'Pasien',
      clinic: 'Poli',
      call: 'Laporan',
      answer: 'Jawaban BPJS',
      status: 'Status',
      actions: 'Aksi',
    },
    task: '{{call}} task {{id}}',
    statuses: { pending: 'Dicoba lagi otomatis', failed: 'Gagal' },
    attempts: '{{count}} kali dicoba',
    resend: 'Kirim ulang',
    resendLabel: 'Kirim ulang laporan {{call}} booking {{code}}',
    resent: 'Laporan dijadwalkan untuk dikirim ulang ke BPJS.',
    alreadySent: 'Laporan ini sudah diterima BPJS.',
  },
  bpjs: {
    title: 'Data BPJS untuk rekonsiliasi',
    help:
      'Diambil langsung dari BPJS saat tombol ditekan: antrean yang tercatat di BPJS pada tanggal ini ' +
      '(antrean/pendaftaran), daftar task per booking (antrean/getlisttask) dan dasbor waktu tunggu ' +
      '(dashboard/waktutunggu, waktu server).',
    fetch: 'Ambil data BPJS',
    unavailable: 'Data BPJS tidak tersedia: {{reason}}',
    summary: 'BPJS mencatat {{count}} antrean pada tanggal ini, {{jkn}} di antaranya JKN.',
    differences: 'Selisih portal dan BPJS',
    noDifferences: 'Tidak ada selisih: setiap kunjungan JKN yang diterima tercatat sama di BPJS.',
    kinds: {
      onlyAtBpjs: 'Hanya di BPJS',
      onlyInPortal: 'Tidak ada di BPJS',
      tasksDiffer: 'Task berbeda',
    },
    columns: {
      booking: 'Kode booking',
      clinic: 'Kode poli',
      kind: 'Selisih',
      bpjsStatus: 'Status di BPJS',
      portalTasks: 'Task diterima (portal)',
      bpjsTasks: 'Task di BPJS',
    },
    none: '—',
    waits: 'Rata-rata waktu tunggu menurut BPJS',
    noWaits: 'BPJS belum punya data waktu tunggu untuk tanggal ini.',
    waitColumns: {
      clinic: 'Poli',
      queued: 'Jumlah antrean',
      task1: 'Tunggu admisi',
      task2: 'Layan admisi',
      task3: 'Tunggu poli',
      task4: 'Layan poli',
      task5: 'Tunggu farmasi',
      task6: 'Layan farmasi',
    },
    minutes: '{{minutes}} mnt {{seconds}} dtk',
  },
} as const;

export const antreanMutuEn: English<typeof antreanMutu> = {
  tab: 'BPJS Queue Quality',
  date: 'Date',
  title: 'BPJS online queue quality, {{date}}',
  help:
    'JKN visits per clinic and how many of their reports BPJS Antrean RS accepted: the booking (antrean/add) ' +
    'and the times of tasks 3–7 (antrean/updatewaktu). Complete: booking and tasks 3, 4, 5 accepted and no ' +
    "report held up. Read from the portal's own records, without asking BPJS.",
  summary: '{{complete}} of {{visits}} JKN visits complete ({{percent}}).',
  noVisits: 'No JKN visits on this date.',
  allClinics: 'All clinics',
  notMapped: 'not mapped to BPJS',
  columns: {
    clinic: 'Clinic',
    visits: 'JKN visits',
    booking: 'Booking accepted',
    task: 'Task {{id}}',
    complete: 'Complete',
    failed: 'Failed',
  },
  failures: {
    title: 'Reports refused or not sent',
    empty: 'No failed reports.',
    columns: {
      at: 'Created',
      booking: 'Booking code',
      patient: 'Patient',
      clinic: 'Clinic',
      call: 'Report',
      answer: "BPJS's answer",
      status: 'Status',
      actions: 'Actions',
    },
    task: '{{call}} task {{id}}',
    statuses: { pending: 'Retried automatically', failed: 'Failed' },
    attempts: 'tried {{count}} times',
    resend: 'Resend',
    resendLabel: 'Resend the {{call}} report of booking {{code}}',
    resent: 'The report is scheduled to be sent to BPJS again.',
    alreadySent: 'BPJS has already accepted this report.',
  },
  bpjs: {
    title: 'BPJS data for reconciliation',
    help:
      'Fetched from BPJS when the button is pressed: the bookings BPJS holds for this date ' +
      '(antrean/pendaftaran), the task list per booking (antrean/getlisttask) and the waiting-time dashboard ' +
      '(dashboard/waktutunggu, server times).',
    fetch: 'Fetch BPJS data',
    unavailable: 'BPJS data unavailable: {{reason}}',
    summary: 'BPJS holds {{count}} bookings for this date, {{jkn}} of them JKN.',
    differences: 'Differences between the portal and BPJS',
    noDifferences: 'No differences: every accepted JKN visit is recorded the same at BPJS.',
    kinds: {
      onlyAtBpjs: 'Only at BPJS',
      onlyInPortal: 'Missing at BPJS',
      tasksDiffer: 'Tasks differ',
    },
    columns: {
      booking: 'Booking code',
      clinic: 'Clinic code',
      kind: 'Difference',
      bpjsStatus: 'Status at BPJS',
      portalTasks: 'Tasks accepted (portal)',
      bpjsTasks: 'Tasks at BPJS',
    },
    none: '—',
    waits: 'Average waiting times according to BPJS',
    noWaits: 'BPJS has no waiting-time data for this date yet.',
    waitColumns: {
      clinic: 'Clinic',
      queued: 'Bookings',
      task1: 'Wait for admission',
      task2: 'Admission',
      task3: 'Wait for the clinic',
      task4: 'With the doctor',
      task5: 'Wait for the pharmacy',
      task6: 'Pharmacy',
    },
    minutes: '{{minutes}} min {{seconds}} s',
  },
};

export const antreanMutuNs = addNamespace('antreanMutu', antreanMutu, antreanMutuEn);

declare module '../../i18n' {
  interface Resources {
    antreanMutu: typeof antreanMutu;
  }
}
