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
