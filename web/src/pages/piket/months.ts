import type { RosterShift } from '@portal/contract';
import { rosterShiftHours } from '@portal/contract/constants';
import { hospitalOffset, perLanguage } from '../../i18n/format';

// Calendar months as 'YYYY-MM' and their days as 'YYYY-MM-DD'; the arithmetic runs in UTC so no time zone
// shifts a day.

export function addMonths(month: string, delta: number): string {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, monthNo - 1 + delta, 1));
  return moved.toISOString().slice(0, 7);
}

export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${month}-01T00:00:00Z`); at.toISOString().startsWith(month);) {
    days.push(at.toISOString().slice(0, 10));
    at = new Date(at.getTime() + 86_400_000);
  }
  return days;
}

const rowDateFormat = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric' }),
);

/** "Sen 7" ("Mon 7"): a day in a month's grid. */
export function formatGridDay(date: string): string {
  return rowDateFormat()
    .format(new Date(`${date}T00:00:00Z`))
    .replace(',', '');
}

/** When a rostered shift ends, on the hospital's clock: the night shift (malam) ends the next morning. */
export function shiftEnd(date: string, shift: RosterShift): Date {
  const { start, end } = rosterShiftHours[shift];
  const day = new Date(`${date}T00:00:00Z`);
  if (end <= start) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(`${day.toISOString().slice(0, 10)}T${end}:00${hospitalOffset()}`);
}
