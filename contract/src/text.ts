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

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
