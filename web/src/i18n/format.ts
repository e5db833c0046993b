/** The hospital's clock (WIB): a log read from another time zone still shows the time on the ward. */
const TIME_ZONE = 'Asia/Jakarta';

const dateFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "21 Nov 2026 10.15": date and time without the comma Intl puts between them. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return `${dateFormat.format(at)} ${timeFormat.format(at)}`;
}

const birthDateFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "22 Jun 1971" from a calendar date (YYYY-MM-DD), which has no time zone to convert. */
export function formatDate(date: string): string {
  return birthDateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "10.15": the time of day in WIB. */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

const rupiahFormat = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "Rp 250.000" (with a no-break space, so the amount never wraps away from "Rp"): tariffs are whole Rupiah. */
export function formatRupiah(amount: number): string {
  return rupiahFormat.format(amount);
}
