import { ADMISSION_TICKET_PREFIX, type AdmissionTicket } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { admissionDays, admissionTickets } from '../../db/schema/index.js';
import { localToday } from '../../lib/dates.js';
import { limitWrites } from '../../lib/throttle.js';

export interface TicketTaker {
  /** The client's address: one kiosk shares the budget of REGISTRATION_WRITE_LIMIT a minute. */
  address: string;
  writeLimit: number;
}

export const admissionTicketNumber = (seq: number) =>
  `${ADMISSION_TICKET_PREFIX}-${String(seq).padStart(3, '0')}`;

/**
 * A walk-in patient's ticket for the admission counter: the next number of the day. The day's counter
 * row is taken under its row lock, so simultaneous tickets wait for each other; the ticket's link to the
 * one before it lets the database refuse a gap or a repeat.
 */
export function takeAdmissionTicket(
  db: Database,
  taker: TicketTaker,
  today = localToday(),
): Promise<AdmissionTicket> {
  return limitWrites(db, { key: `admission-ticket:${taker.address}`, limit: taker.writeLimit }, () =>
    db.transaction(async (tx) => {
      const { seq } = single(
        await tx
          .insert(admissionDays)
          .values({ date: today, lastSeq: 1 })
          .onConflictDoUpdate({
            target: admissionDays.date,
            set: { lastSeq: sql`${admissionDays.lastSeq} + 1` },
          })
          .returning({ seq: admissionDays.lastSeq }),
      );
      const ticket = single(
        await tx
          .insert(admissionTickets)
          .values({ date: today, seq, previousSeq: seq > 1 ? seq - 1 : null })
          .returning({ issuedAt: admissionTickets.issuedAt }),
      );
      return {
        number: admissionTicketNumber(seq),
        seq,
        date: today,
        issuedAt: ticket.issuedAt.toISOString(),
      };
    }),
  );
}
