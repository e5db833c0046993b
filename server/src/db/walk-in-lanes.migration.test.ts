import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0033 gives the walk-in tickets kinds: the tickets of a day before it (all `A-…`) become Umum, whose
// letter is `A`, so that every number already printed stays the same, and their chain goes on as Umum's.

const folder = new URL('./migrations/', import.meta.url);
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.sql'))
  .sort();
const lanes = files.findIndex((file) => file.startsWith('0033_walk_in_lanes'));

const db = await PGlite.create({ extensions: { pg_trgm } });
afterAll(() => db.close());

async function apply(file: string) {
  const text = readFileSync(new URL(file, folder), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

describe('migration 0033 (walk-in numbers by kind)', () => {
  it('turns the tickets and day counters from before it into Umum, numbers and chain kept', async () => {
    expect(lanes).toBeGreaterThan(0);
    for (const file of files.slice(0, lanes)) await apply(file);
    await db.exec(`
      insert into admission_days (date, last_seq) values ('2026-11-27', 2);
      insert into admission_tickets (date, seq, previous_seq) values ('2026-11-27', 1, null), ('2026-11-27', 2, 1);
    `);
    await apply(files[lanes] ?? '');

    const tickets = await db.query<{ kind: string; seq: number }>(
      'select kind, seq from admission_tickets order by seq',
    );
    expect(tickets.rows).toEqual([
      { kind: 'UMUM', seq: 1 },
      { kind: 'UMUM', seq: 2 },
    ]);
    const days = await db.query<{ kind: string; last_seq: number }>(
      'select kind, last_seq from admission_days',
    );
    expect(days.rows).toEqual([{ kind: 'UMUM', last_seq: 2 }]);
    // Umum's chain goes on from its 2; another kind starts at its own 1; a kind is always said.
    await db.exec(
      `insert into admission_tickets (date, kind, seq, previous_seq) values ('2026-11-27', 'UMUM', 3, 2), ('2026-11-27', 'PRIORITAS', 1, null)`,
    );
    await expect(
      db.exec(`insert into admission_tickets (date, seq, previous_seq) values ('2026-11-27', 4, 3)`),
    ).rejects.toThrow();
  });
});
