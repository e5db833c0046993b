import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  codeFromScan,
  displayCode,
  KIOSK_IDLE_MS,
  normaliseBookingCode,
  typedCode,
  useIdleReset,
} from './kiosk';

describe('the booking code as typed or scanned', () => {
  it('takes the code in any case, with or without the dash or spaces, as XXXX-XXXX', () => {
    expect(normaliseBookingCode('K7QD-2MXP')).toBe('K7QD-2MXP');
    expect(normaliseBookingCode('k7qd2mxp')).toBe('K7QD-2MXP');
    expect(normaliseBookingCode(' k7qd 2mxp ')).toBe('K7QD-2MXP');
    expect(normaliseBookingCode('k7Qd-2mXp')).toBe('K7QD-2MXP');
  });

  it('refuses what cannot be a booking code: too short, too long, or letters the codes never use', () => {
    expect(normaliseBookingCode('K7QD-2MX')).toBeNull();
    expect(normaliseBookingCode('K7QD-2MXPQ')).toBeNull();
    // 0, 1, I, L and O are left out of the codes: they are too easily mistaken for each other.
    expect(normaliseBookingCode('K7QD-2MX0')).toBeNull();
    expect(normaliseBookingCode('K7QD-2MXO')).toBeNull();
    expect(normaliseBookingCode('')).toBeNull();
  });

  it('keeps at most eight characters while typing and shows the dash after the fourth', () => {
    expect(typedCode('k7qd-2mxpzz')).toBe('K7QD2MXP');
    expect(displayCode('K7Q')).toBe('K7Q');
    expect(displayCode('K7QD2M')).toBe('K7QD-2M');
  });

  it('reads the code from a QR code: the ticket’s plain code or the status link of the WhatsApp message', () => {
    expect(codeFromScan('K7QD-2MXP')).toBe('K7QD-2MXP');
    expect(codeFromScan('https://rs.example.id/registrasi/lacak?kode=k7qd-2mxp')).toBe('K7QD-2MXP');
    expect(codeFromScan('https://example.com/')).toBeNull();
    expect(codeFromScan('hello')).toBeNull();
  });
});

describe('going back to the start screen', () => {
  afterEach(() => vi.useRealTimers());

  it('after the idle time without a touch or key, and only while away from the start screen', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const { rerender } = renderHook(({ active }) => useIdleReset(active, onIdle), {
      initialProps: { active: false },
    });
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS * 2));
    expect(onIdle).not.toHaveBeenCalled();

    rerender({ active: true });
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('each touch or key press starts the wait again', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    renderHook(() => useIdleReset(true, onIdle));
    for (const event of [new Event('pointerdown'), new KeyboardEvent('keydown', { key: 'A' })]) {
      act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
      document.body.dispatchEvent(event);
    }
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the screen goes back by itself', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const { rerender } = renderHook(({ active }) => useIdleReset(active, onIdle), {
      initialProps: { active: true },
    });
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS * 2));
    expect(onIdle).not.toHaveBeenCalled();
  });
});
