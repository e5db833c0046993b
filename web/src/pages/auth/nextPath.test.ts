import { describe, expect, it } from 'vitest';
import { nextPath } from './nextPath';

const origin = 'https://portal.example';

describe('nextPath', () => {
  it('returns to the page of the portal that asked for the login', () => {
    expect(nextPath('/piket', origin)).toBe('/piket');
    expect(nextPath('/piket?role=cs#log', origin)).toBe('/piket?role=cs#log');
  });

  it('has none without a target, or with one that is not a page of the portal', () => {
    for (const next of [
      null,
      '',
      'piket',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/auth',
    ]) {
      expect(nextPath(next, origin)).toBeNull();
    }
  });
});
