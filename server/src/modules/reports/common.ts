import type { DailyCount, ReportPatientGroup } from '@portal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { referenceCodes } from '../../db/schema/index.js';
import { CSV_BOM, type CsvCell, csvLine } from '../../lib/csv.js';
import { addDays, localToday } from '../../lib/dates.js';

// The hospital-wide lists are a read model of the records desk: each page joins the visits, stays or bookings
// with their patients, clinics and rooms in one query, which calls to each owning module could neither page
// nor count per day. The module writes nothing.

/** Every day of `from`..`to` with its count, 0 for the days `counts` does not name; oldest first. */
export function everyDay(
  from: string,
  to: string,
  counts: readonly { date: string; count: number }[],
): DailyCount[] {
  const byDate = new Map(counts.map((c) => [c.date, c.count]));
  const days: DailyCount[] = [];
  for (let date = from; date <= to; date = addDays(date, 1))
    days.push({ date, count: byDate.get(date) ?? 0 });
  return days;
}

export const totalOf = (days: readonly DailyCount[]) => days.reduce((sum, day) => sum + day.count, 0);

/** "2026-12-01 14:30": a moment in the hospital's time zone (TZ), as a spreadsheet sorts and reads it. */
export function localDateTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localToday(at)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The offset of a page counted from 1. */
export const offsetOf = (query: { page: number; pageSize: number }) => (query.page - 1) * query.pageSize;

/**
 * A CSV file of every row of a list, as text chunks for a streamed answer: the header, then the rows of each
 * day of the range in turn (a day of a busy hospital is a few thousand rows), so that a year's export is never
 * held in memory, and each day's query is an equality on the date that its index answers directly.
 */
export async function* csvExport<Row>(
  header: readonly string[],
  range: { from: string; to: string },
  rowsOfDay: (date: string) => Promise<Row[]>,
  cells: (row: Row) => readonly CsvCell[],
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const rows = await rowsOfDay(date);
    if (rows.length > 0) yield rows.map((row) => csvLine(cells(row))).join('');
  }
}

/**
 * The patient groups the lists can be narrowed to: the legacy code list (`master_golpas`) kept in the
 * reference list of kind `patient_group`, by name.
 */
export function patientGroups(db: Database): Promise<ReportPatientGroup[]> {
  return db
    .select({ code: referenceCodes.code, name: referenceCodes.name })
    .from(referenceCodes)
    .where(and(eq(referenceCodes.kind, 'patient_group'), isNull(referenceCodes.deletedAt)))
    .orderBy(asc(referenceCodes.name), asc(referenceCodes.code));
}
