import { type HospitalTimeZone, hospitalTimeZones, isHospitalTimeZone } from '@portal/contract/constants';

let known: { tz: string | undefined; zone: HospitalTimeZone } | undefined;

/**
 * The hospital's time zone: the process's, which main.ts and cli.ts set from TZ (config.ts takes Indonesia's
 * zones only). Asked again when TZ changes, as tests change it.
 */
export function hospitalTimeZone(): HospitalTimeZone {
  if (known && known.tz === process.env.TZ) return known.zone;
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if (!isHospitalTimeZone(timeZone))
    throw new Error(`The process runs in ${timeZone}, not one of Indonesia's zones`);
  known = { tz: process.env.TZ, zone: timeZone };
  return timeZone;
}

/** What the hospital's times are labelled with: WIB, WITA or WIT. */
export const zoneLabel = () => hospitalTimeZones[hospitalTimeZone()].label;

/** The first moment of a calendar day (YYYY-MM-DD) in the hospital's time zone. */
export function localDayStart(date: string, plusDays = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + plusDays);
}

/** A moment as people here read it, e.g. "Sabtu, 5 Juli 2025 pukul 14.30 WIB" (WITA, WIT by the zone). */
export function formatLocalDateTime(at: Date): string {
  // Made per call: the server sets TZ after its modules are loaded.
  const local = new Intl.DateTimeFormat('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return `${local} ${zoneLabel()}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDD-HHMMSS` on the hospital's clock (the process's TZ, set from the configuration), for file names. */
export function fileStamp(at: Date): string {
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `${day}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}

// Calendar dates stay 'YYYY-MM-DD' strings; their arithmetic runs in UTC so no time zone shifts a day.
const dayMs = 86_400_000;

/** Today in the hospital's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/** A moment on a calendar date at a local wall-clock time. */
export function localMoment(date: string, hour: number, minute: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, hour, minute);
}

/** A `time` column as people read it: HH:MM (PostgreSQL answers HH:MM:SS). */
export const clockTime = (time: string) => time.slice(0, 5);

/** The calendar month (`YYYY-MM`, the hospital's) as days and as the moments it starts and ends. */
export function monthBounds(month: string) {
  const firstDay = `${month}-01`;
  const nextFirstDay = `${addDays(firstDay, 32).slice(0, 8)}01`;
  return {
    firstDay,
    lastDay: addDays(nextFirstDay, -1),
    from: localDayStart(firstDay),
    to: localDayStart(nextFirstDay),
  };
}

/** "Senin, 7 Desember 2026" (a calendar date, so read in UTC: no time zone moves it). */
const longDateFormat = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const longDate = (date: string) => longDateFormat.format(new Date(`${date}T12:00:00Z`));
