import { boolean, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

// Each run of `cli import legacy`: what it read and wrote. The rows it writes carry its id
// (`import_run`), and the rows it updated are listed in `legacy_import_changes`.
export const legacyImports = pgTable('legacy_imports', {
  id: serial('id').primaryKey(),
  folder: text('folder').notNull(),
  apply: boolean('apply').notNull(),
  // The highest numeric medical record number in the export, rejected rows included: the portal's
  // next number continues after the highest of every run, so it never hands out a legacy one.
  highestMrn: text('highest_mrn'),
  // Per file: read, inserted, updated, unchanged, rejected, conflicts.
  summary: jsonb('summary').$type<Record<string, Record<string, number | string>>>(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

// Which run changed which existing record: one row per row that an import updated (new rows carry the
// run in their own `import_run`).
export const legacyImportChanges = pgTable(
  'legacy_import_changes',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => legacyImports.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    legacyKey: text('legacy_key').notNull(),
    file: text('file').notNull(),
    line: integer('line').notNull(),
  },
  (t) => [unique('legacy_import_changes_row').on(t.importId, t.tableName, t.legacyKey)],
);
