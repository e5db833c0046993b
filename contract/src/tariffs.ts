import { z } from 'zod';

/** A search term: matched case-insensitively as a substring. */
const searchSchema = z.string().trim().max(100).optional();

export const ambulanceTariffQuerySchema = z.object({ q: searchSchema });

export const ambulanceTariffSchema = z.object({
  id: z.number().int(),
  destination: z.string(),
  /** Whole Rupiah. */
  price: z.number().int(),
  notes: z.string().nullable(),
});
export type AmbulanceTariff = z.infer<typeof ambulanceTariffSchema>;
export const ambulanceTariffListSchema = z.array(ambulanceTariffSchema);

export const tariffBookSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TariffBook = z.infer<typeof tariffBookSchema>;
export const tariffBookListSchema = z.array(tariffBookSchema);

export const tariffBookParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const tariffItemParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  itemId: z.coerce.number().int().positive(),
});

export const tariffItemQuerySchema = z.object({
  q: searchSchema,
  /** Care class, e.g. "Kelas 1"; exact match. */
  class: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const tariffItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  class: z.string(),
  price: z.number().int(),
});
export type TariffItem = z.infer<typeof tariffItemSchema>;

export const tariffItemPageSchema = z.object({
  items: z.array(tariffItemSchema),
  total: z.number().int(),
  /** The care classes of the whole book, for a filter. */
  classes: z.array(z.string()),
});
export type TariffItemPage = z.infer<typeof tariffItemPageSchema>;

const priceSchema = z
  .number({ error: 'Tarif harus berupa angka rupiah.' })
  .int('Tarif harus bilangan bulat rupiah.')
  .min(0, 'Tarif tidak boleh negatif.')
  .max(2_000_000_000, 'Tarif terlalu besar.');

export const newTariffBookSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_-]{1,20}$/, 'Kode buku 1–20 huruf besar, angka, minus atau garis bawah.'),
  name: z.string().trim().min(1, 'Nama buku wajib diisi.').max(120),
});
export const tariffBookUpdateSchema = newTariffBookSchema.pick({ name: true });

export const newTariffItemSchema = z.object({
  name: z.string().trim().min(1, 'Nama layanan wajib diisi.').max(200),
  class: z.string().trim().min(1, 'Kelas wajib diisi.').max(40),
  price: priceSchema,
});
export const tariffItemUpdateSchema = newTariffItemSchema.partial();

/**
 * CSV import into a book: a header row naming the columns `nama`, `kelas`, `tarif` (or `name`,
 * `class`, `price`), comma or semicolon separated. `replace` swaps the book's items for the file's.
 */
export const tariffImportQuerySchema = z.object({ mode: z.enum(['replace', 'append']).default('replace') });
export const tariffImportResultSchema = z.object({ imported: z.number().int() });
