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

/**
 * A calendar day (YYYY-MM-DD) within the years a hospital's records name: PostgreSQL knows no year 0,
 * and a range reaching further only slows a query down.
 */
export const hospitalDate = (date: z.ZodISODate) =>
  date.refine((d) => d >= '1900-01-01' && d <= '2999-12-31', 'Tanggal harus antara tahun 1900 dan 2999.');

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
