import type { SurveyElement } from '@portal/contract';
import { addNamespace } from '../../i18n';

interface Question {
  question: string;
  /** The answers 1–4, from "not at all" to "very". */
  answers: [string, string, string, string];
}

/** The questionnaire of PermenPAN-RB No. 14/2017, one question per element with its own four answers. */
const questions: Record<SurveyElement, Question> = {
  u1: {
    question: 'Bagaimana pendapat Anda tentang kesesuaian persyaratan pelayanan dengan jenis pelayanannya?',
    answers: ['Tidak sesuai', 'Kurang sesuai', 'Sesuai', 'Sangat sesuai'],
  },
  u2: {
    question: 'Bagaimana pemahaman Anda tentang kemudahan prosedur pelayanan di unit ini?',
    answers: ['Tidak mudah', 'Kurang mudah', 'Mudah', 'Sangat mudah'],
  },
  u3: {
    question: 'Bagaimana pendapat Anda tentang kecepatan waktu dalam memberikan pelayanan?',
    answers: ['Tidak cepat', 'Kurang cepat', 'Cepat', 'Sangat cepat'],
  },
  u4: {
    question: 'Bagaimana pendapat Anda tentang kewajaran biaya/tarif dalam pelayanan?',
    answers: ['Sangat mahal', 'Cukup mahal', 'Murah', 'Gratis'],
  },
  u5: {
    question:
      'Bagaimana pendapat Anda tentang kesesuaian produk pelayanan antara yang tercantum dalam standar pelayanan dengan hasil yang diberikan?',
    answers: ['Tidak sesuai', 'Kurang sesuai', 'Sesuai', 'Sangat sesuai'],
  },
  u6: {
    question: 'Bagaimana pendapat Anda tentang kompetensi/kemampuan petugas dalam pelayanan?',
    answers: ['Tidak kompeten', 'Kurang kompeten', 'Kompeten', 'Sangat kompeten'],
  },
  u7: {
    question:
      'Bagaimana pendapat Anda tentang perilaku petugas dalam pelayanan terkait kesopanan dan keramahan?',
    answers: ['Tidak sopan dan ramah', 'Kurang sopan dan ramah', 'Sopan dan ramah', 'Sangat sopan dan ramah'],
  },
  u8: {
    question: 'Bagaimana pendapat Anda tentang kualitas penanganan pengaduan, saran dan masukan?',
    answers: ['Tidak ada', 'Ada tetapi tidak berfungsi', 'Berfungsi kurang maksimal', 'Dikelola dengan baik'],
  },
  u9: {
    question: 'Bagaimana pendapat Anda tentang kualitas sarana dan prasarana?',
    answers: ['Buruk', 'Cukup', 'Baik', 'Sangat baik'],
  },
};

export const survei = {
  title: 'Survei Kepuasan Masyarakat',
  notFound: {
    title: 'Survei tidak ditemukan',
    text: 'Periksa kembali tautan yang Anda terima lewat WhatsApp atau di halaman status.',
  },
  about: 'Penilaian Anda atas: {{unit}}',
  intro:
    'Survei ini tanpa nama: petugas tidak dapat melihat siapa yang mengisi. Pilih satu jawaban untuk setiap ' +
    'pertanyaan; saran boleh dikosongkan. Survei hanya dapat diisi satu kali.',
  element: 'U{{number}}. {{name}}',
  questions,
  choose: 'Pilih salah satu jawaban.',
  comment: 'Saran dan masukan (tidak wajib)',
  commentHelp: 'Paling banyak {{max}} karakter. Jangan menuliskan nama atau nomor HP.',
  submit: 'Kirim Penilaian',
  missing: 'Masih ada pertanyaan yang belum dijawab.',
  tooMany: 'Terlalu banyak pengiriman dari alamat Anda. Coba lagi beberapa menit lagi.',
  thanks: {
    title: 'Terima kasih!',
    text: 'Penilaian Anda sudah kami terima dan akan dipakai untuk memperbaiki pelayanan rumah sakit.',
  },
  done: {
    title: 'Survei sudah diisi',
    text: 'Survei untuk kunjungan ini sudah diisi. Terima kasih atas penilaian Anda.',
  },
  home: 'Ke beranda',
};

export const surveiNs = addNamespace('survei', survei);

declare module '../../i18n' {
  interface Resources {
    survei: typeof survei;
  }
}
