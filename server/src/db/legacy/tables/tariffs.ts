import { newTariffBookSchema, newTariffItemSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { tariffBooks, tariffItems } from '../../schema/index.js';
import { formMax } from '../row.js';
import { legacyTable, upsert } from '../table.js';

// The legacy tariff books: `master_buku_tarifx` lists them by `tabel`, and each book's items are the
// legacy table `tarifx_<tabel>`, exported as the file of that name. A book's code is its `tabel`
// upper-cased, as the portal writes book codes (RJ, RI); the items find it from their file name.

type BookRow = Omit<typeof tariffBooks.$inferInsert, 'id'>;

/** `master_buku_tarifx`: the tariff books by their legacy table name (`tabel`). */
export const tariffBooksTable = legacyTable({
  file: 'master_buku_tarifx.csv',
  columns: ['tabel', 'nama'],
  keyColumn: 'tabel',
  async prepare() {},
  read(row): BookRow {
    return {
      code: row.requiredCode('tabel', 'nama tabel buku tarif'),
      name: row.required('nama', 'nama buku tarif', { max: formMax(newTariffBookSchema.shape.name) }),
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (book) => book.code,
  // A book whose items file is missing would come with no items and no word.
  companion: (book) => {
    if (book.deletedAt) return undefined;
    const file = `tarifx_${book.code.toLowerCase()}.csv`;
    return {
      file,
      missing: `buku tarif ${book.code}: berkas ${file} tidak ada, buku dibuat tanpa item; ekspor ulang tabel tarifx_${book.code.toLowerCase()}`,
    };
  },
  write: (tx, batch, _context, outcome) =>
    upsert(tx, tariffBooks, batch, [tariffBooks.code], outcome, tariffBooks.name),
});

const itemsFile = /^tarifx_(.+)\.csv$/;

type ItemRow = Omit<typeof tariffItems.$inferInsert, 'id'> & { code: string };

/** `tarifx_<tabel>`: the items of book `<tabel>` by their legacy code (`kode`), one price per row. */
export const tariffItemsTable = legacyTable({
  file: itemsFile,
  columns: ['kode', 'ket', 'kelas', 'tarif'],
  keyColumn: 'kode',
  async prepare(tx, file) {
    const code = (itemsFile.exec(file)?.[1] ?? '').toUpperCase();
    const [book] = await tx
      .select({ id: tariffBooks.id })
      .from(tariffBooks)
      .where(eq(tariffBooks.code, code));
    return { code, bookId: book?.id };
  },
  read(row, book): ItemRow {
    const bookId =
      book.bookId ?? row.reject('', `buku tarif ${book.code} tidak ada: tambahkan ke master_buku_tarifx.csv`);
    return {
      bookId,
      code: row.requiredCode('kode', 'kode tarif'),
      name: row.required('ket', 'nama layanan (ket)', { max: formMax(newTariffItemSchema.shape.name) }),
      class: row.required('kelas', 'kelas', { max: formMax(newTariffItemSchema.shape.class) }),
      price: row.requiredInteger('tarif', 'tarif'),
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (item) => item.code,
  write: (tx, batch, _context, outcome) =>
    upsert(tx, tariffItems, batch, [tariffItems.bookId, tariffItems.code], outcome, tariffItems.name),
});
