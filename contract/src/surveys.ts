import { z } from 'zod';
import { monthSchema } from './attendance.js';

// Survei Kepuasan Masyarakat (SKM), PermenPAN-RB No. 14/2017: nine elements (U1–U9), each answered
// 1–4, after a served clinic visit, a completed ambulance or hearse order, or a resolved complaint.

/** The nine elements, U1–U9, in the regulation's order (their questions live in the web's i18n). */
export const surveyElements = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9'] as const;
export type SurveyElement = (typeof surveyElements)[number];

/** The regulation's names of the elements. */
export const surveyElementNames: Record<SurveyElement, string> = {
  u1: 'Persyaratan',
  u2: 'Sistem, Mekanisme, dan Prosedur',
  u3: 'Waktu Penyelesaian',
  u4: 'Biaya/Tarif',
  u5: 'Produk Spesifikasi Jenis Pelayanan',
  u6: 'Kompetensi Pelaksana',
  u7: 'Perilaku Pelaksana',
  u8: 'Penanganan Pengaduan, Saran dan Masukan',
  u9: 'Sarana dan Prasarana',
};

/** The units surveyed: each clinic, the ambulance and hearse service, the complaints desk. */
export const surveyUnits = ['clinic', 'ambulance', 'complaints'] as const;
export type SurveyUnit = (typeof surveyUnits)[number];

export const SURVEY_COMMENT_MAX = 1000;

/** The quality letter of an index (IKM × 25), by the regulation's converted intervals. */
export const surveyGrades = ['A', 'B', 'C', 'D'] as const;
export type SurveyGrade = (typeof surveyGrades)[number];

export const surveyGradeLabels: Record<SurveyGrade, string> = {
  A: 'Sangat Baik',
  B: 'Baik',
  C: 'Kurang Baik',
  D: 'Tidak Baik',
};

/** A, B, C or D for an index 25–100: 88.31–100 A, 76.61–88.30 B, 65.00–76.60 C, 25.00–64.99 D. */
export function surveyGrade(index: number): SurveyGrade {
  // The intervals are written to two decimals: an index is placed by its value rounded to them.
  const rounded = Math.round(index * 100) / 100;
  if (rounded >= 88.31) return 'A';
  if (rounded >= 76.61) return 'B';
  if (rounded >= 65) return 'C';
  return 'D';
}

/** Any shape: a token that does not exist is 404, whatever it looks like. */
export const surveyTokenParamsSchema = z.object({ token: z.string() });

/** What the survey link shows before the answers: which service it asks about, and whether it is done. */
export const publicSurveySchema = z.object({
  unit: z.enum(surveyUnits),
  /** The clinic's name, "Layanan Ambulans dan Mobil Jenazah" or "Layanan Pengaduan". */
  unitName: z.string(),
  submitted: z.boolean(),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

const answer = z
  .number({ error: 'Pilih salah satu jawaban.' })
  .int({ error: 'Pilih salah satu jawaban.' })
  .min(1, { error: 'Pilih salah satu jawaban.' })
  .max(4, { error: 'Pilih salah satu jawaban.' });

export const surveyAnswersSchema = z.object({
  u1: answer,
  u2: answer,
  u3: answer,
  u4: answer,
  u5: answer,
  u6: answer,
  u7: answer,
  u8: answer,
  u9: answer,
  comment: z
    .string()
    .trim()
    .max(SURVEY_COMMENT_MAX, { error: `Saran paling banyak ${SURVEY_COMMENT_MAX} karakter.` })
    .optional(),
});
export type SurveyAnswers = z.infer<typeof surveyAnswersSchema>;

export const surveySubmittedSchema = z.object({ submitted: z.literal(true) });

/** Months of the index, both ends included (at most 24 months). */
export const surveyIndexQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .refine((query) => query.from <= query.to, {
    error: 'Bulan awal harus sebelum bulan akhir.',
    path: ['to'],
  });
export type SurveyIndexQuery = z.infer<typeof surveyIndexQuerySchema>;

const nrrSchema = z.object({
  u1: z.number(),
  u2: z.number(),
  u3: z.number(),
  u4: z.number(),
  u5: z.number(),
  u6: z.number(),
  u7: z.number(),
  u8: z.number(),
  u9: z.number(),
});

/** The index of one unit (or of all, when `unit` is null) in one month, unrounded. */
export const surveyIndexRowSchema = z.object({
  /** `YYYY-MM`, the month the answers were sent (the hospital's time zone). */
  month: z.string(),
  /** Null: every unit together. */
  unit: z.enum(surveyUnits).nullable(),
  clinic: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  unitName: z.string(),
  respondents: z.number().int(),
  /** Nilai rata-rata per element: the sum of its answers / respondents. */
  nrr: nrrSchema,
  /** IKM unit: Σ NRR × 1/9 × 25, 25–100. */
  index: z.number(),
  grade: z.enum(surveyGrades),
});
export type SurveyIndexRow = z.infer<typeof surveyIndexRowSchema>;

export const surveyIndexSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(surveyIndexRowSchema),
  /** The latest comments of the period, without who, when exactly or which visit (at most 50). */
  comments: z.array(z.object({ month: z.string(), unitName: z.string(), comment: z.string() })),
});
export type SurveyIndex = z.infer<typeof surveyIndexSchema>;
