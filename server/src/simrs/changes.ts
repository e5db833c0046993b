import type { SimrsClient, SimrsQueries } from './client.js';

// How the link learns what changed in the SIMRS without reading whole tables: a change log in the SIMRS
// (`portal_changes`) that triggers on each mirrored table fill, one row per inserted, changed or removed
// record, in the same transaction as the change. The link reads the oldest entries, applies them and
// deletes them: a queue, so an entry committed late (a long transaction) is still found the next time.
// A removed record's last values travel in the entry, as the table no longer has them.
//
// Installing it needs the TRIGGER and CREATE privileges once (`npm run cli -- link install`, or a DBA
// runs the statements `link install --print` shows); the SIMRS's own programs are not changed.

export const changeLog = 'portal_changes';

export interface Change {
  id: number;
  table: string;
  recno: number;
  /** The record's values when it was removed (DELETE); null for an insert or a change. */
  removed: Record<string, unknown> | null;
}

const triggerName = (table: string, event: 'ai' | 'au' | 'ad') => `portal_${table}_${event}`.slice(0, 64);

/** A statement with the values it takes: the driver escapes each (`?` a value, `??` a name). */
export interface Statement {
  sql: string;
  values: (string | number)[];
}

/** The SIMRS's columns of each table, in their order. */
async function columnsOf(client: SimrsQueries, tables: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await client.rows<{ table: string; name: string }>(
    `select table_name as \`table\`, column_name as name from information_schema.columns
     where table_schema = database() and table_name in (?) order by table_name, ordinal_position`,
    [tables],
  );
  const columns = new Map<string, string[]>();
  for (const { table, name } of rows) columns.set(table, [...(columns.get(table) ?? []), name]);
  return columns;
}

/** The change log and the three triggers of each table, dropped and created again (idempotent). */
export async function installStatements(
  client: SimrsQueries,
  tables: readonly string[],
): Promise<Statement[]> {
  const columns = await columnsOf(client, tables);
  const statements: Statement[] = [
    {
      sql: `CREATE TABLE IF NOT EXISTS ?? (
        id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        table_name VARCHAR(64) NOT NULL,
        recno BIGINT NOT NULL,
        removed LONGTEXT NULL,
        changed_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)
      ) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4`,
      values: [changeLog],
    },
  ];
  for (const table of tables) {
    const names = columns.get(table);
    if (!names) throw new Error(`tabel ${table} tidak ada di SIMRS`);
    if (!names.includes('sr_recno')) throw new Error(`tabel ${table} tidak punya kolom sr_recno`);
    for (const event of ['ai', 'au', 'ad'] as const)
      statements.push({ sql: 'DROP TRIGGER IF EXISTS ??', values: [triggerName(table, event)] });
    const log = `INSERT INTO ?? (table_name, recno, removed) VALUES`;
    statements.push(
      {
        sql: `CREATE TRIGGER ?? AFTER INSERT ON ?? FOR EACH ROW ${log} (?, NEW.sr_recno, NULL)`,
        values: [triggerName(table, 'ai'), table, changeLog, table],
      },
      {
        // A record whose number changed is gone under the old one: both are looked up.
        sql: `CREATE TRIGGER ?? AFTER UPDATE ON ?? FOR EACH ROW BEGIN
          ${log} (?, NEW.sr_recno, NULL);
          IF NEW.sr_recno <> OLD.sr_recno THEN ${log} (?, OLD.sr_recno, NULL); END IF;
        END`,
        values: [triggerName(table, 'au'), table, changeLog, table, changeLog, table],
      },
      {
        sql: `CREATE TRIGGER ?? AFTER DELETE ON ?? FOR EACH ROW ${log} (?, OLD.sr_recno, JSON_OBJECT(${names
          .map(() => '?, OLD.??')
          .join(', ')}))`,
        values: [triggerName(table, 'ad'), table, changeLog, table, ...names.flatMap((name) => [name, name])],
      },
    );
  }
  return statements;
}

/** Removes the triggers and the change log (moving back to standalone). */
export function uninstallStatements(tables: readonly string[]): Statement[] {
  return [
    ...tables.flatMap((table) =>
      (['ai', 'au', 'ad'] as const).map((event) => ({
        sql: 'DROP TRIGGER IF EXISTS ??',
        values: [triggerName(table, event)],
      })),
    ),
    { sql: 'DROP TABLE IF EXISTS ??', values: [changeLog] },
  ];
}

/** Whether the change log and every table's triggers are in place. */
export async function installed(client: SimrsQueries, tables: readonly string[]): Promise<string[]> {
  const triggers = await client.rows<{ name: string }>(
    `select trigger_name as name from information_schema.triggers where trigger_schema = database()`,
  );
  const have = new Set(triggers.map((row) => row.name));
  const [log] = await client.rows<{ found: number }>(
    `select count(*) as found from information_schema.tables where table_schema = database() and table_name = ?`,
    [changeLog],
  );
  const missing = tables.filter((table) =>
    (['ai', 'au', 'ad'] as const).some((event) => !have.has(triggerName(table, event))),
  );
  return Number(log?.found ?? 0) === 0 ? [changeLog, ...missing] : missing;
}

/** The oldest `limit` entries of the change log. */
export async function oldestChanges(client: SimrsClient, limit: number): Promise<Change[]> {
  const rows = await client.rows<{
    id: number | string;
    table: string;
    recno: number | string;
    removed: string | null;
  }>(`select id, table_name as \`table\`, recno, removed from ?? order by id limit ?`, [changeLog, limit]);
  return rows.map((row) => ({
    id: Number(row.id),
    table: row.table,
    recno: Number(row.recno),
    removed: row.removed === null ? null : (JSON.parse(row.removed) as Record<string, unknown>),
  }));
}

/** Entries applied in the portal: gone from the queue. */
export async function forgetChanges(client: SimrsClient, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await client.run('delete from ?? where id in (?)', [changeLog, ids]);
}

/** Per table: entries waiting and when the oldest was written (the SIMRS's clock, as text). */
export async function waitingChanges(
  client: SimrsClient,
): Promise<{ table: string; waiting: number; oldest: string }[]> {
  const rows = await client.rows<{ table: string; waiting: number | string; oldest: string }>(
    `select table_name as \`table\`, count(*) as waiting, min(changed_at) as oldest from ?? group by table_name`,
    [changeLog],
  );
  return rows.map((row) => ({ ...row, waiting: Number(row.waiting) }));
}
