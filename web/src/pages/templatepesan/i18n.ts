import { addNamespace } from '../../i18n';

export const templatPesan = {
  intro:
    'Pesan WhatsApp yang dikirim otomatis kepada pasien tentang pendaftaran rawat jalannya dan, setelah dilayani, ' +
    'undangan survei kepuasan. Isian dalam kurung kurawal, misalnya {kode_booking}, diganti dengan data pendaftaran pasien.',
  templates: {
    heading: 'Isi Pesan',
    empty: 'Belum ada isi pesan.',
    kinds: {
      booking_confirmation: 'Konfirmasi pendaftaran',
      booking_reminder: 'Pengingat H-1',
      queue_near: 'Antrean hampir tiba',
      session_cancelled: 'Jadwal dibatalkan (dokter cuti / hari tutup)',
      survey_invitation: 'Undangan survei kepuasan',
    },
    columns: { kind: 'Pesan', body: 'Isi', status: 'Status', actions: 'Aksi' },
    custom: 'Diubah',
    builtIn: 'Bawaan',
    edit: 'Ubah',
    editLabel: 'Ubah pesan {{kind}}',
    reset: 'Kembalikan',
    resetLabel: 'Kembalikan pesan {{kind}} ke isi bawaan',
  },
  form: {
    title: 'Ubah Pesan: {{kind}}',
    body: 'Isi pesan',
    placeholders: 'Isian yang dapat dipakai: {{names}}',
    unknown: 'Isian tidak dikenal: {{names}}.',
    preview: 'Pratinjau',
    previewHeading: 'Pratinjau dengan contoh pendaftaran',
  },
  confirmReset: {
    title: 'Kembalikan isi bawaan?',
    message: 'Pesan "{{kind}}" kembali memakai isi bawaan; perubahan yang disimpan hilang.',
    accept: 'Kembalikan',
  },
  optOuts: {
    heading: 'Nomor yang Berhenti Menerima Pesan',
    help:
      'Pasien yang membalas STOP atau BERHENTI tercatat di sini dan tidak menerima pesan WhatsApp lagi. ' +
      'Petugas dapat menambahkan nomor atas permintaan pasien, atau menghapusnya bila pasien ingin menerima pesan lagi.',
    empty: 'Belum ada nomor yang berhenti.',
    add: 'Tambah Nomor',
    columns: { phone: 'No. HP', source: 'Asal', createdAt: 'Sejak', actions: 'Aksi' },
    sources: { reply: 'Balasan pasien', admin: 'Petugas' },
    remove: 'Hapus',
    removeLabel: 'Kirim pesan lagi ke {{phone}}',
    formTitle: 'Hentikan Pesan ke Nomor',
    phone: 'No. HP',
  },
  cancel: 'Batal',
  done: {
    saved: 'Pesan "{{kind}}" disimpan.',
    reset: 'Pesan "{{kind}}" kembali ke isi bawaan.',
    optedOut: 'Nomor {{phone}} tidak akan menerima pesan WhatsApp lagi.',
    optedIn: 'Nomor {{phone}} dapat menerima pesan WhatsApp lagi.',
  },
} as const;

export const templatPesanNs = addNamespace('templatPesan', templatPesan);

declare module '../../i18n' {
  interface Resources {
    templatPesan: typeof templatPesan;
  }
}
