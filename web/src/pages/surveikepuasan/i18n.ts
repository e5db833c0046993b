import { addNamespace, type English } from '../../i18n';

export const surveiKepuasan = {
  intro:
    'Indeks Kepuasan Masyarakat (IKM) menurut PermenPAN-RB No. 14/2017: nilai rata-rata (NRR) tiap unsur U1–U9, ' +
    'IKM = Σ NRR × 1/9, dikonversi × 25. Mutu: A (88,31–100) Sangat Baik, B (76,61–88,30) Baik, ' +
    'C (65,00–76,60) Kurang Baik, D (25,00–64,99) Tidak Baik. Bulan dihitung dari tanggal survei diisi.',
  from: 'Dari bulan',
  to: 'Sampai bulan',
  badPeriod: 'Bulan awal harus sebelum bulan akhir.',
  download: 'Unduh CSV',
  count: '{{count}} baris',
  table: {
    title: 'Indeks per Unit dan Bulan',
    empty: 'Belum ada survei yang diisi pada periode ini.',
    columns: {
      month: 'Bulan',
      unit: 'Unit',
      respondents: 'Responden',
      index: 'IKM',
      grade: 'Mutu',
    },
    elementHeader: 'U{{number}}',
    elementTitle: 'NRR U{{number}}: {{name}}',
  },
  chart: {
    title: 'Grafik IKM',
    description:
      'IKM per unit dan bulan, skala 25–100; garis putus-putus menandai batas mutu B (76,61) dan A (88,31).',
    bar: '{{unit}}, {{month}}: IKM {{index}}, mutu {{grade}}',
  },
  comments: {
    title: 'Saran dan Masukan',
    help: 'Tanpa nama dan tanpa tanggal kunjungan: hanya bulan dan unit.',
    empty: 'Belum ada saran pada periode ini.',
  },
  grades: { A: 'A (Sangat Baik)', B: 'B (Baik)', C: 'C (Kurang Baik)', D: 'D (Tidak Baik)' },
};

export const surveiKepuasanEn: English<typeof surveiKepuasan> = {
  intro:
    'Public Satisfaction Index (IKM) as PermenPAN-RB No. 14/2017 prescribes: the mean score (NRR) of each ' +
    'element U1–U9, IKM = Σ NRR × 1/9, converted × 25. Grade: A (88.31–100) Very good, B (76.61–88.30) Good, ' +
    'C (65.00–76.60) Poor, D (25.00–64.99) Very poor. Months count from the day the survey was filled in.',
  from: 'From month',
  to: 'To month',
  badPeriod: 'The first month must come before the last.',
  download: 'Download CSV',
  count: '{{count}} rows',
  table: {
    title: 'Index per Unit and Month',
    empty: 'No survey was filled in during this period.',
    columns: {
      month: 'Month',
      unit: 'Unit',
      respondents: 'Respondents',
      index: 'IKM',
      grade: 'Grade',
    },
    elementHeader: 'U{{number}}',
    elementTitle: 'NRR U{{number}}: {{name}}',
  },
  chart: {
    title: 'IKM Chart',
    description:
      'IKM per unit and month, on a scale of 25–100; dashed lines mark the thresholds of grade B (76.61) and A (88.31).',
    bar: '{{unit}}, {{month}}: IKM {{index}}, grade {{grade}}',
  },
  comments: {
    title: 'Suggestions and Feedback',
    help: 'Without names or visit dates: only the month and the unit.',
    empty: 'No suggestions in this period.',
  },
  grades: { A: 'A (Very good)', B: 'B (Good)', C: 'C (Poor)', D: 'D (Very poor)' },
};

export const surveiKepuasanNs = addNamespace('surveiKepuasan', surveiKepuasan, surveiKepuasanEn);

declare module '../../i18n' {
  interface Resources {
    surveiKepuasan: typeof surveiKepuasan;
  }
}
