import type { Operation, OperationPatient } from '@portal/contract';
import type { StaffRole } from '@portal/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { hospitalDate } from '../../i18n/format';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, linkedSimrs, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const today = hospitalDate(new Date());

const surgeons = [
  { id: 6, name: 'Kolonel Ckm dr. Bambang Sutrisno, Sp.B' },
  { id: 8, name: 'Mayor Ckm dr. Hendra Wijaya, Sp.OG' },
];

const siti: OperationPatient = {
  id: 41,
  mrn: '000041',
  name: 'Siti Aminah',
  sex: 'P',
  birthDate: '1993-04-12',
};

function operation(id: number, queueOrder: number, changes: Partial<Operation> = {}): Operation {
  return {
    id,
    date: today,
    queueOrder,
    patient: { id: 100 + id, mrn: `0001${id}`, name: `Pasien ${id}`, sex: 'L', birthDate: '1980-01-01' },
    procedure: 'Appendektomi',
    surgeon: surgeons[0] ?? null,
    theatre: 'OK 1',
    plannedStart: '08:00',
    status: 'Menunggu',
    cancelled: false,
    cancelReason: null,
    startedAt: null,
    finishedAt: null,
    updatedAt: '2026-11-20T03:00:00Z',
    ...changes,
  };
}

let day: Operation[];

beforeEach(() => {
  day = [
    operation(1, 1, { procedure: 'Kolesistektomi laparoskopi', plannedStart: '07:30' }),
    operation(2, 2, {
      procedure: 'Sectio Caesarea',
      surgeon: surgeons[1] ?? null,
      theatre: 'OK 2',
      status: 'Sedang Berlangsung',
      startedAt: '2026-11-21T01:10:00Z',
    }),
    operation(3, 3, {
      procedure: 'Tonsilektomi',
      surgeon: null,
      plannedStart: null,
      cancelled: true,
      cancelReason: 'Pasien demam.',
    }),
  ];
});

function logIn(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/operations': () => day,
    'GET /api/operations/surgeons': () => surgeons,
    'GET /api/operations/patients': () => [siti],
    ...routes,
  });
}

async function scheduleTable() {
  const table = await screen.findByRole('table', { name: /^Jadwal Operasi / });
  await within(table).findByRole('cell', { name: 'Kolesistektomi laparoskopi' });
  return table;
}

const rowOf = (table: HTMLElement, procedure: string) =>
  within(table).getByRole('cell', { name: procedure }).closest('tr') as HTMLElement;

