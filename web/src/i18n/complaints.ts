import { addNamespace, type English } from '.';

/** Complaints: the public form, the status page and the complaints desk. */
export const complaints = {
  statuses: { RECEIVED: 'Diterima', IN_PROGRESS: 'Diproses', RESOLVED: 'Selesai' },
  form: {
    title: 'Sampaikan Pengaduan',
    intro:
      'Sampaikan keluhan atau saran Anda tentang pelayanan rumah sakit. Kami akan menjawab melalui halaman status dan WhatsApp.',
    category: 'Kategori',
    chooseCategory: 'Pilih kategori',
    unit: 'Unit (opsional)',
    unitHelp: 'Ruangan atau bagian yang dimaksud, misalnya Poli Anak atau Ruang Merpati.',
    message: 'Pesan',
    name: 'Nama (opsional)',
    phone: 'No. HP',
    phoneHelp: 'Untuk tindak lanjut dan untuk melihat status pengaduan.',
    submit: 'Kirim Pengaduan',
    tooMany: 'Terlalu banyak pengaduan dari alamat Anda. Tunggu sebentar lalu coba lagi.',
  },
  confirmation: {
    title: 'Pengaduan diterima',
    codeLabel: 'Kode pelacakan',
    codeHelp: 'Simpan kode ini untuk melihat jawaban rumah sakit.',
    statusLink: 'Lihat status pengaduan',
    another: 'Buat pengaduan lain',
  },
  track: {
    title: 'Lacak Pengaduan',
    link: 'Lacak pengaduan',
    code: 'Kode pelacakan',
    codePlaceholder: 'Contoh: 7KQ4-9XHT',
    phone: 'No. HP',
    submit: 'Lacak',
    required: 'Isi kode pelacakan dan nomor HP.',
    notFound: 'Pengaduan tidak ditemukan. Periksa kode dan nomor HP.',
    status: 'Status',
    category: 'Kategori',
    unit: 'Unit',
    createdAt: 'Dikirim',
    message: 'Pesan Anda',
    answers: 'Jawaban Rumah Sakit',
    noAnswers: 'Belum ada jawaban. Pengaduan Anda sedang kami tindak lanjuti.',
  },
} as const;

export const complaintsEn: English<typeof complaints> = {
  statuses: { RECEIVED: 'Received', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved' },
  form: {
    title: 'Submit a Complaint',
    intro:
      'Tell us about a problem with or a suggestion for the hospital’s services. We will answer on the status page and by WhatsApp.',
    category: 'Category',
    chooseCategory: 'Choose a category',
    unit: 'Unit (optional)',
    unitHelp: 'The room or department concerned, for example Poli Anak or Ruang Merpati.',
    message: 'Message',
    name: 'Name (optional)',
    phone: 'Mobile number',
    phoneHelp: 'For our follow-up and to check the status of your complaint.',
    submit: 'Send Complaint',
    tooMany: 'Too many complaints from your address. Wait a moment and try again.',
  },
  confirmation: {
    title: 'Complaint received',
    codeLabel: 'Tracking code',
    codeHelp: 'Keep this code to read the hospital’s answer.',
    statusLink: 'See the complaint’s status',
    another: 'Submit another complaint',
  },
  track: {
    title: 'Track a Complaint',
    link: 'Track a complaint',
    code: 'Tracking code',
    codePlaceholder: 'Example: 7KQ4-9XHT',
    phone: 'Mobile number',
    submit: 'Track',
    required: 'Enter the tracking code and the mobile number.',
    notFound: 'Complaint not found. Check the code and the mobile number.',
    status: 'Status',
    category: 'Category',
    unit: 'Unit',
    createdAt: 'Sent',
    message: 'Your message',
    answers: 'Hospital’s Answers',
    noAnswers: 'No answer yet. We are following up on your complaint.',
  },
};

export const complaintsNs = addNamespace('complaints', complaints, complaintsEn);

declare module '.' {
  interface Resources {
    complaints: typeof complaints;
  }
}
