import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Money is whole Rupiah in integer columns.
export const ambulanceTariffs = pgTable(
  'ambulance_tariffs',
  {
    id: serial('id').primaryKey(),
    destination: text('destination').notNull(),
    price: integer('price').notNull(),
    notes: text('notes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Retired tariffs stay for the orders that used them; a destination can be added again after.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('ambulance_tariffs_price', sql`${t.price} >= 0`),
    uniqueIndex('ambulance_tariffs_destination')
      .on(sql`upper(${t.destination})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

// Legacy `master_buku_tarifx`: one book per legacy table `tarifx_{table}`.
export const tariffBooks = pgTable('tariff_books', {
  id: serial('id').primaryKey(),
  // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
  // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
  importRun: integer('import_run'),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const tariffItems = pgTable(
  'tariff_items',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    bookId: integer('book_id')
      .notNull()
      .references(() => tariffBooks.id),
    // Legacy item code in `tarifx_{table}` (`kode`); null for items added in the portal.
    code: text('code'),
    name: text('name').notNull(),
    // Care class such as VIP, Kelas 1, Kelas 2, Kelas 3.
    class: text('class').notNull(),
    price: integer('price').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('tariff_items_price', sql`${t.price} >= 0`),
    index('tariff_items_book').on(t.bookId),
    uniqueIndex('tariff_items_book_code').on(t.bookId, t.code),
    index('tariff_items_name_trgm').using('gin', sql`upper(${t.name}) gin_trgm_ops`),
  ],
);
