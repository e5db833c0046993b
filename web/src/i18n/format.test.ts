import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows the time in Jakarta (WIB), whatever the time zone of the browser', () => {
    expect(formatDateTime('2026-11-21T03:15:00Z')).toBe('21 Nov 2026 10.15');
    expect(formatDateTime('2026-08-31T17:05:00Z')).toBe('1 Sep 2026 00.05');
  });
});
