import { describe, expect, it } from 'vitest';
import { legacyHashTarget } from './legacyHash';

describe('legacy hash URLs', () => {
  it('turns a legacy hash route into the same path', () => {
    expect(legacyHashTarget('#/ambulance')).toBe('/ambulance');
    expect(legacyHashTarget('#/')).toBe('/');
  });

  it('keeps the query string of the legacy route', () => {
    expect(legacyHashTarget('#/tarifambulance?x=1')).toBe('/tarifambulance?x=1');
  });

  it('leaves ordinary fragments and empty hashes alone', () => {
    expect(legacyHashTarget('')).toBeNull();
    expect(legacyHashTarget('#main-content')).toBeNull();
  });

  it('never leaves the site through a protocol-relative URL', () => {
    expect(legacyHashTarget('#//evil.example/path')).toBe('/evil.example/path');
  });
});
