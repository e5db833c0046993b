import { addNamespace } from '../../i18n';

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

export const surveiKepuasanNs = addNamespace('surveiKepuasan', surveiKepuasan);

declare module '../../i18n' {
  interface Resources {
    surveiKepuasan: typeof surveiKepuasan;
  }
}
