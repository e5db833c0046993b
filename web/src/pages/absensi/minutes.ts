/** "28:10": hours and minutes of a minute count, as the recap and its CSV write them. */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
