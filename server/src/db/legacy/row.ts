import { normalizePhone } from '@portal/contract';

// One legacy CSV record read field by field. What can be fixed without guessing is fixed and counted
// (trailing spaces, lower-case codes, empty dates written as 0000-00-00); anything else rejects the
// row with the column and the reason, and the importer goes on with the next one.

/** Thrown by a reader to reject its row; the importer lists it in the report. */
export class RowRejected extends Error {
  constructor(
    readonly column: string,
    readonly reason: string,
    /** The offending value, for the report; '' when the reason is not one value. */
    readonly value = '',
  ) {
    super(reason);
  }
}

/**
 * How a file writes dates with slashes (`03/04/2020`): day first (the legacy system, Excel in Bahasa
 * Indonesia), month first (Excel in English (US): `3/25/2020`), or both in one file (`mixed`: a date
 * that reads either way is rejected; `seen` says where the file writes each, for the report). See
 * `LegacyCsv.dateOrder`.
 */
export type DateOrder = { order: 'dayFirst' | 'monthFirst' } | { order: 'mixed'; seen: string };

/** The kinds of fixes, as the report names them. */
export const fixNames = {
  trimmed: 'spasi di tepi dibuang',
  upperCased: 'kode dijadikan huruf besar',
  zeroDate: 'tanggal 0000-00-00 dibaca kosong',
  dayFirstDate: 'tanggal dd/mm/yyyy dibaca',
  monthFirstDate: 'tanggal mm/dd/yyyy (Excel berbahasa Inggris) dibaca',
  nikCleared: 'NIK bukan 16 angka: tidak dipakai, pasien ditandai untuk dilengkapi',
  nikExcel:
    'NIK ditulis Excel sebagai angka berpangkat (mis. 7.37110E+15), tidak bisa dipulihkan: tidak dipakai, pasien ditandai untuk dilengkapi',
  nikKept: 'NIK di berkas tidak terpakai: NIK yang sudah tersimpan dipertahankan',
  birthDateKept: 'tanggal lahir di berkas tidak terbaca: yang sudah tersimpan dipertahankan',
  numberExcel:
    'NIP atau nomor asuransi ditulis Excel sebagai angka berpangkat (mis. 1.23457E+12), tidak bisa dipulihkan: tidak dipakai, pasien ditandai untuk dilengkapi',
  numberKept: 'NIP atau nomor asuransi di berkas rusak oleh Excel: yang sudah tersimpan dipertahankan',
  nikCompacted: 'spasi atau titik di NIK dibuang',
  duplicateNik: 'NIK sudah milik pasien lain: dikosongkan',
  phoneCleared: 'nomor HP tidak dikenali: dikosongkan',
  phoneNormalized: 'nomor HP ditulis ulang ke bentuk 08…',
  phoneZeroRestored: 'nomor HP tanpa 0 di depan (dibuka di Excel?): ditulis 08…',
  passwordConflict: 'kata sandi berbeda di dua tabel: dipakai yang dari bhpdet_dbs',
  portalPasswordKept: 'petugas sudah ada di portal: kata sandinya tidak diganti',
  severalOfficers: 'lebih dari satu petugas bertanda aktif: pos jaga tidak diubah',
  controlRemoved: 'karakter kendali dibuang',
  lineBreakReplaced: 'tab atau ganti baris di kolom satu baris diganti spasi',
  cut: 'teks terlalu panjang: dipotong ke batas formulir',
  strayQuote: 'tanda kutip di tengah kolom dibaca apa adanya',
  windows1252Line: 'baris ber-pengodean Windows-1252 dibaca',
  birthDateMissing: 'tanggal lahir tidak terbaca: dikosongkan, ditandai untuk dilengkapi',
} as const;
export type FixKind = keyof typeof fixNames;

/** A field the row came without because it could not be read, kept with the row for a person to complete. */
export interface ImportIssue {
  column: string;
  /** `<label> kosong`, `<label> tidak dikenali`, or why the value cannot be used (`NIK bukan 16 angka`). */
  reason: string;
  /** The legacy value as written (trimmed, cut to 80 characters); '' when empty. */
  value: string;
}

