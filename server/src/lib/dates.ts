/** The first moment of a calendar day (YYYY-MM-DD) in the server's time zone (TZ, WIB by default). */
export function localDayStart(date: string, plusDays = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + plusDays);
}

/** A moment as people here read it, e.g. "Sabtu, 5 Juli 2025 pukul 14.30 WIB". */
export function formatLocalDateTime(at: Date): string {
  // Made per call: the server sets TZ after its modules are loaded.
  return new Intl.DateTimeFormat('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}
