// One legacy CSV record read field by field. What can be fixed without guessing is fixed and counted
// (trailing spaces, lower-case codes, empty dates written as 0000-00-00); anything else rejects the
// row with the column and the reason, and the importer goes on with the next one.

/** Thrown by a reader to reject its row; the importer lists it in the report. */
export class RowRejected extends Error {
  constructor(
    readonly column: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The kinds of fixes, as the report names them. */
export const fixNames = {
  trimmed: 'spasi di tepi dibuang',
  upperCased: 'kode dijadikan huruf besar',
  zeroDate: 'tanggal 0000-00-00 dibaca kosong',
  dayFirstDate: 'tanggal dd/mm/yyyy dibaca',
  nikCleared: 'NIK bukan 16 angka: dikosongkan',
  nikCompacted: 'spasi atau titik di NIK dibuang',
  duplicateNik: 'NIK sudah milik pasien lain: dikosongkan',
  phoneCleared: 'nomor HP tidak dikenali: dikosongkan',
  phoneNormalized: 'nomor HP ditulis ulang ke bentuk 08…',
  passwordConflict: 'kata sandi berbeda di dua tabel: dipakai yang dari bhpdet_dbs',
  portalPasswordKept: 'petugas sudah ada di portal: kata sandinya tidak diganti',
  severalOfficers: 'lebih dari satu petugas bertanda aktif: pos jaga tidak diubah',
} as const;
export type FixKind = keyof typeof fixNames;

const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T].*)?$/;
const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (year < 1880 || year > 2200) return null;
  return date.toISOString().slice(0, 10);
}

export class LegacyRow {
  constructor(
    readonly line: number,
    private readonly fields: Record<string, string>,
    private readonly fixed: (kind: FixKind) => void,
  ) {}

  /** The field as written, or '' when the file has no such column. */
  raw(column: string): string {
    return this.fields[column] ?? '';
  }

  reject(column: string, reason: string): never {
    throw new RowRejected(column, reason);
  }

  fix(kind: FixKind) {
    this.fixed(kind);
  }

  /** Trimmed text; null when empty. */
  text(column: string): string | null {
    const raw = this.raw(column);
    const value = raw.trim();
    if (value !== raw && value !== '') this.fixed('trimmed');
    return value === '' ? null : value;
  }

  required(column: string, label: string): string {
    return this.text(column) ?? this.reject(column, `${label} kosong`);
  }

  /** A code: trimmed and upper-cased. */
  code(column: string): string | null {
    const value = this.text(column);
    if (value === null) return null;
    const upper = value.toUpperCase();
    if (upper !== value) this.fixed('upperCased');
    return upper;
  }

  requiredCode(column: string, label: string): string {
    return this.code(column) ?? this.reject(column, `${label} kosong`);
  }

  /** A calendar date as YYYY-MM-DD from `yyyy-mm-dd` or `dd/mm/yyyy` (a time part is ignored). */
  date(column: string): string | null {
    const value = this.text(column);
    if (value === null) return null;
    if (/^0000-00-00/.test(value) || /^00[/.-]00[/.-]0000/.test(value)) {
      this.fixed('zeroDate');
      return null;
    }
    const iso = yearFirst.exec(value);
    if (iso) {
      return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? this.badDate(column, value);
    }
    const local = dayFirst.exec(value);
    if (local) {
      this.fixed('dayFirstDate');
      return (
        calendarDate(Number(local[3]), Number(local[2]), Number(local[1])) ?? this.badDate(column, value)
      );
    }
    return this.badDate(column, value);
  }

  requiredDate(column: string, label: string): string {
    return this.date(column) ?? this.reject(column, `${label} kosong`);
  }

  private badDate(column: string, value: string): never {
    return this.reject(column, `tanggal tidak dikenali: "${value.slice(0, 40)}"`);
  }

  /** A time of day as HH:MM from `HH:MM`, `HH.MM` or `HH:MM:SS`; null when empty. */
  time(column: string): string | null {
    const value = this.text(column);
    if (value === null) return null;
    const match = /^(\d{1,2})[:.](\d{2})(?:[:.]\d{2})?$/.exec(value);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
      return this.reject(column, `jam tidak dikenali: "${value.slice(0, 20)}"`);
    return `${match[1]?.padStart(2, '0')}:${match[2]}`;
  }

  /** A whole number (thousands separators `.` or `,` and a zero decimal part allowed); null when empty. */
  integer(column: string, { min = 0, max = 2_147_483_647 } = {}): number | null {
    const value = this.text(column);
    if (value === null) return null;
    const plain = value.replace(/[.,]00?$/, '').replace(/(\d)[.,](?=\d{3}(\D|$))/g, '$1');
    const number = /^-?\d{1,15}$/.test(plain) ? Number(plain) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max)
      return this.reject(column, `bukan bilangan bulat ${min}–${max}: "${value.slice(0, 20)}"`);
    return number;
  }

  requiredInteger(column: string, label: string, range?: { min?: number; max?: number }): number {
    return this.integer(column, range) ?? this.reject(column, `${label} kosong`);
  }

  /** A legacy flag: any mark (1, Y, YA, T as FoxPro writes true, *) is set; empty, 0, N, TIDAK, F are not. */
  flag(column: string): boolean {
    const value = this.raw(column).trim().toUpperCase();
    return value !== '' && !['0', 'N', 'TIDAK', 'F', 'FALSE', 'NO'].includes(value);
  }

  /** Legacy `sr_deleted`: any mark there means the record was deleted. */
  deleted(): boolean {
    return this.flag('sr_deleted');
  }
}
