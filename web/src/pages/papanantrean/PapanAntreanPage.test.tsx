import type { QueueBoard, QueueBoardClinic } from '@portal/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { QUEUE_BOARD_POLL_MS } from '../../api/queueBoard';
import { FakeEventSource, installFakeEventSource } from '../../test/fakeEventSource';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ANNOUNCE_MS } from './PapanAntreanPage';
import { SOUND_KEY } from './useCallSound';

const internal: QueueBoardClinic = {
  clinic: { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' },
  serving: 'INT-012',
  calledAt: '2026-12-07T01:30:00.000Z',
  doctor: 'dr. Andi Wijaya, Sp.PD',
  waiting: 5,
};
const children: QueueBoardClinic = {
  clinic: { id: 2, code: 'ANA', name: 'Poli Anak' },
  serving: null,
  calledAt: null,
  doctor: 'dr. Ratna Dewi, Sp.A',
  waiting: 2,
};

const board = (...clinics: QueueBoardClinic[]): QueueBoard => ({
  date: '2026-12-07',
  clinics,
  counters: [],
  pharmacy: [],
});

let fetchMock: Mock<typeof fetch>;
let served = board(internal, children);

beforeEach(() => {
  served = board(internal, children);
  installFakeEventSource();
  fetchMock = mockApi({ 'GET /api/queue/board': () => served });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const card = (name: string) =>
  within(screen.getByRole('list', { name: 'Poliklinik' }))
    .getByRole('heading', { name })
    .closest('li') as HTMLElement;

async function openBoard() {
  const app = renderApp('/papan-antrean');
  await screen.findByRole('list', { name: 'Poliklinik' });
  return app;
}

describe('the queue board', () => {
  it('shows each clinic’s number being served, its doctor and how many wait, on a page of its own', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T01:45:00Z'), shouldAdvanceTime: true });
    await openBoard();

    expect(within(card('Poli Penyakit Dalam')).getByText('INT-012')).toBeInTheDocument();
    expect(card('Poli Penyakit Dalam')).toHaveTextContent('dr. Andi Wijaya, Sp.PD');
    expect(within(card('Poli Penyakit Dalam')).getByText('Menunggu').nextElementSibling).toHaveTextContent(
      '5 orang',
    );
    expect(within(card('Poli Anak')).getByText('Nomor dilayani').nextElementSibling).toHaveTextContent('—');
    expect(screen.getByText('Senin, 7 Des 2026')).toBeInTheDocument();
    expect(screen.getByText('08.45 WIB')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Papan Antrean Poliklinik' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).not.toBeInTheDocument();
    // The board as it stood when the screen opened is not announced.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("keeps the waiting room's clock on the hospital's zone: past midnight WITA while WIB is still the day before", async () => {
    vi.useFakeTimers({ now: new Date('2026-12-06T16:30:00Z'), shouldAdvanceTime: true });
    mockApi({
      'GET /api/health': () => ({ status: 'ok', database: 'pglite', timeZone: 'Asia/Makassar' }),
      'GET /api/queue/board': () => served,
    });
    await openBoard();

    expect(screen.getByText('Senin, 7 Des 2026')).toBeInTheDocument();
    expect(screen.getByText('00.30 WITA')).toBeInTheDocument();
  });

  it('announces a newly called number for a while, from the live stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openBoard();
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/queue/board/stream');
    act(() => stream.emit('board', served));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() =>
      stream.emit(
        'board',
        board(
          { ...internal, serving: 'INT-013', calledAt: '2026-12-07T01:50:00.000Z', waiting: 4 },
          children,
        ),
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nomor INT-013, silakan masuk ke Poli Penyakit Dalam',
    );
    expect(within(card('Poli Penyakit Dalam')).getByText('INT-013')).toBeInTheDocument();
    expect(card('Poli Penyakit Dalam')).toHaveTextContent('4 orang');
    expect(card('Poli Penyakit Dalam')).toHaveClass('is-called');
    expect(card('Poli Anak')).not.toHaveClass('is-called');

    // Called again (the patient did not come): announced again, though the number is the same.
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() =>
      stream.emit(
        'board',
        board(
          { ...internal, serving: 'INT-013', calledAt: '2026-12-07T01:55:00.000Z', waiting: 4 },
          children,
        ),
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Nomor INT-013');
    expect(requestsTo(fetchMock, 'GET /api/queue/board')).toHaveLength(1);
  });

  it("shows the registration counters' walk-in numbers and announces each new call to a counter", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    served = {
      ...board(internal, children),
      counters: [{ counter: 1, serving: 'A-001', calledAt: '2026-12-07T01:40:00.000Z' }],
    };
    await openBoard();
    const counters = screen.getByRole('list', { name: 'Loket pendaftaran' });
    expect(
      within(counters).getByRole('heading', { name: 'Loket Pendaftaran 1' }).closest('li'),
    ).toHaveTextContent('A-001');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    const stream = FakeEventSource.latest();
    act(() =>
      stream.emit('board', {
        ...board(internal, children),
        counters: [
          { counter: 1, serving: 'A-001', calledAt: '2026-12-07T01:40:00.000Z' },
          { counter: 2, serving: 'A-002', calledAt: '2026-12-07T01:51:00.000Z' },
        ],
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nomor A-002, silakan masuk ke Loket Pendaftaran 2',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('A-001');
    expect(within(counters).getByRole('heading', { name: 'Loket Pendaftaran 2' }).closest('li')).toHaveClass(
      'is-called',
    );
  });

  it("shows on a waiting room's screen only the clinics its address names, and on the lobby's only the counters", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const counter = { counter: 1, serving: 'A-001', calledAt: '2026-12-07T01:40:00.000Z' };
    served = { ...board(internal, children), counters: [counter] };
    renderApp('/papan-antrean?poli=2');
    const clinics = await screen.findByRole('list', { name: 'Poliklinik' });
    expect(
      within(clinics)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Poli Anak']);
    expect(screen.queryByRole('list', { name: 'Loket pendaftaran' })).not.toBeInTheDocument();

    // A call in a clinic it does not show is not announced there; one in its own clinic is.
    const stream = FakeEventSource.latest();
    const called = { ...internal, serving: 'INT-013', calledAt: '2026-12-07T01:50:00.000Z' };
    act(() => stream.emit('board', { ...board(called, children), counters: [counter] }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    const childCalled = { ...children, serving: 'ANA-001', calledAt: '2026-12-07T01:51:00.000Z' };
    act(() => stream.emit('board', { ...board(called, childCalled), counters: [counter] }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nomor ANA-001, silakan masuk ke Poli Anak');

    cleanup();
    renderApp('/papan-antrean?loket=ya');
    const counters = await screen.findByRole('list', { name: 'Loket pendaftaran' });
    expect(within(counters).getByRole('heading', { name: 'Loket Pendaftaran 1' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Poliklinik' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tidak ada praktik poliklinik hari ini.')).not.toBeInTheDocument();
  });

  it("shows on the pharmacy's screen (?farmasi=ya) only its calls, and announces each patient whose medicine is ready", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ready = { number: 'INT-012', pharmacyNumber: 3, calledAt: '2026-12-07T02:00:00.000Z' };
    served = { ...board(internal, children), pharmacy: [ready] };
    renderApp('/papan-antrean?farmasi=ya');
    const pharmacy = await screen.findByRole('region', { name: 'Farmasi: obat siap diambil' });
    expect(within(pharmacy).getByText('INT-012')).toBeInTheDocument();
    expect(within(pharmacy).getByText('No. farmasi 3')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Poliklinik' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tidak ada praktik poliklinik hari ini.')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    const next = { number: 'ANA-004', pharmacyNumber: 4, calledAt: '2026-12-07T02:03:00.000Z' };
    act(() =>
      FakeEventSource.latest().emit('board', { ...board(internal, children), pharmacy: [next, ready] }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Nomor ANA-004, silakan masuk ke Farmasi');
    expect(screen.getByRole('status')).not.toHaveTextContent('INT-012');
    expect(within(pharmacy).getByText('ANA-004').closest('li')).toHaveClass('is-called');
  });

  it('reads the board every 10 seconds while the stream is down, and still announces calls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openBoard();
    act(() => FakeEventSource.latest().fail({ closed: true }));
    expect(await screen.findByText(/terputus; data dibaca ulang tiap 10 detik/)).toBeInTheDocument();

    served = board(internal, {
      ...children,
      serving: 'ANA-001',
      calledAt: '2026-12-07T01:52:00.000Z',
      waiting: 1,
    });
    await act(() => vi.advanceTimersByTimeAsync(QUEUE_BOARD_POLL_MS));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Nomor ANA-001, silakan masuk ke Poli Anak'),
    );
    expect(requestsTo(fetchMock, 'GET /api/queue/board').length).toBeGreaterThanOrEqual(2);
  });

  it('switches the spoken calls on, remembers the switch and the volume, and asks for a touch after a restart', async () => {
    const { user } = await openBoard();
    const soundSwitch = screen.getByRole('button', { name: 'Suara panggilan' });
    expect(soundSwitch).toHaveAttribute('aria-pressed', 'false');
    await user.click(soundSwitch);
    expect(soundSwitch).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '40' } });
    expect(JSON.parse(localStorage.getItem(SOUND_KEY) ?? 'null')).toEqual({ on: true, volume: 40 });

    // The TV is switched on the next morning: the browser plays no sound before someone touches the page.
    cleanup();
    vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive: false, isActive: false } });
    await openBoard();
    expect(screen.getByRole('button', { name: 'Suara panggilan' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('40');
    const hint = /klik atau tekan tombol apa saja di papan ini/;
    expect(screen.getByText(hint)).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });

  it('says so on a day without clinics', async () => {
    served = board();
    renderApp('/papan-antrean');
    expect(await screen.findByText('Tidak ada praktik poliklinik hari ini.')).toBeInTheDocument();
  });
});
