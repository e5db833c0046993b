import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import { type ScheduleOnDate, scheduleOnDate } from '../clinics/booking-window.js';
import { templateBody, templateBodies } from '../notifications/templates.js';

/**
 * What every booking reads that changes seldom: the schedule as it stands on the date (with its clinic,
 * doctor and the reason of a closed day) and the confirmation's text.
 */
export interface BookingReads {
  schedule(scheduleId: number, date: string): Promise<ScheduleOnDate | null>;
  confirmationBody(): Promise<string>;
}

/** Read from the database (or a transaction) on each booking: a script, a test, a status in a transaction. */
export const databaseReads = (db: Database | Transaction): BookingReads => ({
  schedule: (scheduleId, date) => scheduleOnDate(db, scheduleId, date),
  confirmationBody: () => templateBody(db, 'booking_confirmation'),
});

/**
 * The server's: kept in memory as read models and read again once their tables changed, whoever changed
 * them (a booking then costs two queries fewer: the schedule and the text are read at every booking).
 */
export function bookingReads(app: FastifyInstance): BookingReads {
  const schedules = app.readModels(
    'bookingSchedules',
    ({ scheduleId, date }: { scheduleId: number; date: string }) => scheduleOnDate(app.db, scheduleId, date),
    { tables: ['clinics', 'doctors', 'doctor_schedules', 'closed_dates'] },
  );
  const templates = app.readModel('messageTemplates', () => templateBodies(app.db), {
    tables: ['message_templates'],
  });
  return {
    schedule: (scheduleId, date) => schedules.value({ scheduleId, date }),
    confirmationBody: async () => (await templates.value()).booking_confirmation,
  };
}
