import { addNamespace, type English } from '../../i18n';

export const sistem = {
  intro: 'Keadaan server portal, dibaca ulang setiap 30 detik.',
  moment: '{{time}} ({{ago}})',
  warnings: {
    title: 'Perlu perhatian',
    none: 'Tidak ada yang perlu diperhatikan pada konfigurasi.',
    codes: {
      BPJS_ANTREAN_OFF:
        'Antrean RS BPJS belum dikonfigurasi (BPJS_ANTREAN_URL, BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY): laporan antrean ke BPJS menunggu di outbox.',
      APLICARES_OFF:
        'Aplicares BPJS belum dikonfigurasi (BPJS_APLICARES_URL dan BPJS_PPK_CODE): ketersediaan tempat tidur tidak dilaporkan ke BPJS.',
      WHATSAPP_GATEWAY_OFF:
        'Gateway WhatsApp belum dikonfigurasi (WHATSAPP_GATEWAY_URL): pesan ke pasien menunggu di outbox.',
      COOKIE_SECURE_OFF:
        'Portal dibuka lewat HTTPS, tetapi COOKIE_SECURE tidak aktif: cookie sesi petugas tidak ditandai Secure.',
      TRUST_PROXY_OFF:
        'Permintaan datang lewat proxy (X-Forwarded-For), tetapi TRUST_PROXY tidak aktif: alamat klien di log dan batas permintaan adalah alamat proxy.',
      EMBEDDED_DATABASE:
        'Basis data tertanam (PGlite) cukup untuk uji coba; untuk produksi pakai PostgreSQL (DATABASE_URL).',
      METRICS_TOKEN_UNSET:
        'METRICS_TOKEN belum diisi: /metrics hanya menjawab permintaan langsung dari server ini, bukan Prometheus di mesin lain.',
    },
  },
  server: {
    title: 'Server',
    version: 'Versi',
    unknownCommit: 'commit tidak diketahui',
    node: 'Node.js',
    startedAt: 'Berjalan sejak',
    workers: 'Proses server',
    staffSessions: 'Sesi staf aktif',
  },
  database: {
    title: 'Basis data',
    kind: 'Jenis',
    kinds: { pglite: 'PGlite (tertanam)', postgres: 'PostgreSQL' },
    size: 'Ukuran',
    megabytes: '{{size}} MB',
  },
  backup: {
    title: 'Cadangan terakhir',
    none: 'Belum ada cadangan.',
    stale: 'Cadangan terakhir lebih dari 26 jam yang lalu.',
    finishedAt: 'Selesai',
    file: 'Berkas',
    size: 'Ukuran',
    kind: 'Jenis',
    kinds: { embedded: 'Basis data tertanam (PGlite)', postgres: 'pg_dump PostgreSQL' },
    drilledAt: 'Uji pemulihan berhasil',
    neverDrilled: 'Belum pernah',
  },
  outbox: {
    title: 'Outbox',
    channels: { whatsapp: 'WhatsApp', bpjs: 'BPJS Antrean' },
    columns: {
      channel: 'Saluran',
      pending: 'Menunggu',
      failed: 'Gagal',
      oldestPendingAt: 'Tertua menunggu sejak',
      lastSentAt: 'Terakhir terkirim',
    },
    nothingWaits: '–',
    neverSent: 'Belum pernah',
  },
  simrsLink: {
    title: 'Tautan SIMRS',
    target: 'Alamat SIMRS',
    help: 'Portal mencerminkan tabel SIMRS berikut. "Data per" berarti setiap perubahan di SIMRS sebelum saat itu sudah ada di portal.',
    columns: {
      table: 'Tabel SIMRS',
      rowsMirrored: 'Baris tercermin',
      rowsRejected: 'Ditolak',
      firstMirror: 'Cermin pertama',
      syncedAt: 'Data per',
      lastError: 'Galat terakhir',
    },
    lastRejection: 'Terakhir: {{reason}}',
    firstMirrorDone: 'Selesai',
    firstMirrorAt: 'sampai sr_recno {{recno}}',
    notSynced: 'Belum ada (cermin pertama berjalan)',
    noError: '–',
  },
} as const;

