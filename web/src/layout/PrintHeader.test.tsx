import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionWith, setStaffHint } from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

afterEach(() => {
  vi.useRealTimers();
});

describe('a printed screen', () => {
  it('names the hospital, and the moment of printing and who printed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T01:00:00Z'));
    setStaffHint();
    mockApi({ 'GET /api/auth/me': () => sessionWith(['admin']) });
    renderApp('/akun');
    expect(
      await screen.findByText('Dicetak 30 Nov 2026 08.00 WIB oleh Ns. Rahmawati Hamid, S.Kep.'),
    ).toBeInTheDocument();

    // Printed an hour and a half after the page was opened.
    vi.setSystemTime(new Date('2026-11-30T02:30:00Z'));
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const printed = screen.getByText('Dicetak 30 Nov 2026 09.30 WIB oleh Ns. Rahmawati Hamid, S.Kep.');
    expect(printed.parentElement).toHaveTextContent(/^Rumah Sakit Tentara/);
  });
});
