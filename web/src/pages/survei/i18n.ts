import { type SurveyElement, surveyElementNames } from '@portal/contract';
import { addNamespace, type English } from '../../i18n';

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

const survei = {
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
  /** The regulation's names of the elements. */
  elements: surveyElementNames,
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

const questionsEn: English<typeof questions> = {
  u1: {
    question: 'How well do the requirements of the service fit the kind of service?',
    answers: ['Not fitting', 'Barely fitting', 'Fitting', 'Very fitting'],
  },
  u2: {
    question: 'How easy did you find the procedure of the service at this unit?',
    answers: ['Not easy', 'Barely easy', 'Easy', 'Very easy'],
  },
  u3: {
    question: 'How fast was the service given?',
    answers: ['Not fast', 'Barely fast', 'Fast', 'Very fast'],
  },
  u4: {
    question: 'How fair was the cost or tariff of the service?',
    answers: ['Very expensive', 'Rather expensive', 'Cheap', 'Free'],
  },
  u5: {
    question: 'How well did what you received match what the service standard promises?',
    answers: ['Not matching', 'Barely matching', 'Matching', 'Fully matching'],
  },
  u6: {
    question: 'How competent were the staff who served you?',
    answers: ['Not competent', 'Barely competent', 'Competent', 'Very competent'],
  },
  u7: {
    question: 'How polite and friendly were the staff who served you?',
    answers: [
      'Not polite or friendly',
      'Barely polite and friendly',
      'Polite and friendly',
      'Very polite and friendly',
    ],
  },
  u8: {
    question: 'How well are complaints, suggestions and feedback handled?',
    answers: [
      'There is no way to give them',
      'There is one, but it does not work',
      'It works, not fully',
      'Well handled',
    ],
  },
  u9: {
    question: 'How good are the facilities and premises?',
    answers: ['Poor', 'Fair', 'Good', 'Very good'],
  },
};

export const surveiEn: English<typeof survei> = {
  title: 'Public Satisfaction Survey',
  notFound: {
    title: 'Survey not found',
    text: 'Please check the link you received by WhatsApp or on the status page.',
  },
  about: 'Your rating of: {{unit}}',
  intro:
    'This survey is anonymous: staff cannot see who filled it in. Choose one answer for each question; the ' +
    'suggestion may be left empty. The survey can be filled in only once.',
  element: 'U{{number}}. {{name}}',
  elements: {
    u1: 'Requirements',
    u2: 'Systems, Mechanisms and Procedures',
    u3: 'Completion Time',
    u4: 'Cost/Tariff',
    u5: 'Service Product Specification',
    u6: 'Staff Competence',
    u7: 'Staff Conduct',
    u8: 'Handling of Complaints, Suggestions and Feedback',
    u9: 'Facilities and Infrastructure',
  },
  questions: questionsEn,
  choose: 'Choose one answer.',
  comment: 'Suggestions and feedback (optional)',
  commentHelp: 'At most {{max}} characters. Please do not write names or phone numbers.',
  submit: 'Send Rating',
  missing: 'Some questions have not been answered yet.',
  tooMany: 'Too many submissions from your address. Please try again in a few minutes.',
  thanks: {
    title: 'Thank you!',
    text: 'We have received your rating and will use it to improve the hospital’s services.',
  },
  done: {
    title: 'Survey already filled in',
    text: 'The survey for this visit has already been filled in. Thank you for your rating.',
  },
  home: 'To the home page',
};

export const surveiNs = addNamespace('survei', survei, surveiEn);

declare module '../../i18n' {
  interface Resources {
    survei: typeof survei;
  }
}
