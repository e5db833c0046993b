import { addNamespace } from '.';

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

export const complaintsNs = addNamespace('complaints', complaints);

declare module '.' {
  interface Resources {
    complaints: typeof complaints;
  }
}
