import { describe, expect, it } from 'vitest';
import { type FixKind, LegacyRow, RowRejected } from './row.js';

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