export const sistemEn: English<typeof sistem> = {
  intro: 'The state of the portal server, read again every 30 seconds.',
  moment: '{{time}} ({{ago}})',
  warnings: {
    title: 'Needs attention',
    none: 'Nothing in the configuration needs attention.',
    codes: {
      BPJS_ANTREAN_OFF:
        'BPJS Antrean RS is not configured (BPJS_ANTREAN_URL, BPJS_CONS_ID, BPJS_SECRET_KEY, BPJS_USER_KEY): the queue reports to BPJS wait in the outbox.',
      APLICARES_OFF:
        'BPJS Aplicares is not configured (BPJS_APLICARES_URL and BPJS_PPK_CODE): bed availability is not reported to BPJS.',
      WHATSAPP_GATEWAY_OFF:
        'No WhatsApp gateway is configured (WHATSAPP_GATEWAY_URL): messages to patients wait in the outbox.',
      COOKIE_SECURE_OFF:
        'The portal is opened over HTTPS, but COOKIE_SECURE is off: staff session cookies are not marked Secure.',
      TRUST_PROXY_OFF:
        'Requests come through a proxy (X-Forwarded-For), but TRUST_PROXY is off: the log and the request limits see the proxy’s address instead of the client’s.',
      EMBEDDED_DATABASE:
        'The embedded database (PGlite) is fine for a trial; use PostgreSQL (DATABASE_URL) in production.',
      METRICS_TOKEN_UNSET:
        'METRICS_TOKEN is not set: /metrics answers only requests made on this server, not Prometheus on another machine.',
    },
  },
  server: {
    title: 'Server',
    version: 'Version',
    unknownCommit: 'commit unknown',
    node: 'Node.js',
    startedAt: 'Running since',
    workers: 'Server processes',
    staffSessions: 'Active staff sessions',
  },
  database: {
    title: 'Database',
    kind: 'Kind',
    kinds: { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' },
    size: 'Size',
    megabytes: '{{size}} MB',
  },
  backup: {
    title: 'Last backup',
    none: 'No backup yet.',
    stale: 'The last backup is more than 26 hours old.',
    finishedAt: 'Finished',
    file: 'File',
    size: 'Size',
    kind: 'Kind',
    kinds: { embedded: 'Embedded database (PGlite)', postgres: 'PostgreSQL pg_dump' },
    drilledAt: 'Restore drill passed',
    neverDrilled: 'Never',
  },
  outbox: {
    title: 'Outbox',
    channels: { whatsapp: 'WhatsApp', bpjs: 'BPJS Antrean (online queue)' },
    columns: {
      channel: 'Channel',
      pending: 'Waiting',
      failed: 'Failed',
      oldestPendingAt: 'Oldest waiting since',
      lastSentAt: 'Last delivered',
    },
    nothingWaits: '–',
    neverSent: 'Never',
  },
  simrsLink: {
    title: 'SIMRS link',
    target: 'SIMRS address',
    help: 'The portal mirrors these SIMRS tables. "Data as of" means every change made in the SIMRS before that moment is in the portal.',
    columns: {
      table: 'SIMRS table',
      rowsMirrored: 'Rows mirrored',
      rowsRejected: 'Turned away',
      firstMirror: 'First mirror',
      syncedAt: 'Data as of',
      lastError: 'Last error',
    },
    lastRejection: 'Last: {{reason}}',
    firstMirrorDone: 'Done',
    firstMirrorAt: 'up to sr_recno {{recno}}',
    notSynced: 'None yet (first mirror running)',
    noError: '–',
  },
};

export const sistemNs = addNamespace('sistem', sistem, sistemEn);

declare module '../../i18n' {
  interface Resources {
    sistem: typeof sistem;
  }
}