/** How a text field is read: the form's limit, and whether it is free text. */
export interface TextOptions {
  /** The longest value the portal's form takes: a longer one rejects the row (it names or keys it). */
  max?: number;
  /** Free text (an address, a note): cut to `max` and counted instead. */
  cut?: boolean;
  /** Keeps tabs and line breaks (a note); elsewhere they become one space. */
  lines?: boolean;
}

/**
 * The longest text a form field takes, read off its contract schema (through optional and nullable),
 * so that an imported value can always be saved again from that form.
 */
export function formMax(schema: object): number {
  let current: object = schema;
  for (;;) {
    if ('maxLength' in current && typeof current.maxLength === 'number') return current.maxLength;
    if (!('unwrap' in current) || typeof current.unwrap !== 'function') break;
    current = current.unwrap() as object;
  }
  throw new Error('the form field has no maximum length');
}

/**
 * Whether `text` has anything `clean` may have to remove: control characters (tab and line breaks
 * too), surrogates (those of a pair too, which `clean` keeps). A loop over the codes: a Unicode regular
 * expression took several times as long over millions of fields.
 */
function special(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}
/** What PostgreSQL or a form cannot take: control characters but tab and line breaks, lone surrogates. */
const removable = /(?![\t\n\r])\p{Cc}|[\ud800-\udfff]/gu;
/** Tabs and line breaks inside a value (those at its edges are trimmed). */
const innerBreaks = /(?<=\S)\s*[\t\n\r]\s*(?=\S)/g;

const slashed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T].*)?$/;
const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;

const daysIn = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1880 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (daysIn[month - 1] as number))) return null;
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** A legacy flag: any mark (1, Y, YA, T as FoxPro writes true, *) is set; empty, 0, N, TIDAK, F are not. */
export function isLegacyFlag(written: string | null | undefined): boolean {
  const value = (written ?? '').trim().toUpperCase();
  return value !== '' && !['0', 'N', 'TIDAK', 'F', 'FALSE', 'NO'].includes(value);
}

export class LegacyRow {
  constructor(
    readonly line: number,
    private readonly fields: Record<string, string>,
    private readonly fixed: (kind: FixKind) => void,
    /** How the file writes dates with slashes. */
    private readonly dates: DateOrder = { order: 'dayFirst' },
  ) {}

  /** The field as written, or '' when the file has no such column. */
  raw(column: string): string {
    return this.fields[column] ?? '';
  }

  reject(column: string, reason: string, value = ''): never {
    throw new RowRejected(column, reason, value);
  }

  fix(kind: FixKind) {
    this.fixed(kind);
  }

  /**
   * Trimmed text without control characters; null when empty. Longer than `max`, it rejects the row,
   * or with `cut` is cut to it.
   */
  text(column: string, options: TextOptions = {}): string | null {
    const raw = this.raw(column);
    const clean = special(raw) ? this.clean(raw, options.lines ?? false) : raw;
    const value = clean.trim();
    if (value !== clean && value !== '') this.fixed('trimmed');
    if (value === '') return null;
    const { max } = options;
    return max !== undefined && value.length > max ? this.tooLong(column, value, max, options.cut) : value;
  }

  required(column: string, label: string, options?: TextOptions): string {
    return this.text(column, options) ?? this.reject(column, `${label} kosong`);
  }

  /** A code: trimmed and upper-cased; longer than `max`, it rejects the row. */
  code(column: string, options?: { max?: number }): string | null {
    const value = this.text(column, options);
    if (value === null) return null;
    const upper = value.toUpperCase();
    if (upper !== value) this.fixed('upperCased');
    return upper;
  }

  requiredCode(column: string, label: string, options?: { max?: number }): string {
    return this.code(column, options) ?? this.reject(column, `${label} kosong`);
  }

