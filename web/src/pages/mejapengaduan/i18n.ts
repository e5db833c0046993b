import { addNamespace } from '../../i18n';

export const mejaPengaduan = {
  title: 'Meja Pengaduan',
  loginRequired: 'Meja pengaduan hanya untuk petugas.',
  loginLink: 'Masuk untuk membukanya',
  forbidden: 'Anda tidak berhak membuka meja pengaduan.',
  filters: { status: 'Status', category: 'Kategori', all: 'Semua' },
  list: {
    title: 'Daftar Pengaduan',
    empty: 'Tidak ada pengaduan.',
    columns: {
      code: 'Kode',
      createdAt: 'Masuk',
      category: 'Kategori',
      name: 'Pengadu',
      status: 'Status',
      actions: 'Aksi',
    },
    anonymous: 'Tanpa nama',
    open: 'Buka',
    openLabel: 'Buka pengaduan {{code}}',
  },
  detail: {
    title: 'Pengaduan {{code}}',
    close: 'Tutup',
    name: 'Nama',
    phone: 'No. HP',
    category: 'Kategori',
    unit: 'Unit',
    createdAt: 'Masuk',
    message: 'Pesan',
    none: '—',
    answers: 'Jawaban',
    noAnswers: 'Belum ada jawaban.',
    by: 'oleh {{name}}',
    answer: 'Jawab',
    answerLabel: 'Jawaban',
    answerStatus: 'Sekaligus ubah status',
    keepStatus: 'Tetap {{status}}',
    status: 'Ubah Status',
    moveTo: { IN_PROGRESS: 'Proses', RESOLVED: 'Selesaikan', RECEIVED: 'Diterima' },
    noMoves: 'Pengaduan ini sudah selesai.',
  },
  done: {
    answered: 'Jawaban untuk {{code}} dikirim.',
    status: 'Pengaduan {{code}}: {{status}}.',
  },
} as const;

export const mejaPengaduanNs = addNamespace('mejaPengaduan', mejaPengaduan);
