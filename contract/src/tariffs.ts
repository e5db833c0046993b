import { z } from 'zod';
import { staffRefSchema } from './duty.js';
import { idParam, optionalText, requiredText } from './text.js';

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

export const tariffItemParamsSchema = z.object({
  id: idParam(),
  itemId: idParam(),
});

export const tariffItemQuerySchema = z.object({
  q: searchSchema,
  /** Care class, e.g. "Kelas 1"; exact match. */
  class: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TariffItemQuery = z.infer<typeof tariffItemQuerySchema>;

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
  .number({
    error: (issue) => (issue.input === undefined ? 'Tarif wajib diisi.' : 'Tarif harus berupa angka rupiah.'),
  })
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
/** `imported`: items added; `updated`: items in use whose price an appended row of the same name and class set. */
export const tariffImportResultSchema = z.object({ imported: z.number().int(), updated: z.number().int() });
export type TariffImportResult = z.infer<typeof tariffImportResultSchema>;

/**
 * The care classes of tariff items as the public page spells them: an import matches a class onto one of these
 * (or onto a class the book already holds) whatever its case, and refuses any other.
 */
export const tariffClasses = ['VVIP', 'VIP', 'Kelas 1', 'Kelas 2', 'Kelas 3', 'Umum'] as const;

/** An ambulance tariff as an admin writes it; PUT replaces all of it (notes left out or empty: none). */
export const ambulanceTariffInputSchema = z.object({
  destination: requiredText('Tujuan', 200),
  price: priceSchema,
  notes: optionalText('Keterangan', 500).nullable(),
});
export type AmbulanceTariffInput = z.infer<typeof ambulanceTariffInputSchema>;

export const ambulanceTariffFields = ['destination', 'price', 'notes'] as const;
export type AmbulanceTariffField = (typeof ambulanceTariffFields)[number];

/** One field of a change: its value before and after (null: none, or not there yet). */
export const ambulanceTariffChangeSchema = z.object({
  field: z.enum(ambulanceTariffFields),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]).nullable(),
});
export type AmbulanceTariffChange = z.infer<typeof ambulanceTariffChangeSchema>;

/** One change of a tariff, from the audit log. */
export const ambulanceTariffHistoryEntrySchema = z.object({
  /** The audit log entry's id. */
  id: z.number().int(),
  at: z.string(),
  action: z.enum(['create', 'update', 'retire']),
  /** Made by a CSV import rather than the form. */
  imported: z.boolean(),
  /** Who made it; null when the staff account is gone. */
  staff: staffRefSchema.nullable(),
  /** The fields it changed (none for a retirement). */
  changes: z.array(ambulanceTariffChangeSchema),
});
export type AmbulanceTariffHistoryEntry = z.infer<typeof ambulanceTariffHistoryEntrySchema>;
/** Newest first. */
export const ambulanceTariffHistorySchema = z.array(ambulanceTariffHistoryEntrySchema);

/**
 * CSV import of ambulance tariffs: a header row naming the columns `tujuan`, `tarif` and optionally
 * `keterangan` (or `destination`, `price`, `notes`). A row whose destination matches a tariff in use
 * (case-insensitively) updates its price (and its notes, when the file has the column); any other row adds
 * a tariff. `preview` changes nothing; `apply` takes every row or, when any row is rejected, none.
 */
export const ambulanceTariffImportQuerySchema = z.object({
  mode: z.enum(['preview', 'apply']).default('preview'),
});
export type AmbulanceTariffImportMode = z.infer<typeof ambulanceTariffImportQuerySchema>['mode'];

export const ambulanceTariffImportStatuses = ['added', 'updated', 'unchanged', 'rejected'] as const;

export const ambulanceTariffImportRowSchema = z.object({
  /** The line as a spreadsheet numbers it, the header being line 1. */
  line: z.number().int(),
  status: z.enum(ambulanceTariffImportStatuses),
  /** As the file has it ('' when missing). */
  destination: z.string(),
  /** Null when the file's price is not whole Rupiah. */
  price: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** The matching tariff's values before the import, for an updated or unchanged row. */
  previous: z.object({ price: z.number().int(), notes: z.string().nullable() }).nullable(),
  /** Why a rejected row is refused, in Indonesian. */
  reason: z.string().nullable(),
});
export type AmbulanceTariffImportRow = z.infer<typeof ambulanceTariffImportRowSchema>;

export const ambulanceTariffImportResultSchema = z.object({
  /** False for a preview: nothing was changed. */
  applied: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  rows: z.array(ambulanceTariffImportRowSchema),
});
export type AmbulanceTariffImportResult = z.infer<typeof ambulanceTariffImportResultSchema>;
