import { randomInt } from 'node:crypto';
import { TRACKING_CODE_ALPHABET } from '@portal/contract';

const LENGTH = 8;
const stored = new RegExp(`^[${TRACKING_CODE_ALPHABET}]{${LENGTH}}$`);

/** `length` random characters of the codes' alphabet (no 0/O or 1/I to misread). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += TRACKING_CODE_ALPHABET[randomInt(TRACKING_CODE_ALPHABET.length)];
  return code;
}

/** A new random code in stored form (8 characters, no dash): 31^8 ≈ 8.5·10^11 possibilities. */
export const newTrackingCode = (): string => randomCode(LENGTH);

/** The form people read and type: `XXXX-XXXX` (an imported legacy code as it was). */
export function formatTrackingCode(code: string): string {
  return stored.test(code) ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The stored form of a code as typed (any case, dash and spaces optional), or null if it cannot be one. */
export function parseTrackingCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return stored.test(code) ? code : null;
}

// Mobile JKN bookings imported from the legacy portal keep its booking code (letters, digits and
// dashes, any length), stored trimmed and upper-cased: patients and BPJS hold that code.
const legacy = /^[A-Z0-9][A-Z0-9-]{0,39}$/;

/** The stored codes a typed booking code may be: a portal code first, then a legacy one. */
export function bookingCodeLookups(input: string): string[] {
  const portal = parseTrackingCode(input);
  const typed = input.trim().toUpperCase();
  const legacyCode = legacy.test(typed) && typed !== portal ? typed : null;
  return [portal, legacyCode].filter((code): code is string => code !== null);
}

/**
 * Runs `insert` with fresh codes until one is free: `insert` uses ON CONFLICT DO NOTHING on the code
 * and returns nothing on a clash, which leaves the caller's transaction usable.
 */
export async function withNewTrackingCode<T>(insert: (code: string) => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insert(newTrackingCode());
    if (row !== undefined) return row;
  }
  throw new Error('no free tracking code after 5 attempts');
}
