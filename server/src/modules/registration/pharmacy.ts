import type { PharmacyDesk, PrescriptionType, QueueEntry } from '@portal/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { clinics, pharmacyDays, registrations } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { reportPharmacy } from './bpjs-reports.js';
import { WriteThrough } from '../../simrs/write.js';
import type { PublicLinks } from '../notifications/templates.js';
import { entryOf, moveBooking, queueEntries } from './queue.js';
import { findBooking } from './service.js';

// After the doctor (task 5) the clinic desk may send a patient to the pharmacy with the type of
// prescription; the pharmacy gives numbers of its own per day and moves tasks 6 (preparing) and 7
// (medicine ready) with the queue desk's actions `pharmacy-start` and `pharmacy-done`.

/**
 * Sends a patient of today to the pharmacy: the next pharmacy number of the day. A patient still with the
 * doctor (called) is served by it: the doctor's service ends with the prescription, and its report to BPJS
 * (task 5) carries the prescription's type. One served already (without a prescription) may still be sent.
 */
export async function sendToPharmacy(
  db: Database,
  actor: Actor,
  code: string,
  prescriptionType: PrescriptionType,
  {
    links,
    through = new WriteThrough(),
    today = localToday(),
  }: { links: PublicLinks; through?: WriteThrough; today?: string },
): Promise<QueueEntry> {
  return through.run(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, code, true);
      if (booking.date !== today)
        throw conflict('NOT_TODAY', 'Resep hanya bisa dikirim pada hari kunjungan.');
      if (booking.status === 'CALLED') {
        await moveBooking(tx, actor, booking, 'serve', {
          links,
          through,
          today,
          prescription: prescriptionType,
        });
        await audit(tx, actor, 'queue.serve', { type: 'registration', id: booking.code });
      } else if (booking.status !== 'SERVED') {
        throw conflict(
          'INVALID_STATE',
          'Hanya pasien yang sedang dipanggil atau sudah selesai diperiksa yang bisa dikirim ke farmasi.',
        );
      }
      if (booking.prescriptionType !== null) {
        throw conflict(
          'ALREADY_SENT',
          `Resep pasien ini sudah di farmasi dengan nomor ${booking.pharmacySeq}.`,
        );
      }
      // Like a session's counter: one row per date, taken under its row lock, so numbers never repeat or skip.
      const { seq } = single(
        await tx
          .insert(pharmacyDays)
          .values({ date: today, lastSeq: 1 })
          .onConflictDoUpdate({
            target: pharmacyDays.date,
            set: { lastSeq: sql`${pharmacyDays.lastSeq} + 1` },
          })
          .returning({ seq: pharmacyDays.lastSeq }),
      );
      await tx
        .update(registrations)
        .set({ prescriptionType, pharmacySeq: seq })
        .where(eq(registrations.id, booking.id));
      if (booking.bpjsReported) await reportPharmacy(tx, booking.code, prescriptionType, seq);
      await audit(
        tx,
        actor,
        'queue.pharmacy',
        { type: 'registration', id: booking.code },
        { prescriptionType },
      );
      return entryOf(tx, booking);
    }),
  );
}

/** Today's pharmacy queue, in the order of its numbers. */
export async function getPharmacyDesk(db: Database, today = localToday()): Promise<PharmacyDesk> {
  const rows = await db
    .select({
      sessionId: registrations.sessionId,
      clinic: { id: clinics.id, code: clinics.code, name: clinics.name },
    })
    .from(registrations)
    .innerJoin(clinics, eq(clinics.id, registrations.clinicId))
    .where(and(eq(registrations.date, today), isNotNull(registrations.pharmacySeq)))
    .groupBy(registrations.sessionId, clinics.id);
  const clinicOf = new Map(rows.map((row) => [row.sessionId, row.clinic]));
  const entries = await queueEntries(db, [...clinicOf.keys()]);
  return {
    date: today,
    entries: entries
      .filter((entry) => entry.pharmacy !== null)
      .sort((a, b) => (a.pharmacy?.number ?? 0) - (b.pharmacy?.number ?? 0))
      .flatMap(({ id: _id, sessionId, ...entry }) => {
        const clinic = clinicOf.get(sessionId);
        return clinic ? [{ ...entry, clinic }] : [];
      }),
  };
}

/** Where a booking's prescription stands in the pharmacy's queue of its day (Mobile JKN asks). */
export async function pharmacyQueueStatus(db: Database, code: string) {
  const booking = await findBooking(db, code);
  const [row] = await db
    .select({
      total: count(),
      ahead:
        sql<number>`count(*) filter (where ${registrations.pharmacySeq} < ${booking.pharmacySeq ?? 0} and ${registrations.taskId} < 7)`.mapWith(
          Number,
        ),
      preparing: sql<
        number | null
      >`max(${registrations.pharmacySeq}) filter (where ${registrations.taskId} >= 6)`,
    })
    .from(registrations)
    .where(and(eq(registrations.date, booking.date), isNotNull(registrations.pharmacySeq)));
  return {
    booking,
    code: formatTrackingCode(booking.code),
    total: row?.total ?? 0,
    ahead: row?.ahead ?? 0,
    serving: Number(row?.preparing ?? 0),
  };
}
