import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { queueSessions, writeBudgets } from '../../db/schema/index.js';
import { localToday } from '../../lib/dates.js';
import { createTestApp, eventually, type TestApp } from '../../test/app.js';
import { createPatient, createSchedule, type TestSchedule, webBooking } from '../../test/factories.js';

// What only several connections at once can show: a booking waiting for a session's row lock while
// other bookings from the same address go on.

let t: TestApp;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

async function book(schedule: TestSchedule, address: string) {
  const patient = await createPatient(t.database.db);
  return t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    remoteAddress: address,
    payload: webBooking(schedule, patient),
  });
}

/** Holds the row of `schedule`'s session of today locked, as a long booking would, until `release`. */
async function lockSession(schedule: TestSchedule) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await tx
      .select()
      .from(queueSessions)
      .where(and(eq(queueSessions.scheduleId, schedule.id), eq(queueSessions.date, today)))
      .for('update');
    locked();
    await released;
  });
  await isLocked;
  return { release: async () => (release(), await holder) };
}

/** Waits until some statement of this database waits for a row lock. */
const someoneWaits = () =>
  eventually(
    async () => {
      const [row] = await rowsOf<{ waiting: number }>(
        t.database.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        ),
      );
      return row && row.waiting > 0 ? true : undefined;
    },
    { what: 'the first booking to wait for the session lock' },
  );

describe('bookings from one address', () => {
  it('go on while one of them waits for a busy session: the address limit is no lock', async () => {
    const kiosk = '10.98.0.1';
    const busy = await createSchedule(t.database.db);
    const other = await createSchedule(t.database.db);
    expect((await book(busy, kiosk)).statusCode).toBe(201);

    const lock = await lockSession(busy);
    let waitingDone = false;
    const waiting = book(busy, kiosk).finally(() => (waitingDone = true));
    try {
      await someoneWaits();
      const next = await book(other, kiosk);
      expect(next.statusCode, next.body).toBe(201);
      expect(waitingDone).toBe(false);
    } finally {
      await lock.release();
    }
    expect((await waiting).json()).toMatchObject({ queueSeq: 2 });
    const [budget] = await t.database.db
      .select({ used: writeBudgets.used })
      .from(writeBudgets)
      .where(eq(writeBudgets.key, `registration-write:${kiosk}`));
    expect(budget?.used).toBe(3);
  });
});
