import { ATTENDANCE_LONG_SHIFT_HOURS, type AttendanceRecap } from '@portal/contract';
import { csvFile } from '../../lib/csv.js';

/** "152:07": hours and minutes of a minute count, as the recap shows them. */
export function hoursAndMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
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

/** The recap as a spreadsheet opens it (see lib/csv.ts). */
export function recapCsv(recap: AttendanceRecap): string {
  return csvFile([
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
  ]);
}
