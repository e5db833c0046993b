import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { legacyImports } from './legacy.js';

// The SIMRS link (linked mode, `SIMRS_DATABASE_URL`): per SIMRS table the portal mirrors, how far its
// first full mirror got (resumable after an interruption), until when its copy is complete, and the
// link's last error on it. The rows the link writes carry its own run of `legacy_imports` (`import_run`).
export const simrsLinkTables = pgTable('simrs_link_tables', {
  // The SIMRS's table, e.g. `master_pasien`.
  tableName: text('table_name').primaryKey(),
  importId: integer('import_id')
    .notNull()
    .references(() => legacyImports.id),
  // The first full mirror reads by record number: the highest one copied so far, and when it ended.
  fullRecno: bigint('full_recno', { mode: 'number' }).notNull().default(0),
  fullDoneAt: timestamp('full_done_at', { withTimezone: true }),
  // Records read from the SIMRS and applied (full mirror and changes).
  rowsMirrored: bigint('rows_mirrored', { mode: 'number' }).notNull().default(0),
  // Records the importer's rules turned away (the link's log names each), and the last one's reason.
  rowsRejected: bigint('rows_rejected', { mode: 'number' }).notNull().default(0),
  lastRejection: text('last_rejection'),
  // The copy holds every change the SIMRS made to this table before this moment (the start of the
  // last round that found its queue empty): what the screens show as "data SIMRS per …".
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});
