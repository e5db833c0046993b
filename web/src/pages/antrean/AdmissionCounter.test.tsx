import type { AdmissionQueue, AdmissionQueueTicket } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const ticket = (seq: number, changes: Partial<AdmissionQueueTicket> = {}): AdmissionQueueTicket => ({
  number: `A-00${seq}`,
  kind: 'UMUM',
  seq,
  date: '2030-01-07',
  issuedAt: `2030-01-07T01:0${seq}:00.000Z`,
  status: 'WAITING',
  counter: null,
  calledAt: null,
  ...changes,
});

/** The admission desk's day, changed by the mocked actions as the server would. */
function mockQueue(tickets: AdmissionQueueTicket[]) {
  let current = tickets;
  const queue = (): AdmissionQueue => ({
    date: '2030-01-07',
    waiting: current.filter((t) => t.status === 'WAITING').length,
    waitingByKind: {
      PRIORITAS: current.filter((t) => t.status === 'WAITING' && t.kind === 'PRIORITAS').length,
      BPJS: current.filter((t) => t.status === 'WAITING' && t.kind === 'BPJS').length,
      UMUM: current.filter((t) => t.status === 'WAITING' && t.kind === 'UMUM').length,
    },
    tickets: current,
  });
  return mockApi({
    'GET /api/auth/me': () => sessionWith(['registration']),
    'GET /api/admin/clinics': () => [],
    'GET /api/admission-queue': queue,
    'POST /api/admission-queue/call-next': ({ body }) => {
      const { counter } = body as { counter: number };
      const next = current.find((t) => t.status === 'WAITING');
      if (!next) return apiError(409, 'NONE_WAITING', 'Tidak ada nomor antrean loket yang menunggu.');
      current = current.map((t) =>
        t.status === 'CALLED' && t.counter === counter
          ? { ...t, status: 'DONE' }
          : t === next
            ? { ...t, status: 'CALLED', counter, calledAt: '2030-01-07T01:10:00.000Z' }
            : t,
      );
      return queue();
    },
  });
}

describe("the admission desk's counter", () => {
  it('calls the walk-in numbers in order to the chosen counter, which stays in the URL', async () => {
    setStaffHint();
    const fetchMock = mockQueue([ticket(1), ticket(2)]);
    const { user } = renderApp('/antrean?tab=loket');
    const desk = await screen.findByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
    expect(await within(desk).findByText('2 orang menunggu')).toBeInTheDocument();
    // The lobby's TV shows the counters only.
    expect(within(desk).getByRole('link', { name: /Buka papan loket pendaftaran/ })).toHaveAttribute(
      'href',
      '/papan-antrean?loket=ya',
    );
    await user.selectOptions(within(desk).getByLabelText('Loket'), 'Loket 3');

    await user.click(within(desk).getByRole('button', { name: 'Panggil berikutnya' }));
    expect(await screen.findByText('Nomor A-001 dipanggil ke Loket 3.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admission-queue/call-next')[0]?.body).toEqual({ counter: 3 });
    const served = within(desk).getByRole('status', { name: 'Dilayani di Loket 3' });
    await waitFor(() => expect(served).toHaveTextContent('A-001'));
    const row = within(within(desk).getByRole('table')).getByText('A-001').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Dipanggil');
    expect(row).toHaveTextContent('Loket 3');

    await user.click(within(desk).getByRole('button', { name: 'Panggil berikutnya' }));
    await waitFor(() => expect(served).toHaveTextContent('A-002'));
    expect(within(desk).getByText('A-001').closest('tr')).toHaveTextContent('Selesai');
    expect(within(desk).getByRole('button', { name: 'Panggil berikutnya' })).toBeDisabled();
  });

  it("shows each number's kind and how many of each kind wait", async () => {
    setStaffHint();
    mockQueue([
      ticket(1, { number: 'B-001', kind: 'BPJS' }),
      ticket(2, { number: 'P-001', kind: 'PRIORITAS', seq: 1 }),
      ticket(3, { number: 'P-002', kind: 'PRIORITAS', seq: 2 }),
      ticket(4),
    ]);
    renderApp('/antrean?tab=loket&loket=1');
    const desk = await screen.findByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
    expect(await within(desk).findByText('4 orang menunggu')).toBeInTheDocument();
    expect(within(desk).getByText('Prioritas 2 · BPJS 1 · Umum 1')).toBeInTheDocument();
    const table = within(desk).getByRole('table');
    expect(within(table).getByText('P-002').closest('tr')).toHaveTextContent('Prioritas');
    expect(within(table).getByText('B-001').closest('tr')).toHaveTextContent('BPJS');
    expect(within(table).getByText('A-004').closest('tr')).toHaveTextContent('Umum');
  });

  it('offers calling again and finishing only while the counter serves a number', async () => {
    setStaffHint();
    mockQueue([ticket(1, { status: 'DONE', counter: 1, calledAt: '2030-01-07T01:05:00.000Z' })]);
    renderApp('/antrean?tab=loket&loket=1');
    const desk = await screen.findByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
    await within(desk).findByText('0 orang menunggu');
    expect(within(desk).getByRole('button', { name: 'Panggil ulang' })).toBeDisabled();
    expect(within(desk).getByRole('button', { name: 'Selesai' })).toBeDisabled();
    expect(within(desk).getByRole('button', { name: 'Panggil berikutnya' })).toBeDisabled();
    expect(within(desk).getByRole('status', { name: 'Dilayani di Loket 1' })).toHaveTextContent(
      'Belum ada nomor yang dipanggil',
    );
  });

  it('registers the holder of the number it serves on the registration screen, the number beside the search', async () => {
    setStaffHint();
    mockQueue([ticket(1, { status: 'CALLED', counter: 2, calledAt: '2030-01-07T01:05:00.000Z' })]);
    const { user, router } = renderApp('/antrean?tab=loket&loket=2');
    const desk = await screen.findByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
    await within(desk).findByText('0 orang menunggu');
    await user.click(within(desk).getByRole('link', { name: 'Daftarkan' }));

    expect(await screen.findByRole('searchbox', { name: 'Cari pasien' })).toHaveFocus();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pasien/daftar?loket=2');
    expect(await screen.findByText('Melayani nomor A-001 di Loket 2.')).toBeInTheDocument();
  });

  it('offers registering only while the counter serves a number', async () => {
    setStaffHint();
    mockQueue([ticket(1)]);
    renderApp('/antrean?tab=loket&loket=1');
    const desk = await screen.findByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
    await within(desk).findByText('1 orang menunggu');
    expect(within(desk).queryByRole('link', { name: 'Daftarkan' })).not.toBeInTheDocument();
  });
});
