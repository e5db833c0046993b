import { describe, expect, it } from 'vitest';
import { KeyLines } from './key-lines.js';

describe('KeyLines', () => {
  it('answers the first line of a key seen before, exactly, across growth', () => {
    const keys = new KeyLines();
    const count = 50_000;
    for (let i = 0; i < count; i++) expect(keys.firstLine(`RJ${i}`, i + 2)).toBeUndefined();
    expect(keys.size).toBe(count);
    for (const i of [0, 1, 9_999, count - 1]) expect(keys.firstLine(`RJ${i}`, 99)).toBe(i + 2);
    // Prefixes, longer keys, other cases and other scripts are other keys.
    for (const other of ['RJ', 'RJ00', `RJ${count}`, 'rj1', 'RJ1 ', 'Bougenvillé', '']) {
      expect(keys.firstLine(other, 7), other).toBeUndefined();
    }
    expect(keys.firstLine('Bougenvillé', 8)).toBe(7);
    expect(keys.firstLine('', 9)).toBe(7);
    expect(keys.size).toBe(count + 7);
  });
});
