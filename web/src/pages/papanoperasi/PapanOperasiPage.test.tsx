import type { PublicOperatingSchedule } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { OPERATING_BOARD_POLL_MS } from '../../api/operations';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const today = (operations: PublicOperatingSchedule['operations']): PublicOperatingSchedule => ({
  date: '2026-12-07',
  operations,
});

const appendectomy = {
  order: 1,
  theatre: 'OK 1',
  procedure: 'Apendektomi',
  surgeon: 'dr. Budi Santoso, Sp.B',
  plannedStart: '08:00',
  status: 'Menunggu' as const,
  cancelled: false,
};
const cataract = {
  order: 2,
  theatre: 'OK 2',
  procedure: 'Operasi katarak',
  surgeon: null,
  plannedStart: null,
  status: 'Menunggu' as const,
  cancelled: true,
};

let fetchMock: Mock<typeof fetch>;
let served = today([appendectomy, cataract]);

beforeEach(() => {
  served = today([appendectomy, cataract]);
  fetchMock = mockApi({ 'GET /api/public/operating-schedule': () => served });
});

afterEach(() => {
  vi.useRealTimers();
});

const row = (procedure: string) =>
  within(screen.getByRole('table', { name: 'Daftar operasi hari ini' }))
    .getByText(procedure)
    .closest('tr') as HTMLElement;

describe('the operating board', () => {
  it('lists today’s operations without the patients, on a page of its own', async () => {
    renderApp('/papan-operasi');
    await screen.findByRole('table', { name: 'Daftar operasi hari ini' });
    expect(screen.getByRole('heading', { level: 1, name: 'Jadwal Operasi Hari Ini' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).not.toBeInTheDocument();

    expect(
      within(row('Apendektomi'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '08.00', 'OK 1', 'Apendektomi', 'dr. Budi Santoso, Sp.B', 'Menunggu']);
    expect(row('Operasi katarak')).toHaveTextContent('Batal');
    expect(screen.getByText('Nama pasien tidak ditampilkan untuk menjaga kerahasiaan.')).toBeInTheDocument();
  });

  it('reads the schedule again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/papan-operasi');
    await screen.findByText('Apendektomi');

    served = today([{ ...appendectomy, status: 'Sedang Berlangsung' }, cataract]);
    await act(() => vi.advanceTimersByTimeAsync(OPERATING_BOARD_POLL_MS));
    await waitFor(() => expect(row('Apendektomi')).toHaveTextContent('Sedang Berlangsung'));
    expect(requestsTo(fetchMock, 'GET /api/public/operating-schedule').length).toBeGreaterThanOrEqual(2);
  });

  it('says so on a day without operations', async () => {
    served = today([]);
    renderApp('/papan-operasi');
    expect(await screen.findByText('Tidak ada jadwal operasi hari ini.')).toBeInTheDocument();
  });
});
