import { ATTENDANCE_LONG_SHIFT_HOURS, type AttendanceRecap } from '@portal/contract';

/** "152:07": hours and minutes of a minute count, as the recap shows them. */
export function hoursAndMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * One CSV field. A text that a spreadsheet would read as a formula (= + - @, or a tab or carriage return
 * in front) gets a leading apostrophe; separators, quotes and line breaks are quoted.
 */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const header = [
  'Nama',
  'Hari Hadir',
  'Jam Kerja',
  'Menit Kerja',
  'Shift Terjadwal',
  'Terlambat',
  'Tidak Hadir',
  `Shift > ${ATTENDANCE_LONG_SHIFT_HOURS} Jam`,
];

/**
 * The recap as Excel opens it in Indonesia: semicolons (the decimal separator there is a comma), CRLF line
 * ends, and a byte-order mark so that names keep their UTF-8 letters.
 */
export function recapCsv(recap: AttendanceRecap): string {
  const lines = [
    header,
    ...recap.rows.map((row) => [
      row.staff.name,
      row.daysPresent,
      hoursAndMinutes(row.totalMinutes),
      row.totalMinutes,
      row.rosteredShifts,
      row.lateArrivals,
      row.missedShifts,
      row.longShifts,
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(field).join(';')).join('\r\n')}\r\n`;
}
