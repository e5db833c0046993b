import { describe, expect, it } from 'vitest';
import { type DateOrder, type FixKind, LegacyRow, RowRejected } from './row.js';

/** A row of one field, `f`, and the fixes counted while reading it. */
function rowOf(value: string) {
  const fixes: FixKind[] = [];
  return { row: new LegacyRow(2, { f: value }, (kind) => fixes.push(kind)), fixes };
}

describe('legacy row text', () => {
  it('drops control characters and lone surrogates, and counts it', () => {
    const { row, fixes } = rowOf('Jl.\0 Melati\x07\x85 1 \ud83d\ude00 \ud800x');
    expect(row.text('f')).toBe('Jl. Melati 1 \ud83d\ude00 x');
    expect(fixes).toEqual(['controlRemoved']);
  });

  it('turns tabs and line breaks into a space outside notes, and keeps them in notes', () => {
    const single = rowOf(' Jl. Melati\r\n  No. 1\tBlok A\n');
    expect(single.row.text('f')).toBe('Jl. Melati No. 1 Blok A');
    expect(single.fixes).toEqual(['lineBreakReplaced', 'trimmed']);
    const note = rowOf('alergi\r\npenisilin\tberat');
    expect(note.row.text('f', { lines: true })).toBe('alergi\r\npenisilin\tberat');
    expect(note.fixes).toEqual([]);
  });

  it('rejects a value longer than the form takes, naming it, or cuts free text to it', () => {
    const name = `${'Nama '.repeat(30)}X`;
    const rejected = (() => {
      try {
        rowOf(name).row.required('f', 'nama', { max: 100 });
      } catch (err) {
        return err;
      }
    })();
    expect(rejected).toBeInstanceOf(RowRejected);
    expect(rejected).toMatchObject({
      column: 'f',
      reason: 'terlalu panjang: 151 karakter, formulir portal paling banyak 100',
      value: name.slice(0, 80),
    });

    const { row, fixes } = rowOf(`${'a'.repeat(8)} \ud83d\ude00b`);
    expect(row.text('f', { max: 10, cut: true })).toBe('aaaaaaaa');
    expect(row.text('f', { max: 11, cut: true })).toBe('aaaaaaaa \ud83d\ude00');
    expect(fixes).toEqual(['cut', 'cut']);
    expect(rowOf('kurang').row.text('f', { max: 10, cut: true })).toBe('kurang');
  });
});

describe('legacy row dates', () => {
  const dateOf = (value: string) => {
    try {
      return rowOf(value).row.date('f');
    } catch (err) {
      if (err instanceof RowRejected) return 'rejected';
      throw err;
    }
  };

  it('reads calendar dates either way round, and rejects days that are not in the calendar', () => {
    expect(dateOf('2024-02-29')).toBe('2024-02-29');
    expect(dateOf('29/02/2000 08:15')).toBe('2000-02-29');
    expect(dateOf('1.3.1999')).toBe('1999-03-01');
    expect(dateOf('2023-02-29')).toBe('rejected');
    expect(dateOf('29/02/1900')).toBe('rejected');
    expect(dateOf('2024-04-31')).toBe('rejected');
    expect(dateOf('2024-13-01')).toBe('rejected');
    expect(dateOf('1879-12-31')).toBe('rejected');
    expect(dateOf('0000-00-00')).toBeNull();
  });

  const mixed: DateOrder = { order: 'mixed', seen: 'baris 2: 25/03/2020; baris 9: 3/25/2020' };
  /** The date read from `value` in a file that writes dates `order`, and the fixes counted. */
  const inFile = (order: DateOrder['order'] | DateOrder, value: string) => {
    const fixes: FixKind[] = [];
    const dates = typeof order === 'string' ? ({ order } as DateOrder) : order;
    const row = new LegacyRow(2, { f: value }, (kind) => fixes.push(kind), dates);
    try {
      return { date: row.date('f'), fixes };
    } catch (err) {
      if (err instanceof RowRejected) return { rejected: err.reason, fixes };
      throw err;
    }
  };

  it('reads dates with slashes in the order the file writes them, and counts which', () => {
    expect(inFile('dayFirst', '03/04/2020')).toEqual({ date: '2020-04-03', fixes: ['dayFirstDate'] });
    expect(inFile('monthFirst', '3/4/2020 0:00')).toEqual({ date: '2020-03-04', fixes: ['monthFirstDate'] });
    expect(inFile('monthFirst', '3/25/2020')).toEqual({ date: '2020-03-25', fixes: ['monthFirstDate'] });
    // A date that cannot be read in the file's order is no date, in either order.
    expect(inFile('dayFirst', '3/25/2020')).toEqual({
      rejected: 'tanggal tidak dikenali: "3/25/2020"',
      fixes: [],
    });
    expect(inFile('monthFirst', '25/3/2020')).toEqual({
      rejected: 'tanggal tidak dikenali: "25/3/2020"',
      fixes: [],
    });
    // ISO dates are never in question.
    expect(inFile('monthFirst', '2020-04-03')).toEqual({ date: '2020-04-03', fixes: [] });
  });

  it('in a file that writes both orders, reads a date only one order allows, and rejects one either order reads', () => {
    expect(inFile(mixed, '25/03/2020')).toEqual({ date: '2020-03-25', fixes: ['dayFirstDate'] });
    expect(inFile(mixed, '3/25/2020')).toEqual({ date: '2020-03-25', fixes: ['monthFirstDate'] });
    expect(inFile(mixed, '04/04/2020')).toEqual({ date: '2020-04-04', fixes: ['dayFirstDate'] });
    expect(inFile(mixed, '03/04/2020')).toEqual({
      rejected:
        'tanggal "03/04/2020" bisa dibaca dd/mm atau mm/dd: berkas ini memakai keduanya (baris 2: 25/03/2020; baris 9: 3/25/2020)',
      fixes: [],
    });
  });
});
