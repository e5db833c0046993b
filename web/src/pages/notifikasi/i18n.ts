import { addNamespace } from '../../i18n';

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
    channel: 'Saluran',
    recipient: 'Penerima',
    message: 'Pesan',
    status: 'Status',
    attempts: 'Percobaan',
    lastError: 'Kesalahan terakhir',
    times: 'Waktu',
    actions: 'Aksi',
  },
  sentAt: 'Terkirim {{time}}',
  nextAttemptAt: 'Dicoba lagi {{time}}',
  retry: 'Kirim ulang',
  retryLabel: 'Kirim ulang pesan {{id}}',
  retried: 'Pesan dijadwalkan untuk dikirim ulang.',
} as const;

export const notifikasiNs = addNamespace('notifikasi', notifikasi);

declare module '../../i18n' {
  interface Resources {
    notifikasi: typeof notifikasi;
  }
}
