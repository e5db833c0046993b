import { addNamespace, type English } from '../../i18n';

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
  done: {
    saved: 'Pesan "{{kind}}" disimpan.',
    reset: 'Pesan "{{kind}}" kembali ke isi bawaan.',
    optedOut: 'Nomor {{phone}} tidak akan menerima pesan WhatsApp lagi.',
    optedIn: 'Nomor {{phone}} dapat menerima pesan WhatsApp lagi.',
  },
} as const;

export const templatPesanEn: English<typeof templatPesan> = {
  intro:
    'WhatsApp messages sent automatically to patients about their outpatient booking. Placeholders in curly ' +
    'braces, for example {kode_booking}, are replaced with the patient’s booking details.',
  templates: {
    heading: 'Message Texts',
    empty: 'No message texts yet.',
    kinds: {
      booking_confirmation: 'Booking confirmation',
      booking_reminder: 'Reminder the day before',
      queue_near: 'Turn coming up',
      session_cancelled: 'Session cancelled (doctor on leave / clinic closed)',
      survey_invitation: 'Satisfaction survey invitation',
    },
    columns: { kind: 'Message', body: 'Text', status: 'Status', actions: 'Actions' },
    custom: 'Edited',
    builtIn: 'Built-in',
    edit: 'Edit',
    editLabel: 'Edit the {{kind}} message',
    reset: 'Restore',
    resetLabel: 'Restore the built-in text of the {{kind}} message',
  },
  form: {
    title: 'Edit Message: {{kind}}',
    body: 'Message text',
    placeholders: 'Placeholders you can use: {{names}}',
    unknown: 'Unknown placeholders: {{names}}.',
    preview: 'Preview',
    previewHeading: 'Preview with a sample booking',
  },
  confirmReset: {
    title: 'Restore the built-in text?',
    message: 'The "{{kind}}" message goes back to its built-in text; the saved changes are lost.',
    accept: 'Restore',
  },
  optOuts: {
    heading: 'Numbers That Opted Out',
    help:
      'Patients who reply STOP or BERHENTI are listed here and receive no more WhatsApp messages. ' +
      'Staff can add a number at a patient’s request, or remove it when the patient wants messages again.',
    empty: 'No number has opted out yet.',
    add: 'Add Number',
    columns: { phone: 'Mobile number', source: 'Source', createdAt: 'Since', actions: 'Actions' },
    sources: { reply: 'Patient’s reply', admin: 'Staff' },
    remove: 'Remove',
    removeLabel: 'Send messages to {{phone}} again',
    formTitle: 'Stop Messages to a Number',
    phone: 'Mobile number',
  },
  done: {
    saved: 'The "{{kind}}" message was saved.',
    reset: 'The "{{kind}}" message is back to its built-in text.',
    optedOut: 'Number {{phone}} will receive no more WhatsApp messages.',
    optedIn: 'Number {{phone}} can receive WhatsApp messages again.',
  },
};

export const templatPesanNs = addNamespace('templatPesan', templatPesan, templatPesanEn);

declare module '../../i18n' {
  interface Resources {
    templatPesan: typeof templatPesan;
  }
}
