import {
  newTariffItemSchema,
  type TariffBook,
  type TariffItem,
  type TariffItemPage,
  tariffClasses,
} from '@portal/contract';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { tariffBooks, tariffItems } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { contains, matchPosition } from '../../lib/search.js';
import { type CsvLayout, checkCsvRow, lineLabel, readCsvTable, rowsRefused } from './csv.js';

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

/** A name or class as compared: spaces collapsed, any case, and a class's "Kelas III" as "Kelas 3". */
const matchKey = (typed: string) =>
  typed
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/^kelas (i{1,3})$/, (_, roman: string) => `kelas ${roman.length}`);

/** One service of a book: its name as compared and its class as the book spells it. */
const itemKey = (name: string, knownClass: string) => `${matchKey(name)}\n${knownClass}`;

/**
 * How the book writes each class it may hold, by `matchKey`: the contract's spelling (`tariffClasses`) over
 * the book's own (a legacy class), so that "umum" and "Kelas III" do not become classes of their own.
 */
function classSpellings(bookClasses: readonly string[]): Map<string, string> {
  return new Map([...bookClasses, ...tariffClasses].map((known) => [matchKey(known), known]));
}

const unknownClass = (typed: string, spellings: Map<string, string>) =>
  `"${typed}" tidak dikenal; gunakan ${[...new Set([...tariffClasses, ...spellings.values()])].join(', ')}.`;

/** The class as the book spells it; a 400 next to the field for a class it does not know. */
async function knownClass(db: Database, bookId: number, typed: string): Promise<string> {
  const rows = await db
    .selectDistinct({ class: tariffItems.class })
    .from(tariffItems)
    .where(and(eq(tariffItems.bookId, bookId), isNull(tariffItems.deletedAt)));
  const spellings = classSpellings(rows.map((row) => row.class));
  const known = spellings.get(matchKey(typed));
  if (known) return known;
  const message = `Kelas ${unknownClass(typed, spellings)}`;
  throw new AppError(400, 'VALIDATION_ERROR', message, { fields: { class: message } });
}

export async function createTariffItem(
  db: Database,
  actor: Actor,
  bookId: number,
  typed: { name: string; class: string; price: number },
): Promise<TariffItem> {
  await requireBook(db, bookId);
  const input = { ...typed, class: await knownClass(db, bookId, typed.class) };
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
  typed: Partial<{ name: string; class: string; price: number }>,
): Promise<TariffItem> {
  const before = await requireItem(db, bookId, itemId);
  const input =
    typed.class === undefined ? typed : { ...typed, class: await knownClass(db, bookId, typed.class) };
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
 * bad row named (`baris N` counts lines as a spreadsheet shows them, the header being line 1). A class is
 * written as the contract spells it (`tariffClasses`) or as the book already does, and an unknown one is
 * refused; a name and class twice in the file is refused. Appending a row with the name and class of an
 * item in use sets that item's price instead of adding a second price for the same service.
 */
export async function importTariffCsv(
  db: Database,
  actor: Actor,
  bookId: number,
  csv: string,
  mode: 'replace' | 'append',
): Promise<{ imported: number; updated: number }> {
  await requireBook(db, bookId);
  const table = await readCsvTable(csv, bookLayout);
  return db.transaction(async (tx) => {
    const inUse = await tx
      .select(itemColumns)
      .from(tariffItems)
      .where(and(eq(tariffItems.bookId, bookId), isNull(tariffItems.deletedAt)));
    const spelling = classSpellings(inUse.map((item) => item.class));
    const rows: (z.infer<typeof newTariffItemSchema> & { key: string })[] = [];
    const lines = new Map<string, number>();
    const problems = new Map<number, string>();
    for (const row of table.rows) {
      const checked = checkCsvRow(row, bookLayout, newTariffItemSchema);
      if ('problem' in checked) {
        problems.set(row.line, checked.problem);
        continue;
      }
      const known = spelling.get(matchKey(checked.value.class));
      if (!known) {
        problems.set(row.line, `kelas: ${unknownClass(checked.value.class, spelling)}`);
        continue;
      }
      const key = itemKey(checked.value.name, known);
      const first = lines.get(key);
      if (first !== undefined) {
        problems.set(row.line, `${checked.value.name} (${known}) sudah ada di ${lineLabel(first)}.`);
        continue;
      }
      lines.set(key, row.line);
      rows.push({ ...checked.value, class: known, key });
    }
    if (problems.size > 0) throw rowsRefused(problems);

    if (mode === 'replace') {
      await tx
        .update(tariffItems)
        .set({ deletedAt: new Date() })
        .where(and(eq(tariffItems.bookId, bookId), isNull(tariffItems.deletedAt)));
    }
    const current =
      mode === 'append' ? new Map(inUse.map((item) => [itemKey(item.name, item.class), item])) : new Map();
    const prices = rows.flatMap((row) => {
      const item = current.get(row.key);
      return item ? [{ id: item.id, price: row.price }] : [];
    });
    const added = rows
      .filter((row) => !current.has(row.key))
      .map(({ key: _key, ...row }) => ({ ...row, bookId }));
    for (let start = 0; start < added.length; start += 500) {
      await tx.insert(tariffItems).values(added.slice(start, start + 500));
    }
    for (let start = 0; start < prices.length; start += 500) {
      const values = prices
        .slice(start, start + 500)
        .map(({ id, price }) => sql`(${id}::int, ${price}::int)`);
      await tx.execute(
        sql`update ${tariffItems} set price = v.price from (values ${sql.join(values, sql`, `)}) as v(id, price)
            where ${tariffItems.id} = v.id`,
      );
    }
    await audit(
      tx,
      actor,
      'tariff.import',
      { type: 'tariff_book', id: bookId },
      { mode, rows: rows.length, updated: prices.length },
    );
    return { imported: added.length, updated: prices.length };
  });
}
