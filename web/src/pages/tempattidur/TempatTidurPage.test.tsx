import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { BEDS_POLL_MS, BEDS_RECONNECT_MS } from '../../api/bedsStream';
import { FakeEventSource, installFakeEventSource } from '../../test/fakeEventSource';
import { bedsWith } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

let fetchMock: Mock<typeof fetch>;
let served = bedsWith();

beforeEach(() => {
  served = bedsWith();
  installFakeEventSource();
  fetchMock = mockApi({ 'GET /api/beds': () => served });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The number in `column` of the row headed `name` in the table named `table`. */
function cell(table: string, name: string, column: string): string | null {
  const grid = screen.getByRole('table', { name: table });
  const headers = within(grid)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const row = within(grid)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('rowheader')?.textContent === name);
  if (!row) throw new Error(`no row ${name} in ${table}`);
  return within(row).getAllByRole('cell')[headers.indexOf(column) - 1]?.textContent ?? null;
}

async function openBeds() {
  const app = renderApp('/tempattidur');
  await screen.findByRole('table', { name: 'Per Ruangan' });
  return app;
}

describe('the bed availability page', () => {
  it('shows every room and the totals per class, with single-sex rooms and the last change in WIB', async () => {
    await openBeds();

    expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Kapasitas')).toBe('10');
    expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Terisi')).toBe('7');
    expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Tersedia')).toBe('3');
    expect(cell('Per Ruangan', 'Ruang Mawar (Kebidanan Kelas II)', 'Keterangan')).toBe('Khusus perempuan');
    expect(cell('Per Ruangan', 'Ruang Kenanga (Kelas III Pria)', 'Keterangan')).toBe('Khusus laki-laki');
    expect(cell('Per Ruangan', 'Paviliun Cendrawasih (VVIP)', 'Keterangan')).toBe('Penuh');

    expect(cell('Jumlah per Kelas', 'Kelas II', 'Kapasitas')).toBe('18');
    expect(cell('Jumlah per Kelas', 'Kelas II', 'Tersedia')).toBe('6');
    expect(cell('Jumlah per Kelas', 'Semua kelas', 'Terisi')).toBe('28');
    expect(screen.getByText('Diperbarui 21 Nov 2026 10.15 WIB')).toBeInTheDocument();
  });

  it('follows the server’s event stream without reloading', async () => {
    await openBeds();
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/beds/stream');

    act(() => stream.emit('beds', bedsWith({ NUR: 8 }, '2026-11-21T04:00:00Z')));

    await waitFor(() => expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Terisi')).toBe('8'));
    expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Tersedia')).toBe('2');
    expect(screen.getByText('Diperbarui 21 Nov 2026 11.00 WIB')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Pembaruan langsung');
    expect(requestsTo(fetchMock, 'GET /api/beds')).toHaveLength(1);
  });

  it('polls every 10 seconds while the stream is down, and stops once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openBeds();
    const refused = FakeEventSource.latest();
    act(() => refused.emit('beds', served));

    act(() => refused.fail({ closed: true }));
    expect(await screen.findByRole('status')).toHaveTextContent(/terputus; data dibaca ulang tiap 10 detik/);

    served = bedsWith({ NUR: 9 });
    await act(() => vi.advanceTimersByTimeAsync(BEDS_POLL_MS));
    await waitFor(() => expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Terisi')).toBe('9'));
    const polls = requestsTo(fetchMock, 'GET /api/beds').length;
    expect(polls).toBeGreaterThanOrEqual(2);

    // The browser gave up on the refused stream; the page has opened a new one meanwhile.
    await act(() => vi.advanceTimersByTimeAsync(Math.max(0, BEDS_RECONNECT_MS - BEDS_POLL_MS)));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.latest().emit('beds', bedsWith({ NUR: 10 })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Pembaruan langsung'));
    expect(cell('Per Ruangan', 'Ruang Nuri (Kelas II)', 'Terisi')).toBe('10');

    const afterReconnect = requestsTo(fetchMock, 'GET /api/beds').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * BEDS_POLL_MS));
    expect(requestsTo(fetchMock, 'GET /api/beds')).toHaveLength(afterReconnect);
  });

  it('keeps polling through a dropped connection until the browser has reconnected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openBeds();
    const stream = FakeEventSource.latest();

    act(() => stream.fail({ closed: false }));
    await act(() => vi.advanceTimersByTimeAsync(BEDS_POLL_MS));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/beds').length).toBeGreaterThanOrEqual(2));

    act(() => stream.emit('beds', served));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Pembaruan langsung'));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('switches to a large full-screen board and back with Escape', async () => {
    const { user } = await openBeds();
    await user.click(screen.getByRole('button', { name: 'Layar penuh' }));

    const rooms = screen.getByRole('list', { name: 'Ruangan' });
    expect(within(rooms).getAllByRole('listitem')).toHaveLength(5);
    expect(within(rooms).getByText('Ruang Nuri (Kelas II)').closest('li')).toHaveTextContent(
      /3\s*Tersedia\s*Terisi 7 · Kapasitas 10/,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Layar penuh' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Per Ruangan' })).toBeInTheDocument();
  });
});
