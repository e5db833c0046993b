import {
  type BookingReport,
  type BookingReportFilter,
  type BookingReportQuery,
  type BookingReportRow,
  registrationStatuses,
} from '@portal/contract';
import { and, asc, count, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import { clinics, doctors, patients, registrations } from '../../db/schema/index.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { csvExport, everyDay, localDateTime, offsetOf, totalOf } from './common.js';

// Outpatient bookings of every channel (website and kiosk, Mobile JKN, the counter) by the day of the visit
// booked, cancelled ones too: a booking is never deleted, its status tells what became of it.

const r = registrations;

/** The filter's conditions; without the status when the counts per status are asked. */
function conditions(filter: BookingReportFilter, { withStatus = true } = {}): SQL[] {
  const where = [gte(r.date, filter.from), lte(r.date, filter.to)];
  if (filter.source !== undefined) where.push(eq(r.source, filter.source));
  if (filter.clinicId !== undefined) where.push(eq(r.clinicId, filter.clinicId));
  if (filter.payer !== undefined) where.push(eq(r.payer, filter.payer));
  if (withStatus && filter.status !== undefined) where.push(eq(r.status, filter.status));
  return where;
}

function bookingRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: r.id,
      date: r.date,
      code: r.code,
      queueNumber: r.queueNumber,
      patient: { id: patients.id, mrn: patients.mrn, name: patients.name },
      clinic: { id: clinics.id, code: clinics.code, name: clinics.name },
      doctor: { id: doctors.id, name: doctors.name },
      source: r.source,
      status: r.status,
      payer: r.payer,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(patients, eq(patients.id, r.patientId))
    .innerJoin(clinics, eq(clinics.id, r.clinicId))
    .innerJoin(doctors, eq(doctors.id, r.doctorId))
    .where(where)
    .orderBy(asc(r.date), asc(r.id))
    .$dynamic();
}

type BookingRow = RowOf<typeof bookingRows>;

const toRow = ({ code, createdAt, ...row }: BookingRow): BookingReportRow => ({
  ...row,
  bookingCode: formatTrackingCode(code),
  createdAt: createdAt.toISOString(),
});

/** A page of the bookings of a date range, with the count of each day and of each status. */
export async function bookingReport(db: Database, query: BookingReportQuery): Promise<BookingReport> {
  const [rows, counts, statuses] = await Promise.all([
    bookingRows(db, and(...conditions(query)))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ date: r.date, count: count() })
      .from(r)
      .where(and(...conditions(query)))
      .groupBy(r.date),
    db
      .select({ status: r.status, count: count() })
      .from(r)
      .where(and(...conditions(query, { withStatus: false })))
      .groupBy(r.status),
  ]);
  const days = everyDay(query.from, query.to, counts);
  const byStatus = new Map(statuses.map((s) => [s.status, s.count]));
  return {
    items: rows.map(toRow),
    total: totalOf(days),
    perDay: days,
    perStatus: registrationStatuses.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
  };
}

/** How the CSV names a channel and a status: as the desks show them. */
const sourceLabels: Record<BookingRow['source'], string> = {
  WEB: 'Website',
  MJKN: 'Mobile JKN',
  DESK: 'Loket',
};
const statusLabels: Record<BookingRow['status'], string> = {
  BOOKED: 'Terdaftar',
  CHECKED_IN: 'Sudah check-in',
  CALLED: 'Dipanggil',
  SERVED: 'Selesai dilayani',
  CANCELLED: 'Dibatalkan',
  NO_SHOW: 'Tidak hadir',
};

const header = [
  'Tanggal Periksa',
  'Kode Booking',
  'No. Antrean',
  'No. RM',
  'Nama Pasien',
  'Poli',
  'Dokter',
  'Saluran',
  'Status',
  'Penjamin',
  'Waktu Daftar',
];

/** Every booking of the filter as CSV, in the list's order. */
export function bookingCsv(db: Database, filter: BookingReportFilter) {
  return csvExport(
    header,
    filter,
    (date) => bookingRows(db, and(...conditions({ ...filter, from: date, to: date }))),
    (row) => [
      row.date,
      formatTrackingCode(row.code),
      row.queueNumber,
      row.patient.mrn,
      row.patient.name,
      row.clinic.name,
      row.doctor.name,
      sourceLabels[row.source],
      statusLabels[row.status],
      row.payer,
      localDateTime(row.createdAt),
    ],
  );
}
