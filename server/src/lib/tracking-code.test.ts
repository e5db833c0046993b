import { TRACKING_CODE_ALPHABET } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingCodeLookups,
  formatTrackingCode,
  newTrackingCode,
  parseTrackingCode,
  withNewTrackingCode,
} from './tracking-code.js';

describe('tracking codes', () => {
  it('are 8 characters without look-alikes, spread over the whole alphabet', () => {
    const codes = Array.from({ length: 2000 }, newTrackingCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect([...TRACKING_CODE_ALPHABET].every((c) => seen.has(c))).toBe(true);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(seen.has(lookAlike)).toBe(false);
  });

  it('are shown as XXXX-XXXX and read back in any case, with or without the dash', () => {
    expect(formatTrackingCode('AB23CD45')).toBe('AB23-CD45');
    for (const typed of ['AB23-CD45', 'ab23cd45', ' ab23-Cd45 ', 'AB23 CD45']) {
      expect(parseTrackingCode(typed)).toBe('AB23CD45');
    }
    for (const bad of ['', 'AB23-CD4', 'AB23-CD456', 'AB10-CD45', 'ABCD_EFGH', 'ABCDEFGH%']) {
      expect(parseTrackingCode(bad), bad).toBeNull();
    }
  });

  it('imported legacy booking codes are looked up and shown as they were', () => {
    expect(bookingCodeLookups(' 20261125int-001 ')).toEqual(['20261125INT-001']);
    expect(bookingCodeLookups('ab23-cd45')).toEqual(['AB23CD45', 'AB23-CD45']);
    expect(bookingCodeLookups('AB23CD45')).toEqual(['AB23CD45']);
    expect(bookingCodeLookups("1' or '1'='1")).toEqual([]);
    expect(formatTrackingCode('20261125INT-001')).toBe('20261125INT-001');
  });

  it('are drawn again when the first one is taken', async () => {
    const tried: string[] = [];
    const stored = await withNewTrackingCode(async (code) => {
      tried.push(code);
      return tried.length < 3 ? undefined : code;
    });
    expect(tried).toHaveLength(3);
    expect(stored).toBe(tried[2]);
    await expect(withNewTrackingCode(async () => undefined)).rejects.toThrow(/no free tracking code/);
  });
});
