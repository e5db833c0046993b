import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import type { DatabaseHandle } from '../client.js';
import { rowsOf } from '../rows.js';
import { outpatientVisits } from '../schema/index.js';
import { copyFrom, copyText } from './copy.js';

describe('legacy COPY of rows (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('brings every value back as it was written: text with tabs, lines and backslashes, nulls, lists, JSON, flags, times', async () => {
    const v = outpatientVisits;
    const columns = [v.notes, v.diagnoses, v.procedures, v.cancelled, v.vaccination, v.deletedAt];
    const rows: unknown[][] = [
      [
        'kontrol\tlagi\r\nhari Senin \\ Selasa "pagi"',
        ['J06.9 "ISPA"', 'back\\slash', 'koma, titik'],
        [{ code: '89.03', name: 'konsul\tlanjut' }],
        true,
        2,
        new Date('2024-03-05T01:02:03.000Z'),
      ],
      [null, [], [], false, 0, null],
      ['\\N', null, null, false, 0, null],
    ];
    const back = await handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temp table copied on commit drop as select notes, diagnoses, procedures, cancelled, vaccination, deleted_at from outpatient_visits with no data`,
      );
      await copyFrom(
        tx,
        sql`copied (notes, diagnoses, procedures, cancelled, vaccination, deleted_at)`,
        copyText(columns, rows),
      );
      return rowsOf<Record<string, unknown>>(
        tx.execute(
          sql`select notes, diagnoses, procedures, cancelled, vaccination, to_char(deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as deleted_at from copied`,
        ),
      );
    });
    expect(back).toEqual([
      {
        notes: 'kontrol\tlagi\r\nhari Senin \\ Selasa "pagi"',
        diagnoses: ['J06.9 "ISPA"', 'back\\slash', 'koma, titik'],
        procedures: [{ code: '89.03', name: 'konsul\tlanjut' }],
        cancelled: true,
        vaccination: 2,
        deleted_at: '2024-03-05T01:02:03',
      },
      { notes: null, diagnoses: [], procedures: [], cancelled: false, vaccination: 0, deleted_at: null },
      { notes: '\\N', diagnoses: null, procedures: null, cancelled: false, vaccination: 0, deleted_at: null },
    ]);
  });
});
