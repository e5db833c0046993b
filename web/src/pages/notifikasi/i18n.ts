import { addNamespace, type English } from '../../i18n';

export const notifikasi = {
  title: 'Notifikasi WhatsApp dan laporan BPJS',
  filter: 'Status',
  channelFilter: 'Saluran',
  channels: { whatsapp: 'WhatsApp', bpjs: 'BPJS Antrean' },
  all: 'Semua',
  statuses: { pending: 'Menunggu', sent: 'Terkirim', failed: 'Gagal' },
  empty: 'Tidak ada pesan.',
  noRecipient: 'Tanpa penerima',
  reply: 'Jawaban: {{reply}}',
  columns: {
    createdAt: 'Dibuat',
    recipient: 'Penerima',
    message: 'Pesan',
    status: 'Status',
    lastError: 'Kesalahan terakhir',
    actions: 'Aksi',
  },
  attempts_one: '{{count}} percobaan',
  attempts_other: '{{count}} percobaan',
  lastError: 'Kesalahan terakhir: {{error}}',
  sentAt: 'Terkirim',
  nextAttemptAt: 'Dicoba lagi',
  retry: 'Kirim ulang',
  retryLabel: 'Kirim ulang pesan {{id}}',
  retried: 'Pesan dijadwalkan untuk dikirim ulang.',
  backlog: {
    title: 'Tertahan',
    none: '{{channel}}: tidak ada yang tertahan.',
    notConfigured_one:
      '{{channel}}: belum dikonfigurasi ({{setting}}); {{count}} pesan menunggu di sini dan baru terkirim setelah diatur.',
    notConfigured_other:
      '{{channel}}: belum dikonfigurasi ({{setting}}); {{count}} pesan menunggu di sini dan baru terkirim setelah diatur.',
    stuck_one:
      '{{channel}}: {{count}} pesan tertahan (gagal dicoba), yang tertua dibuat {{ago}}; {{failed}} gagal permanen.',
    stuck_other:
      '{{channel}}: {{count}} pesan tertahan (gagal dicoba), yang tertua dibuat {{ago}}; {{failed}} gagal permanen.',
    retryAll: 'Kirim ulang semua yang gagal',
    retryAllLabel: 'Kirim ulang semua yang gagal: {{channel}}',
    retriedAll_one: '{{count}} pesan dijadwalkan untuk dikirim ulang.',
    retriedAll_other: '{{count}} pesan dijadwalkan untuk dikirim ulang.',
  },
} as const;

export const notifikasiEn: English<typeof notifikasi> = {
  title: 'WhatsApp notifications and BPJS reports',
  filter: 'Status',
  channelFilter: 'Channel',
  channels: { whatsapp: 'WhatsApp', bpjs: 'BPJS Antrean (online queue)' },
  all: 'All',
  statuses: { pending: 'Pending', sent: 'Sent', failed: 'Failed' },
  empty: 'No messages.',
  noRecipient: 'No recipient',
  reply: 'Reply: {{reply}}',
  columns: {
    createdAt: 'Created',
    recipient: 'Recipient',
    message: 'Message',
    status: 'Status',
    lastError: 'Last error',
    actions: 'Actions',
  },
  attempts_one: '{{count}} attempt',
  attempts_other: '{{count}} attempts',
  lastError: 'Last error: {{error}}',
  sentAt: 'Sent',
  nextAttemptAt: 'Next attempt',
  retry: 'Resend',
  retryLabel: 'Resend message {{id}}',
  retried: 'The message is scheduled to be sent again.',
  backlog: {
    title: 'Held up',
    none: '{{channel}}: nothing held up.',
    notConfigured_one:
      '{{channel}}: not configured ({{setting}}); {{count}} message waits here and goes out once it is set.',
    notConfigured_other:
      '{{channel}}: not configured ({{setting}}); {{count}} messages wait here and go out once it is set.',
    stuck_one:
      '{{channel}}: {{count}} message held up (attempts failed), created {{ago}}; {{failed}} failed for good.',
    stuck_other:
      '{{channel}}: {{count}} messages held up (attempts failed), the oldest created {{ago}}; {{failed}} failed for good.',
    retryAll: 'Resend all failed',
    retryAllLabel: 'Resend all failed: {{channel}}',
    retriedAll_one: '{{count}} message scheduled to be sent again.',
    retriedAll_other: '{{count}} messages scheduled to be sent again.',
  },
};

export const notifikasiNs = addNamespace('notifikasi', notifikasi, notifikasiEn);

declare module '../../i18n' {
  interface Resources {
    notifikasi: typeof notifikasi;
  }
}
