import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '.';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDayDate,
  formatQuantity,
  formatRupiah,
  formatTime,
  formatTimeAgo,
  hospitalDate,
  setHospitalTimeZone,
  zoneLabel,
} from './format';
import { hospitalLocalInput, toHospitalIso } from './orders';

describe('formatDateTime', () => {
  it('shows the time in Jakarta (WIB), whatever the time zone of the browser', () => {
    expect(formatDateTime('2026-11-21T03:15:00Z')).toBe('21 Nov 2026 10.15');
    expect(formatDateTime('2026-08-31T17:05:00Z')).toBe('1 Sep 2026 00.05');
    expect(formatTime('2026-08-31T17:05:00Z')).toBe('00.05');
  });
});

describe("the hospital's time zone, as the server says it", () => {
  it('shows times, today, the label and a typed pickup time on the clock of Jayapura (WIT, UTC+9)', () => {
    setHospitalTimeZone('Asia/Jayapura');
    expect(zoneLabel()).toBe('WIT');
    expect(formatDateTime('2026-11-21T03:15:00Z')).toBe('21 Nov 2026 12.15');
    expect(hospitalDate(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(hospitalLocalInput(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22T00:00');
    expect(toHospitalIso('2026-11-22T08:30')).toBe('2026-11-22T08:30:00+09:00');

    setHospitalTimeZone('Asia/Makassar');
    expect(zoneLabel()).toBe('WITA');
    expect(formatTime('2026-11-21T03:15:00Z')).toBe('11.15');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as it is, without shifting it by a time zone', () => {
    expect(formatDate('1971-06-22')).toBe('22 Jun 1971');
    expect(formatDate('2000-01-01')).toBe('1 Jan 2000');
  });
});

describe('dates of a visit', () => {
  it('names the weekday of a calendar date and writes session hours like other times', () => {
    expect(formatDayDate('2026-12-07')).toBe('Senin, 7 Des 2026');
    expect(formatClock('08:00')).toBe('08.00');
  });

  it('takes today from the hospital’s clock: after 17.00 UTC it is already tomorrow in Jakarta', () => {
    expect(hospitalDate(new Date('2026-11-21T16:59:00Z'))).toBe('2026-11-21');
    expect(hospitalDate(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
  });
});

describe('formatRupiah', () => {
  it('writes whole Rupiah the Indonesian way, with dots between thousands and no decimals', () => {
    expect(formatRupiah(250_000)).toBe('Rp\u00a0250.000');
    expect(formatRupiah(1_750_000)).toBe('Rp\u00a01.750.000');
    expect(formatRupiah(0)).toBe('Rp\u00a00');
  });
});

describe('formatTimeAgo', () => {
  it('says how long ago, in the largest whole unit, measured against the clock it is given', () => {
    const now = '2026-11-21T10:00:00Z';
    expect(formatTimeAgo('2026-11-21T09:59:30Z', now)).toBe('menit ini');
    expect(formatTimeAgo('2026-11-21T09:35:00Z', now)).toBe('25 menit yang lalu');
    expect(formatTimeAgo('2026-11-21T07:30:00Z', now)).toBe('2 jam yang lalu');
    expect(formatTimeAgo('2026-11-19T09:00:00Z', now)).toBe('2 hari yang lalu');
    // A moment ahead of the clock (clocks apart by a little) is now, not in the future.
    expect(formatTimeAgo('2026-11-21T10:01:00Z', now)).toBe('menit ini');
  });
});

describe('in English', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(() => i18n.changeLanguage('id'));

  it('writes dates, times and numbers the British way, on the hospital’s clock', () => {
    expect(formatDateTime('2026-11-21T03:15:00Z')).toBe('21 Nov 2026 10:15');
    expect(formatDate('1971-06-22')).toBe('22 Jun 1971');
    expect(formatDayDate('2026-12-07')).toBe('Monday, 7 Dec 2026');
    expect(formatClock('08:00')).toBe('08:00');
    expect(formatQuantity('1.50')).toBe('1.5');
    expect(formatTimeAgo('2026-11-21T07:30:00Z', '2026-11-21T10:00:00Z')).toBe('2 hours ago');
  });

  it('still counts in Rupiah, with commas between thousands', () => {
    expect(formatRupiah(1_750_000)).toBe('Rp\u00a01,750,000');
  });

  it('follows a switch back to Bahasa Indonesia at once', async () => {
    expect(formatQuantity('1.50')).toBe('1.5');
    await i18n.changeLanguage('id');
    expect(formatQuantity('1.50')).toBe('1,5');
    expect(formatDayDate('2026-12-07')).toBe('Senin, 7 Des 2026');
  });
});