describe('the operating-room schedule', () => {
  it('sends anonymous visitors to log in and back', async () => {
    mockApi({});
    renderApp('/jadwal-operasi');
    expect(await screen.findByRole('link', { name: 'Masuk untuk membukanya' })).toHaveAttribute(
      'href',
      '/auth?next=/jadwal-operasi',
    );
  });

  it('is closed to staff without the theatre role, and asks nothing', async () => {
    const fetchMock = logIn(['ward']);
    renderApp('/jadwal-operasi');
    expect(await screen.findByText('Anda tidak berhak membuka jadwal operasi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/operations')).toHaveLength(0);
  });

  it("lists today's operations in order with patient, surgeon and state, cancelled ones flagged with the reason", async () => {
    const fetchMock = logIn(['theatre']);
    renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    // The waiting-area board opens in a new tab.
    expect(screen.getByRole('link', { name: /Buka papan operasi/ })).toHaveAttribute(
      'href',
      '/papan-operasi',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '3']);
    expect(rows[0]).toHaveTextContent('07.30');
    expect(rows[0]).toHaveTextContent('Pasien 1');
    expect(rows[0]).toHaveTextContent('No. RM 00011');
    expect(rows[0]).toHaveTextContent('Kolonel Ckm dr. Bambang Sutrisno, Sp.B');
    expect(rows[0]).toHaveTextContent('Menunggu');
    expect(rows[1]).toHaveTextContent('Sedang Berlangsung');
    expect(rows[2]).toHaveTextContent('Batal');
    expect(rows[2]).toHaveTextContent('Alasan: Pasien demam.');
    expect(requestsTo(fetchMock, 'GET /api/operations')[0]?.url).toBe(`/api/operations?date=${today}`);

    // Only the moves each state allows are offered.
    const first = within(rows[0] as HTMLElement);
    expect(
      first.getByRole('button', { name: 'Mulai operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    ).toBeEnabled();
    expect(first.queryByRole('button', { name: /^Selesaikan/ })).not.toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(
      second.getByRole('button', { name: 'Selesaikan operasi Sectio Caesarea (Pasien 2)' }),
    ).toBeEnabled();
    expect(second.queryByRole('button', { name: /^Mulai/ })).not.toBeInTheDocument();
    expect(second.queryByRole('button', { name: /^Ubah/ })).not.toBeInTheDocument();
    const third = within(rows[2] as HTMLElement);
    expect(
      third.queryByRole('button', { name: /^(Mulai|Selesaikan|Batalkan|Ubah)/ }),
    ).not.toBeInTheDocument();
  });

  it('reads another day and one state from the toolbar, and keeps them in the address', async () => {
    const fetchMock = logIn(['admin']);
    const { user, router } = renderApp('/jadwal-operasi');
    await scheduleTable();
    await user.selectOptions(screen.getByLabelText('Status'), 'Batal');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/operations').at(-1)?.url).toBe(
        `/api/operations?date=${today}&status=Batal`,
      ),
    );
    expect(router.state.location.search).toContain('status=Batal');
    expect(screen.getByText('Urutan dapat diubah bila semua status ditampilkan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Naikkan urutan/ })).toEqual([]));

    // A date picker changes its value in one step.
    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2030-01-15' } });
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/operations').at(-1)?.url).toBe(
        '/api/operations?date=2030-01-15&status=Batal',
      ),
    );
    expect(router.state.location.search).toContain('tanggal=2030-01-15');
  });

  it('moves an operation down by keyboard, sending the whole new order, and keeps the focus on it', async () => {
    const fetchMock = logIn(['theatre'], {
      'POST /api/operations/reorder': ({ body }) => {
        const { ids } = body as { ids: number[] };
        day = ids.map((id, index) => ({
          ...(day.find((o) => o.id === id) as Operation),
          queueOrder: index + 1,
        }));
        return day;
      },
    });
    const { user } = renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    expect(
      within(table).getByRole('button', { name: 'Naikkan urutan Kolesistektomi laparoskopi (Pasien 1)' }),
    ).toBeDisabled();
    const down = within(table).getByRole('button', {
      name: 'Turunkan urutan Kolesistektomi laparoskopi (Pasien 1)',
    });
    down.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Urutan operasi disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/operations/reorder').map((r) => r.body)).toEqual([
      { date: today, ids: [2, 1, 3] },
    ]);
    await waitFor(() => {
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows[1]).toHaveTextContent('Kolesistektomi laparoskopi');
    });
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(
        'Turunkan urutan Kolesistektomi laparoskopi (Pasien 1)',
      ),
    );
  });

  it('adds an operation for a patient found by name, with the required fields told first', async () => {
    const fetchMock = logIn(['theatre'], {
      'POST /api/operations': ({ body }) => {
        const input = body as { date: string; patientId: number; procedure: string; theatre: string };
        const created = operation(4, 4, {
          ...input,
          patient: siti,
          surgeon: surgeons[1] ?? null,
          plannedStart: '13:00',
        });
        day = [...day, created];
        return json(created, 201);
      },
    });
    const { user } = renderApp('/jadwal-operasi');
    await scheduleTable();
    await user.click(screen.getByRole('button', { name: 'Tambah operasi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Operasi' });
    expect(within(dialog).getByLabelText('Tanggal operasi')).toHaveValue(today);

    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    const search = within(dialog).getByLabelText('Cari pasien (No. RM atau nama)');
    await waitFor(() =>
      expect(search).toHaveAccessibleDescription(expect.stringContaining('Pasien wajib dipilih.')),
    );
    expect(within(dialog).getByLabelText('Tindakan')).toHaveAccessibleDescription(
      expect.stringContaining('Tindakan wajib diisi.'),
    );
    expect(requestsTo(fetchMock, 'POST /api/operations')).toHaveLength(0);

    await user.type(search, 'siti');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Pilih Siti Aminah (No. RM 000041)' }),
    );
    expect(within(dialog).getByText(/Siti Aminah — No\. RM 000041/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Tindakan'), 'Sectio Caesarea');
    await user.type(within(dialog).getByLabelText('Kamar operasi'), 'OK 2');
    await user.selectOptions(within(dialog).getByLabelText('Dokter operator'), '8');
    await user.type(within(dialog).getByLabelText('Jam rencana mulai'), '13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(
      await screen.findByText('Operasi Sectio Caesarea (Siti Aminah) ditambahkan sebagai urutan 4.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/operations').map((r) => r.body)).toEqual([
      {
        date: today,
        patientId: 41,
        procedure: 'Sectio Caesarea',
        surgeonId: 8,
        theatre: 'OK 2',
        plannedStart: '13:00',
      },
    ]);
    expect(requestsTo(fetchMock, 'GET /api/operations/patients')[0]?.url).toBe(
      '/api/operations/patients?q=siti',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: /^Jadwal Operasi / });
    expect(await within(table).findByText('Siti Aminah')).toBeInTheDocument();
  });

  it('tells a theatre already planned at that start next to the time, and keeps the dialog open', async () => {
    const message =
      'Kamar OK 2 sudah direncanakan pukul 08.00 untuk Sectio Caesarea (urutan 2). Pilih jam atau kamar lain.';
    logIn(['theatre'], { 'PUT /api/operations/1': () => apiError(409, 'THEATRE_TAKEN', message) });
    const { user } = renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    await user.click(
      within(table).getByRole('button', { name: 'Ubah operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Operasi' });
    await user.clear(within(dialog).getByLabelText('Kamar operasi'));
    await user.type(within(dialog).getByLabelText('Kamar operasi'), 'OK 2');
    await user.clear(within(dialog).getByLabelText('Jam rencana mulai'));
    await user.type(within(dialog).getByLabelText('Jam rencana mulai'), '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Jam rencana mulai')).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
  });

  it('changes a waiting operation and shows a refusal of the server in the dialog', async () => {
    const fetchMock = logIn(['theatre'], {
      'PUT /api/operations/1': () =>
        apiError(
          409,
          'OPERATION_NOT_WAITING',
          'Operasi berstatus "Sedang Berlangsung" tidak dapat diubah lagi.',
        ),
    });
    const { user } = renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    await user.click(
      within(table).getByRole('button', { name: 'Ubah operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Operasi' });
    expect(within(dialog).getByLabelText('Tindakan')).toHaveValue('Kolesistektomi laparoskopi');
    expect(within(dialog).getByLabelText('Jam rencana mulai')).toHaveValue('07:30');
    expect(within(dialog).getByText(/Pasien 1 — No\. RM 00011/)).toBeInTheDocument();
    // The surgeons load after the dialog opens: the select shows the operation's own once they are in.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Dokter operator')).toHaveDisplayValue(
        'Kolonel Ckm dr. Bambang Sutrisno, Sp.B',
      ),
    );
    await user.clear(within(dialog).getByLabelText('Kamar operasi'));
    await user.type(within(dialog).getByLabelText('Kamar operasi'), 'OK 3');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(
      await within(dialog).findByText('Operasi berstatus "Sedang Berlangsung" tidak dapat diubah lagi.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/operations/1')[0]?.body).toMatchObject({
      patientId: 101,
      theatre: 'OK 3',
      surgeonId: 6,
      plannedStart: '07:30',
    });
  });

  it('starts and finishes operations, and shows an illegal move in the error toast', async () => {
    const fetchMock = logIn(['theatre'], {
      'POST /api/operations/1/status': ({ body }) => {
        const started = {
          ...(day[0] as Operation),
          status: (body as { status: Operation['status'] }).status,
        };
        day = [started, ...day.slice(1)];
        return started;
      },
      'POST /api/operations/2/status': () =>
        apiError(
          409,
          'ILLEGAL_STATUS_MOVE',
          'Status operasi tidak dapat diubah dari "Selesai" ke "Selesai".',
        ),
    });
    const { user } = renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    await user.click(
      within(table).getByRole('button', { name: 'Mulai operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    );
    // Asked first: the start is stamped and never goes back.
    const asked = await screen.findByRole('dialog', { name: 'Mulai operasi?' });
    expect(asked).toHaveTextContent('Operasi Kolesistektomi laparoskopi (Pasien 1) dicatat mulai sekarang.');
    expect(requestsTo(fetchMock, 'POST /api/operations/1/status')).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Ya, mulai' }));
    expect(
      await screen.findByText('Operasi Kolesistektomi laparoskopi (Pasien 1) dimulai.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/operations/1/status')[0]?.body).toEqual({
      status: 'Sedang Berlangsung',
    });
    await waitFor(() =>
      expect(rowOf(table, 'Kolesistektomi laparoskopi')).toHaveTextContent('Sedang Berlangsung'),
    );

    await user.click(
      within(table).getByRole('button', { name: 'Selesaikan operasi Sectio Caesarea (Pasien 2)' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Selesaikan operasi?' })).getByRole('button', {
        name: 'Ya, selesai',
      }),
    );
    expect(
      await screen.findByText('Status operasi tidak dapat diubah dari "Selesai" ke "Selesai".'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/operations/2/status')[0]?.body).toEqual({ status: 'Selesai' });
  });

  it('in linked mode, offers no adding, changing or ordering, but starts and cancels', async () => {
    logIn(['theatre'], linkedSimrs);
    renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Penambahan, perubahan dan urutan jadwal operasi dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di sini dalam satu menit.',
    );
    expect(screen.queryByRole('button', { name: 'Tambah operasi' })).not.toBeInTheDocument();
    const waiting = rowOf(table, 'Kolesistektomi laparoskopi');
    expect(within(waiting).queryByRole('button', { name: /^Ubah operasi/ })).not.toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /urutan/ })).not.toBeInTheDocument();
    expect(
      within(waiting).getByRole('button', { name: 'Mulai operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    ).toBeEnabled();
    expect(
      within(waiting).getByRole('button', { name: 'Batalkan operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    ).toBeEnabled();
  });

  it('offers adding, changing and ordering standalone, without a note', async () => {
    const fetchMock = logIn(['theatre']);
    renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/system/simrs')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Tambah operasi' })).toBeInTheDocument();
    const waiting = rowOf(table, 'Kolesistektomi laparoskopi');
    expect(
      within(waiting).getByRole('button', { name: 'Ubah operasi Kolesistektomi laparoskopi (Pasien 1)' }),
    ).toBeInTheDocument();
    expect(
      within(waiting).getByRole('button', { name: 'Turunkan urutan Kolesistektomi laparoskopi (Pasien 1)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('cancels an operation only with a reason', async () => {
    const fetchMock = logIn(['theatre'], {
      'POST /api/operations/2/cancel': ({ body }) => {
        const cancelled = {
          ...(day[1] as Operation),
          cancelled: true,
          cancelReason: (body as { reason: string }).reason,
        };
        day = [day[0] as Operation, cancelled, day[2] as Operation];
        return cancelled;
      },
    });
    const { user } = renderApp('/jadwal-operasi');
    const table = await scheduleTable();
    await user.click(
      within(table).getByRole('button', { name: 'Batalkan operasi Sectio Caesarea (Pasien 2)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Batalkan Operasi' });
    await user.click(within(dialog).getByRole('button', { name: 'Batalkan operasi' }));
    expect(await within(dialog).findByText('Alasan pembatalan wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/operations/2/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Alasan pembatalan'), 'Perdarahan, pasien dirujuk.');
    await user.click(within(dialog).getByRole('button', { name: 'Batalkan operasi' }));
    expect(await screen.findByText('Operasi Sectio Caesarea (Pasien 2) dibatalkan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/operations/2/cancel')[0]?.body).toEqual({
      reason: 'Perdarahan, pasien dirujuk.',
    });
    await waitFor(() =>
      expect(rowOf(table, 'Sectio Caesarea')).toHaveTextContent('Alasan: Perdarahan, pasien dirujuk.'),
    );
  });
});
