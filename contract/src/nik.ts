import { z } from 'zod';

// The NIK (Nomor Induk Kependudukan, the KTP number): 16 digits, PPKKCC DDMMYY SSSS. PP is the province,
// KKCC the regency and district, DDMMYY the birth date with 40 added to a woman's day, SSSS a serial.
// Server and web check it here, so that the counter's form warns as the user types exactly what the
// server refuses or warns about.

/** The provinces by their Kemendagri code, the first two digits of every NIK issued there. */
export const nikProvinces: Readonly<Record<string, string>> = {
  '11': 'Aceh',
  '12': 'Sumatera Utara',
  '13': 'Sumatera Barat',
  '14': 'Riau',
  '15': 'Jambi',
  '16': 'Sumatera Selatan',
  '17': 'Bengkulu',
  '18': 'Lampung',
  '19': 'Kepulauan Bangka Belitung',
  '21': 'Kepulauan Riau',
  '31': 'DKI Jakarta',
  '32': 'Jawa Barat',
  '33': 'Jawa Tengah',
  '34': 'DI Yogyakarta',
  '35': 'Jawa Timur',
  '36': 'Banten',
  '51': 'Bali',
  '52': 'Nusa Tenggara Barat',
  '53': 'Nusa Tenggara Timur',
  '61': 'Kalimantan Barat',
  '62': 'Kalimantan Tengah',
  '63': 'Kalimantan Selatan',
  '64': 'Kalimantan Timur',
  '65': 'Kalimantan Utara',
  '71': 'Sulawesi Utara',
  '72': 'Sulawesi Tengah',
  '73': 'Sulawesi Selatan',
  '74': 'Sulawesi Tenggara',
  '75': 'Gorontalo',
  '76': 'Sulawesi Barat',
  '81': 'Maluku',
  '82': 'Maluku Utara',
  '91': 'Papua',
  '92': 'Papua Barat',
  '93': 'Papua Selatan',
  '94': 'Papua Tengah',
  '95': 'Papua Pegunungan',
  '96': 'Papua Barat Daya',
};

const NIK_PATTERN = /^\d{16}$/;
const FORMAT_MESSAGE = 'NIK harus 16 angka.';

/**
 * What a NIK says wrong. An `error` means no NIK can look like this (a typing mistake): it is refused. A
 * `warning` means the NIK disagrees with the birth date or sex given: the person at the counter decides.
 */
export const nikFindingCodes = ['FORMAT', 'PROVINCE', 'DATE', 'BIRTH_DATE', 'SEX'] as const;
export type NikFindingCode = (typeof nikFindingCodes)[number];
export const nikFindingSchema = z.object({
  code: z.enum(nikFindingCodes),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type NikFinding = z.infer<typeof nikFindingSchema>;

/** What the date part of a NIK encodes: day, month, the year's last two digits, and the sex. */
export interface NikBirth {
  day: number;
  month: number;
  /** Two digits: the century is not in the NIK. */
  year: number;
  sex: 'L' | 'P';
}

const daysIn = (month: number, year: number) =>
  // A two-digit year divisible by 4 is a leap year in 19xx or 20xx (2000 was one), but for 1900.
  month === 2 ? (year % 4 === 0 ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** The birth date and sex in a 16-digit NIK, or null when its digits 7–12 are no date. */
export function nikBirth(nik: string): NikBirth | null {
  const coded = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const year = Number(nik.slice(10, 12));
  const sex = coded > 40 ? 'P' : 'L';
  const day = sex === 'P' ? coded - 40 : coded;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return null;
  return { day, month, year, sex };
}

const pad = (value: number) => String(value).padStart(2, '0');
const sexWord = { L: 'laki-laki', P: 'perempuan' } as const;

/**
 * Everything wrong with a NIK, on its own and against the birth date (YYYY-MM-DD) and sex given with it;
 * empty when it is a well-formed NIK that agrees with both.
 */
export function nikFindings(
  nik: string,
  person: { birthDate?: string | null; sex?: 'L' | 'P' | null } = {},
): NikFinding[] {
  const value = nik.trim();
  if (!NIK_PATTERN.test(value)) return [{ code: 'FORMAT', severity: 'error', message: FORMAT_MESSAGE }];
  const findings: NikFinding[] = [];
  const province = value.slice(0, 2);
  if (nikProvinces[province] === undefined) {
    findings.push({
      code: 'PROVINCE',
      severity: 'error',
      message: `Kode provinsi ${province} pada NIK (2 angka pertama) tidak dikenal.`,
    });
  }
  const birth = nikBirth(value);
  if (!birth) {
    findings.push({
      code: 'DATE',
      severity: 'error',
      message:
        'Angka ke-7 sampai ke-12 NIK bukan tanggal lahir yang valid (tanggal, bulan, tahun; tanggal perempuan ditambah 40).',
    });
    return findings;
  }
  const { birthDate, sex } = person;
  if (birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
    const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
    if (day !== birth.day || month !== birth.month || year % 100 !== birth.year) {
      findings.push({
        code: 'BIRTH_DATE',
        severity: 'warning',
        message: `Tanggal lahir menurut NIK ${pad(birth.day)}-${pad(birth.month)}-${pad(birth.year)}, berbeda dengan tanggal lahir yang diisi.`,
      });
    }
  }
  if (sex && sex !== birth.sex) {
    findings.push({
      code: 'SEX',
      severity: 'warning',
      message: `Menurut NIK pasien ${sexWord[birth.sex]} (tanggal lahir perempuan ditambah 40), tetapi jenis kelamin diisi ${sexWord[sex]}.`,
    });
  }
  return findings;
}

/** A NIK of the right shape: 16 digits (the public booking, which looks a patient up by it). */
export const nikSchema = z
  .string()
  .trim()
  .regex(NIK_PATTERN, { error: (issue) => (issue.input === '' ? 'NIK wajib diisi.' : FORMAT_MESSAGE) });

/** A NIK that could exist: 16 digits, a known province and a real birth date in it (the counter's form). */
export const checkedNikSchema = nikSchema.superRefine((nik, ctx) => {
  for (const finding of nikFindings(nik)) {
    // The shape is nikSchema's own check: told once.
    if (finding.severity === 'error' && finding.code !== 'FORMAT') {
      ctx.addIssue({ code: 'custom', message: finding.message });
    }
  }
});
