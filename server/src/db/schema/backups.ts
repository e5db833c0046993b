import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Each backup the command line finished (`npm run cli -- backup`), for the admins' system screen and the
// metrics: a row is written only once the file is in place, so the newest row is the last good backup.
// An embedded database's row is written after its dump, so a backup never holds its own row.
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['embedded', 'postgres'] }).notNull(),
    // The file's absolute path on the host that made it.
    file: text('file').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    // Rows per table as dumped: what a restore of the file must find (also in `<file>.json` beside it).
    tableCounts: jsonb('table_counts').$type<Record<string, number>>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('backups_kind', sql`${t.kind} in ('embedded', 'postgres')`),
    index('backups_finished').on(t.finishedAt),
  ],
);

// Each restore drill (`npm run cli -- backup drill`): a backup restored into a scratch database and its rows
// counted against those recorded when it was made. Failed drills are kept too.
export const backupDrills = pgTable(
  'backup_drills',
  {
    id: serial('id').primaryKey(),
    // The backup's row, when this database made it (a file from elsewhere has none).
    backupId: integer('backup_id').references(() => backups.id, { onDelete: 'set null' }),
    file: text('file').notNull(),
    ok: boolean('ok').notNull(),
    // Tables whose rows differ ({ table: { recorded, restored } }), or why the drill failed.
    differences: jsonb('differences').$type<Record<string, { recorded: number; restored: number }>>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('backup_drills_backup').on(t.backupId, t.finishedAt)],
);