  /**
   * A phone number: a mobile number in the portal's 08… form (the one the desk's search and the patient
   * form write), one that Excel stripped of its 0 (`85226386120`) too; any other number (a landline) as
   * written; null when empty.
   */
  phone(column: string, options?: TextOptions): string | null {
    const written = this.text(column, options);
    if (written === null) return null;
    const restored = /^8\d{8,11}$/.test(written);
    const normalized = normalizePhone(restored ? `0${written}` : written);
    if (normalized === null || normalized === written) return written;
    this.fixed(restored ? 'phoneZeroRestored' : 'phoneNormalized');
    return normalized;
  }

  /**
   * Without what PostgreSQL refuses (a NUL fails the whole statement) and what a form cannot show;
   * outside notes, tabs and line breaks become a space.
   */
  private clean(raw: string, lines: boolean): string {
    let value = raw.replace(removable, '');
    if (value !== raw) this.fixed('controlRemoved');
    if (!lines) {
      const joined = value.replace(innerBreaks, ' ');
      if (joined !== value) this.fixed('lineBreakReplaced');
      value = joined;
    }
    return value;
  }

  /** A value longer than the form takes: free text is cut to it, anything else rejects the row. */
  private tooLong(column: string, value: string, max: number, cut = false): string {
    if (!cut)
      return this.reject(
        column,
        `terlalu panjang: ${value.length} karakter, formulir portal paling banyak ${max}`,
        value.slice(0, 80),
      );
    this.fixed('cut');
    // Not between the two halves of a character outside the BMP.
    const end = /[\ud800-\udbff]/.test(value.charAt(max - 1)) ? max - 1 : max;
    return value.slice(0, end).trimEnd();
  }

  /**
   * A calendar date as YYYY-MM-DD from `yyyy-mm-dd`, or `dd/mm/yyyy` or `mm/dd/yyyy` as the file writes
   * dates (see `DateOrder`); a time part is ignored.
   */
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
    const local = slashed.exec(value);
    if (!local) return this.badDate(column, value);
    const [first, second, year] = [Number(local[1]), Number(local[2]), Number(local[3])];
    // In a file that writes both orders, a date is read in the order its numbers allow, if only one does.
    const { dates } = this;
    const monthFirst =
      dates.order === 'monthFirst' || (dates.order === 'mixed' && second > 12 && first <= 12);
    if (dates.order === 'mixed' && first <= 12 && second <= 12 && first !== second)
      return this.reject(
        column,
        `tanggal "${value.slice(0, 40)}" bisa dibaca dd/mm atau mm/dd: berkas ini memakai keduanya (${dates.seen})`,
        value,
      );
    const date =
      (monthFirst ? calendarDate(year, first, second) : calendarDate(year, second, first)) ??
      this.badDate(column, value);
    // Counted once read: a row that comes without the date (`orFlag`) had no date read this way.
    this.fixed(monthFirst ? 'monthFirstDate' : 'dayFirstDate');
    return date;
  }

  requiredDate(column: string, label: string): string {
    return this.date(column) ?? this.reject(column, `${label} kosong`);
  }

  /**
   * A field the row may come without: read by `read` (e.g. `(c) => row.date(c)`), and when it is empty or
   * the reader rejects it, null instead, with an issue added to `issues` and the fix `kind` counted.
   */
  orFlag<T>(
    column: string,
    label: string,
    issues: ImportIssue[],
    kind: FixKind,
    read: (column: string) => T | null,
  ): T | null {
    let unreadable = false;
    try {
      const value = read(column);
      if (value !== null) return value;
    } catch (error) {
      if (!(error instanceof RowRejected)) throw error;
      unreadable = true;
    }
    const value = (this.text(column) ?? '').slice(0, 80);
    issues.push({ column, reason: `${label} ${unreadable ? 'tidak dikenali' : 'kosong'}`, value });
    this.fixed(kind);
    return null;
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

  /** A legacy flag (see `isLegacyFlag`). */
  flag(column: string): boolean {
    return isLegacyFlag(this.raw(column));
  }

  /** Legacy `sr_deleted`: any mark there means the record was deleted. */
  deleted(): boolean {
    return this.flag('sr_deleted');
  }
}
