import { type HospitalTimeZone, hospitalTimeZones } from '@portal/contract/constants';
import { currentLanguage } from '.';
import type { Language } from './language';

/**
 * The hospital's clock, as the server says it (`GET /api/health`, asked as the app starts): a log read from
 * another time zone still shows the time on the ward. WIB until the server has answered.
 */
let hospitalZone: HospitalTimeZone = 'Asia/Jakarta';

export const hospitalTimeZone = () => hospitalZone;

/** Shows every time from now on on `zone`'s clock. */
export function setHospitalTimeZone(zone: HospitalTimeZone): void {
  hospitalZone = zone;
}

/** What the hospital's times are labelled with, as the strings' `{{zone}}`: WIB, WITA or WIT. */
export const zoneLabel = () => hospitalTimeZones[hospitalZone].label;

/** The hospital's offset from UTC as ISO 8601 writes it: "+07:00", "+08:00" or "+09:00". */
export const hospitalOffset = () => hospitalTimeZones[hospitalZone].offset;

/** The Intl locale of each language: British English writes day before month and a 24-hour clock, as here. */
const LOCALES: Record<Language, string> = { id: 'id-ID', en: 'en-GB' };

/** The Intl locale of the UI's language, for controls that format by themselves (PrimeReact's InputNumber). */
export function intlLocale(): string {
  return LOCALES[currentLanguage()];
}

/**
 * One formatter per language (and hospital time zone), made when first used: building an Intl formatter costs
 * far more than using it.
 */
export function perLanguage<F>(make: (locale: string, timeZone: HospitalTimeZone) => F): () => F {
  const made = new Map<string, F>();
  return () => {
    const language = currentLanguage();
    const key = `${language} ${hospitalZone}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(LOCALES[language], hospitalZone);
      made.set(key, formatter);
    }
    return formatter;
  };
}

const dateFormat = perLanguage(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short', year: 'numeric' }),
);
const timeFormat = perLanguage(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** "21 Nov 2026 10.15" ("21 Nov 2026 10:15"): date and time without the comma Intl puts between them. */
export function formatDateTime(iso: string): string {
  return `${formatDateOf(iso)} ${formatTime(iso)}`;
}

/** "21 Nov 2026": the date of an instant on the hospital's clock, as formatDateTime writes it. */
export function formatDateOf(iso: string): string {
  return dateFormat().format(new Date(iso));
}

const birthDateFormat = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }),
);

/** "22 Jun 1971" from a calendar date (YYYY-MM-DD), which has no time zone to convert. */
export function formatDate(date: string): string {
  return birthDateFormat().format(new Date(`${date}T00:00:00Z`));
}

/** A birth date as `formatDate` writes it, or `missing` for a patient imported without a readable one. */
export function formatBirthDate(date: string | null, missing: string): string {
  return date === null ? missing : formatDate(date);
}

/** "10.15" ("10:15"): the time of day on the hospital's clock. */
export function formatTime(iso: string): string {
  return timeFormat().format(new Date(iso));
}

const dayDateFormat = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
);

const monthFormat = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
);

/** "Desember 2026" ("December 2026") from a calendar month (YYYY-MM). */
export function formatMonth(month: string): string {
  return monthFormat().format(new Date(`${month}-01T00:00:00Z`));
}

/** "Senin, 7 Des 2026" ("Monday, 7 Dec 2026"): a calendar date (YYYY-MM-DD) with its weekday, as a visit is planned. */
export function formatDayDate(date: string): string {
  return dayDateFormat().format(new Date(`${date}T00:00:00Z`));
}

/** "08.00" ("08:00") from a clock time as schedules keep it ("08:00"), written as formatTime writes times. */
export function formatClock(time: string): string {
  return currentLanguage() === 'id' ? time.replace(':', '.') : time;
}

// en-CA writes dates as YYYY-MM-DD, whatever the UI's language.
const calendarDateFormat = perLanguage((_locale, timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone }));

/** The hospital's calendar date of an instant, as YYYY-MM-DD: "today" on the ward, not in the browser. */
export function hospitalDate(at: Date): string {
  return calendarDateFormat().format(at);
}

// The narrow symbol: English would otherwise write "IDR 250,000" where the hospital's papers say "Rp".
const rupiahFormat = perLanguage(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'IDR',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

/**
 * "Rp 250.000" ("Rp 250,000"; with a no-break space, so the amount never wraps away from "Rp"): tariffs are
 * whole Rupiah.
 */
export function formatRupiah(amount: number): string {
  return rupiahFormat().format(amount);
}

const quantityFormat = perLanguage((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));

/** "2" or "1,5" ("1.5") from a decimal as the database writes it ("2.00", "1.50"). */
export function formatQuantity(decimal: string): string {
  return quantityFormat().format(Number(decimal));
}

const decimalFormat = perLanguage((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }));

/** "12,5" ("12.5"): a count or an average, to one decimal. */
export function formatDecimal(value: number): string {
  return decimalFormat().format(value);
}

const twoDecimalsFormat = perLanguage(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** "86,11" ("86.11"): a value written to two decimals, as an index is. */
export function formatTwoDecimals(value: number): string {
  return twoDecimalsFormat().format(value);
}

/** "AD01 · TNI AD": a code of the legacy lists beside its text; either alone when the other is missing. */
export function codeAndText(code: string | null, text: string | null): string | null {
  return [code, text].filter(Boolean).join(' · ') || null;
}

const relativeFormat = perLanguage((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
// Days counted, never named: "auto" says "kemarin" (yesterday) of a calendar day, not of 24 hours before.
const relativeDaysFormat = perLanguage(
  (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
);

/**
 * "2 jam yang lalu" ("2 hours ago"): how long before `now` a moment was, in whole minutes, hours or days.
 * `now` is the server's clock where it says, so that a browser's wrong clock does not age what it shows.
 */
export function formatTimeAgo(iso: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000));
  if (minutes < 60) return relativeFormat().format(-minutes, 'minute');
  if (minutes < 24 * 60) return relativeFormat().format(-Math.floor(minutes / 60), 'hour');
  return relativeDaysFormat().format(-Math.floor(minutes / (24 * 60)), 'day');
}
