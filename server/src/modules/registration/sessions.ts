import type { Payer } from '@portal/contract';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { queueSessions } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';

const used = (payer: Payer) => (payer === 'JKN' ? queueSessions.usedJkn : queueSessions.usedNonJkn);
const quota = (payer: Payer) => (payer === 'JKN' ? queueSessions.quotaJkn : queueSessions.quotaNonJkn);

/**
 * Takes one place of `payer`'s quota in a schedule's session on `date` and the next queue sequence.
 * One conditional UPDATE: concurrent bookings wait for the row lock and re-check `used < quota`, so
 * the quota is never oversold and the sequence never skips, whatever the number of server processes.
 * The lock is held until the caller's transaction ends; a rollback gives the place back.
 */
export async function takePlace(
  tx: Transaction,
  schedule: { id: number; quotaJkn: number; quotaNonJkn: number },
  date: string,
  payer: Payer,
): Promise<{ sessionId: number; seq: number }> {
  await tx
    .insert(queueSessions)
    .values({ scheduleId: schedule.id, date, quotaJkn: schedule.quotaJkn, quotaNonJkn: schedule.quotaNonJkn })
    .onConflictDoNothing();
  const column = used(payer);
  const [place] = await tx
    .update(queueSessions)
    .set({
      [payer === 'JKN' ? 'usedJkn' : 'usedNonJkn']: sql`${column} + 1`,
      lastSeq: sql`${queueSessions.lastSeq} + 1`,
    })
    .where(
      and(eq(queueSessions.scheduleId, schedule.id), eq(queueSessions.date, date), lt(column, quota(payer))),
    )
    .returning({ sessionId: queueSessions.id, seq: queueSessions.lastSeq });
  if (!place) {
    throw conflict(
      'QUOTA_FULL',
      payer === 'JKN'
        ? 'Kuota pasien JKN untuk jadwal ini sudah penuh. Pilih jadwal atau tanggal lain.'
        : 'Kuota pasien umum untuk jadwal ini sudah penuh. Pilih jadwal atau tanggal lain.',
    );
  }
  return place;
}

/** Gives a cancelled booking's place back to its quota (its sequence number stays used). */
export async function freePlace(tx: Transaction, sessionId: number, payer: Payer): Promise<void> {
  const column = used(payer);
  await tx
    .update(queueSessions)
    .set({ [payer === 'JKN' ? 'usedJkn' : 'usedNonJkn']: sql`${column} - 1` })
    .where(eq(queueSessions.id, sessionId));
}

/** New quotas of a schedule apply to its sessions from `today` on, never below the places taken. */
export async function followScheduleQuotas(
  tx: Transaction,
  scheduleId: number,
  quotas: { quotaJkn: number; quotaNonJkn: number },
  today: string,
): Promise<void> {
  await tx
    .update(queueSessions)
    .set({
      quotaJkn: sql`greatest(${quotas.quotaJkn}, ${queueSessions.usedJkn})`,
      quotaNonJkn: sql`greatest(${quotas.quotaNonJkn}, ${queueSessions.usedNonJkn})`,
    })
    .where(and(eq(queueSessions.scheduleId, scheduleId), gte(queueSessions.date, today)));
}
