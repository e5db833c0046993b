import { newTariffItemSchema, type TariffBook, type TariffItem, type TariffItemPage } from '@portal/contract';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { tariffBooks, tariffItems } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { contains, matchPosition } from '../../lib/search.js';
import { type CsvLayout, checkCsvRow, readCsvTable, rowsRefused } from './csv.js';

const itemColumns = {
  id: tariffItems.id,
  name: tariffItems.name,
  class: tariffItems.class,
  price: tariffItems.price,
};

const bookColumns = { id: tariffBooks.id, code: tariffBooks.code, name: tariffBooks.name };

export async function listTariffBooks(db: Database): Promise<TariffBook[]> {
  return db
    .select(bookColumns)
    .from(tariffBooks)
    .where(isNull(tariffBooks.deletedAt))
    .orderBy(asc(tariffBooks.name));
}

async function requireBook(db: Database, id: number): Promise<TariffBook> {
  const [book] = await db
    .select(bookColumns)
    .from(tariffBooks)
    .where(and(eq(tariffBooks.id, id), isNull(tariffBooks.deletedAt)));
  if (!book) throw notFound('Buku tarif tidak ditemukan.');
  return book;
}

export async function listTariffItems(
  db: Database,
  bookId: number,
  query: { q?: string; class?: string; page: number; pageSize: number },
): Promise<TariffItemPage> {
  const inBook = and(eq(tariffItems.bookId, bookId), isNull(tariffItems.deletedAt));
  const filters: (SQL | undefined)[] = [inBook];
  if (query.q) filters.push(contains(tariffItems.name, query.q));
  if (query.class) filters.push(eq(tariffItems.class, query.class));
  const where = and(...filters);
  const order = query.q
    ? [asc(matchPosition(tariffItems.name, query.q)), asc(tariffItems.name), asc(tariffItems.class)]
    : [asc(tariffItems.name), asc(tariffItems.class)];
  // Two round trips, not four: the book with its classes, and the page with the total beside each row.
  const [[book], rows] = await Promise.all([
    db
      .select({
        id: tariffBooks.id,
        classes: sql<
          string[] | null
        >`(select array_agg(distinct ${tariffItems.class} order by ${tariffItems.class})
          from ${tariffItems} where ${inBook})`,
      })
      .from(tariffBooks)
      .where(and(eq(tariffBooks.id, bookId), isNull(tariffBooks.deletedAt))),
    db
      .select({ ...itemColumns, total: sql<number>`(count(*) over ())::int` })
      .from(tariffItems)
      .where(where)
      .orderBy(...order, asc(tariffItems.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  if (!book) throw notFound('Buku tarif tidak ditemukan.');
  // Past the last page no row carries the total: count apart, once.
  const total = rows[0]?.total ?? (await db.select({ n: count() }).from(tariffItems).where(where))[0]?.n ?? 0;
  return { items: rows.map(({ total: _total, ...item }) => item), total, classes: book.classes ?? [] };
}

export async function createTariffBook(db: Database, actor: Actor, input: { code: string; name: string }) {
  try {
    return await db.transaction(async (tx) => {
      const book = single(await tx.insert(tariffBooks).values(input).returning(bookColumns));
      await audit(tx, actor, 'tariff.book.create', { type: 'tariff_book', id: book.id }, input);
      return book;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BOOK_CODE_TAKEN', `Kode buku ${input.code} sudah dipakai.`);
    throw err;
  }
}

export async function updateTariffBook(db: Database, actor: Actor, id: number, input: { name: string }) {
  await requireBook(db, id);
  return db.transaction(async (tx) => {
    const book = single(
      await tx.update(tariffBooks).set(input).where(eq(tariffBooks.id, id)).returning(bookColumns),
    );
    await audit(tx, actor, 'tariff.book.update', { type: 'tariff_book', id }, input);
    return book;
  });
}

export async function deleteTariffBook(db: Database, actor: Actor, id: number): Promise<void> {
  await requireBook(db, id);
  await db.transaction(async (tx) => {
    await tx.update(tariffBooks).set({ deletedAt: new Date() }).where(eq(tariffBooks.id, id));
    await audit(tx, actor, 'tariff.book.delete', { type: 'tariff_book', id });
  });
}

export async function createTariffItem(
  db: Database,
  actor: Actor,
  bookId: number,
  input: { name: string; class: string; price: number },
): Promise<TariffItem> {
  await requireBook(db, bookId);
  return db.transaction(async (tx) => {
    const item = single(
      await tx
        .insert(tariffItems)
        .values({ ...input, bookId })
        .returning(itemColumns),
    );
    await audit(tx, actor, 'tariff.item.create', { type: 'tariff_item', id: item.id }, { bookId, ...input });
    return item;
  });
}

async function requireItem(db: Database, bookId: number, itemId: number) {
  await requireBook(db, bookId);
  const [item] = await db
    .select(itemColumns)
    .from(tariffItems)
    .where(and(eq(tariffItems.id, itemId), eq(tariffItems.bookId, bookId), isNull(tariffItems.deletedAt)));
  if (!item) throw notFound('Item tarif tidak ditemukan.');
  return item;
}

export async function updateTariffItem(
  db: Database,
  actor: Actor,
  bookId: number,
  itemId: number,
  input: Partial<{ name: string; class: string; price: number }>,
): Promise<TariffItem> {
  const before = await requireItem(db, bookId, itemId);
  // Nothing to change (`{}`): an UPDATE needs at least one column.
  if (Object.keys(input).length === 0) return before;
  return db.transaction(async (tx) => {
    const item = single(
      await tx.update(tariffItems).set(input).where(eq(tariffItems.id, itemId)).returning(itemColumns),
    );
    await audit(
      tx,
      actor,
      'tariff.item.update',
      { type: 'tariff_item', id: itemId },
      { before, after: input },
    );
    return item;
  });
}

export async function deleteTariffItem(
  db: Database,
  actor: Actor,
  bookId: number,
  itemId: number,
): Promise<void> {
  const before = await requireItem(db, bookId, itemId);
  await db.transaction(async (tx) => {
    await tx.update(tariffItems).set({ deletedAt: new Date() }).where(eq(tariffItems.id, itemId));
    await audit(tx, actor, 'tariff.item.delete', { type: 'tariff_item', id: itemId }, { before });
  });
}

const bookLayout: CsvLayout<'name' | 'class' | 'price'> = {
  columns: {
    name: ['nama', 'name', 'layanan'],
    class: ['kelas', 'class'],
    price: ['tarif', 'price', 'harga'],
  },
  required: ['name', 'class', 'price'],
};

/**
 * Reads a CSV file into a book, all or nothing: one bad row and nothing is imported, with every
 * bad row named (`baris N` counts lines as a spreadsheet shows them, the header being line 1).
 */
export async function importTariffCsv(
  db: Database,
  actor: Actor,
  bookId: number,
  csv: string,
  mode: 'replace' | 'append',
): Promise<{ imported: number }> {
  await requireBook(db, bookId);
  const rows: z.infer<typeof newTariffItemSchema>[] = [];
  const problems = new Map<number, string>();
  for (const row of (await readCsvTable(csv, bookLayout)).rows) {
    const checked = checkCsvRow(row, bookLayout, newTariffItemSchema);
    if ('problem' in checked) problems.set(row.line, checked.problem);
    else rows.push(checked.value);
  }
  if (problems.size > 0) throw rowsRefused(problems);

  await db.transaction(async (tx) => {
    if (mode === 'replace') {
      await tx
        .update(tariffItems)
        .set({ deletedAt: new Date() })
        .where(and(eq(tariffItems.bookId, bookId), isNull(tariffItems.deletedAt)));
    }
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(tariffItems).values(rows.slice(start, start + 500).map((row) => ({ ...row, bookId })));
    }
    await audit(tx, actor, 'tariff.import', { type: 'tariff_book', id: bookId }, { mode, rows: rows.length });
  });
  return { imported: rows.length };
}
