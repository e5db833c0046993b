import { z } from 'zod';

/** A text a person must fill in, trimmed, with the limit told in words. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} wajib diisi.` : undefined) })
    .trim()
    .min(1, `${label} wajib diisi.`)
    .max(max, `${label} paling panjang ${max} karakter.`);

/** An optional text; empty means "not given". */
export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} paling panjang ${max} karakter.`).optional();

/**
 * The largest value of a database `integer`: a record id above it names nothing, and the query would fail
 * on it rather than find nothing.
 */
export const MAX_INT = 2_147_483_647;

/** What an id out of that range is told (the web has its English). */
export const ID_OUT_OF_RANGE = `Nomor data harus bilangan bulat dari 1 sampai ${MAX_INT}.`;

/** A record's id in a path or a query (text read as a number); `required` is told when it is missing. */
export const idParam = (required?: string) =>
  z.coerce
    .number(required ? { error: required } : undefined)
    .int(ID_OUT_OF_RANGE)
    .positive(ID_OUT_OF_RANGE)
    .max(MAX_INT, ID_OUT_OF_RANGE);

/** The path of a route about one record (`/…/:id`): an id above MAX_INT names none (404, not a database error). */
export const idParamsSchema = z.object({ id: idParam() });

/** A record's id in a request body (a choice in a form); `required` is told when it is missing. */
export const recordId = (required?: string) =>
  z
    .number(required ? { error: required } : undefined)
    .int(ID_OUT_OF_RANGE)
    .positive(ID_OUT_OF_RANGE)
    .max(MAX_INT, ID_OUT_OF_RANGE);

const withinHospitalYears = (day: string) => day >= '1900-01-01' && day <= '2999-12-31';
const isoDay = z.iso.date();

/**
 * A calendar day (YYYY-MM-DD) within the years a hospital's records name: PostgreSQL knows no year 0,
 * and a range reaching further only slows a query down.
 */
export const hospitalDate = (date: z.ZodISODate) =>
  date.refine(withinHospitalYears, 'Tanggal harus antara tahun 1900 dan 2999.');

/**
 * The latest day anywhere in Indonesia (WIT, UTC+9), for a birth date that must not lie ahead: the schema
 * does not know the hospital's zone, and a child born after midnight in Jayapura is born today.
 */
const hospitalToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

export const birthDateSchema = z.iso
  .date({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'Tanggal lahir wajib diisi.'
        : 'Tanggal lahir harus berformat YYYY-MM-DD.',
  })
  .refine((date) => date >= '1900-01-01', 'Tanggal lahir paling awal 01-01-1900.')
  .refine((date) => date <= hospitalToday(), 'Tanggal lahir tidak boleh setelah hari ini.');

/** A day that exists (2027-02-29 and 2026-11-31 do not) within those years, for texts given elsewhere. */
export const isHospitalDay = (day: string) => isoDay.safeParse(day).success && withinHospitalYears(day);

/** Half of a UTF-16 surrogate pair without its other half: no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text from outside cannot be stored, in words, or undefined when it can: PostgreSQL's text holds no
 * NUL character, and JSON can carry half a surrogate pair (`"\ud800"`), which is no character: jsonb refuses
 * it and text would keep a replacement character instead. The server refuses both in every input, before any
 * route reads it (its errors plugin).
 */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\0')) return 'Teks tidak boleh berisi karakter NUL (\\u0000).';
  if (LONE_SURROGATE.test(text)) {
    return 'Teks berisi karakter yang tidak sah (separuh pasangan surrogate UTF-16, mis. \\ud800).';
  }
  return undefined;
}

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
