import type { AdminClinic, QueueEntry, QueueSession } from '@portal/contract';
import type { StaffRole } from '@portal/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  childrenClinic,
  deskAt,
  internalClinic,
  queueDesk,
  queueEntry,
  queueSession,
} from '../../test/clinic';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const clinics: AdminClinic[] = [
  childrenClinic,
  internalClinic,
  {
    id: 3,
    code: 'GIG',
    name: 'Poli Gigi',
    bpjsCode: null,
    queuePrefix: 'GIG',
    active: false,
    notifyAhead: 3,
  },
];

/** A desk whose state the mocked actions change, as the server would. */
function mockDesk(session: QueueSession, routes: Record<string, (request: MockRequest) => unknown> = {}) {
  let current = session;
  const desk = () => queueDesk(current);
  const change = (code: string, changes: Partial<QueueEntry>, taskId: 4 | 2) => {
    const updated = { ...current.entries.find((e) => e.bookingCode === code)!, ...changes };
    current = {
      ...current,
      entries: current.entries.map((e) => (e.bookingCode === code ? updated : e)),
      lastAction: { queueNumber: updated.queueNumber, taskId, at: deskAt('01:10') },
    };
    return updated;
  };
  return mockApi({
    'GET /api/auth/me': () => sessionWith(['registration']),
    'GET /api/admin/clinics': () => clinics,
    'GET /api/queue/desk': desk,
    'POST /api/queue/desk/call-next': () => {
      const waiting = current.entries.find((e) => e.status === 'CHECKED_IN' && e.tasks.at(-1)?.taskId === 3);
      if (!waiting) return apiError(409, 'NOTHING_WAITING', 'Tidak ada pasien yang menunggu dipanggil.');
      return change(
        waiting.bookingCode,
        { status: 'CALLED', tasks: [...waiting.tasks, { taskId: 4, at: deskAt('01:10') }] },
        4,
      );
    },
    'POST /api/queue/desk/registrations/BKG2-CODE/admission-start': () => {
      const target = current.entries.find((e) => e.bookingCode === 'BKG2-CODE')!;
      return change('BKG2-CODE', { tasks: [...target.tasks, { taskId: 2, at: deskAt('01:10') }] }, 2);
    },
    'POST /api/queue/desk/undo': () => {
      const undone = queueEntry(1, {
        status: 'CHECKED_IN',
        tasks: [{ taskId: 3, at: deskAt('00:55') }],
      });
      current = { ...current, entries: [undone, ...current.entries.slice(1)], lastAction: null };
      return undone;
    },
    ...routes,
  });
}

function logInAs(roles: StaffRole[]) {
  setStaffHint();
  return mockApi({ 'GET /api/auth/me': () => sessionWith(roles) });
}

const sessionRegion = () => screen.findByRole('region', { name: 'dr. Andi Wijaya, Sp.PD · 08.00–12.00' });

/** The row of a queue number in the session's list. */
function rowOf(region: HTMLElement, queueNumber: string): HTMLElement {
  const row = within(within(region).getByRole('table')).getByText(queueNumber).closest('tr');
  if (!row) throw new Error(`no row for ${queueNumber}`);
  return row;
}

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('the outpatient queue desk', () => {
  it('is closed to staff without the registration role', async () => {
    logInAs(['ward']);
    renderApp('/antrean');
    expect(await screen.findByText('Anda tidak berhak membuka antrean poli.')).toBeInTheDocument();
  });

  it('keeps the chosen clinic in the URL and lists its bookings by queue number', async () => {
    setStaffHint();
    const fetchMock = mockDesk(
      queueSession([
        queueEntry(1, {
          status: 'CHECKED_IN',
          newPatient: true,
          tasks: [
            { taskId: 1, at: deskAt('00:40') },
            { taskId: 2, at: deskAt('00:45') },
            { taskId: 3, at: deskAt('00:55') },
          ],
        }),
        queueEntry(2, { payer: 'UMUM' }),
        queueEntry(3, { newPatient: true, provisional: true }),
      ]),
    );
    const { user, router } = renderApp('/antrean');
    expect(await screen.findByText('Pilih poli untuk melihat antrean hari ini.')).toBeInTheDocument();
    const select = screen.getByLabelText('Poli');
    // Active clinics only, by name.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Pilih poli', 'Poli Anak', 'Poli Penyakit Dalam']),
    );
    expect(screen.getByRole('link', { name: /Buka papan antrean/ })).toHaveAttribute(
      'href',
      '/papan-antrean',
    );
    // Walk-in patients are registered on the counter's screen.
    expect(screen.getByRole('link', { name: 'Daftarkan pasien' })).toHaveAttribute('href', '/pasien/daftar');
    await user.selectOptions(select, 'Poli Penyakit Dalam');
    expect(router.state.location.search).toBe('?poli=1');
    // The clinic's waiting-room TV shows this clinic only.
    expect(screen.getByRole('link', { name: /Buka papan antrean poli ini/ })).toHaveAttribute(
      'href',
      '/papan-antrean?poli=1',
    );

    expect(
      await screen.findByRole('heading', { name: 'Antrean Poli Penyakit Dalam, 7 Jan 2030' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/queue/desk')[0]?.url).toBe('/api/queue/desk?clinicId=1');
    const region = await sessionRegion();
    expect(within(region).getByText('3 dari 20 terpakai, sisa 17')).toBeInTheDocument();
    expect(within(region).getByText('1 dari 10 terpakai, sisa 9')).toBeInTheDocument();

    const first = rowOf(region, 'INT-001');
    // The row leads to the patient's page.
    expect(within(first).getByRole('link', { name: 'Pasien 1' })).toHaveAttribute('href', '/pasien/101');
    expect(first).toHaveTextContent('000121');
    expect(first).toHaveTextContent('JKN');
    expect(first).toHaveTextContent('Baru');
    expect(first).toHaveTextContent('Sudah check-in');
    expect(first).toHaveTextContent('Tugas 3: tunggu poli · 07.55');
    expect(first).toHaveTextContent('08.00');
    const second = rowOf(region, 'INT-002');
    expect(second).toHaveTextContent('Umum');
    expect(second).toHaveTextContent('Terdaftar');
    expect(second).not.toHaveTextContent('Baru');
    // Booked on the website as new: the clerk checks the KTP before the record counts as the patient's.
    expect(rowOf(region, 'INT-003')).toHaveTextContent('Pasien baru: cocokkan KTP');
  });

  it('marks the JKN bookings BPJS has not checked yet, and shows what BPJS found wrong later', async () => {
    setStaffHint();
    mockDesk(
      queueSession([
        queueEntry(1, { bpjsUnchecked: true }),
        queueEntry(2, { bpjsProblem: 'Kartu BPJS ini tidak aktif pada 7 Januari 2030.' }),
        queueEntry(3),
      ]),
    );
    const { user } = renderApp('/antrean');
    await screen.findByRole('option', { name: 'Poli Penyakit Dalam' });
    await user.selectOptions(screen.getByLabelText('Poli'), 'Poli Penyakit Dalam');
    const region = await sessionRegion();
    expect(rowOf(region, 'INT-001')).toHaveTextContent('Belum dicek BPJS');
    expect(rowOf(region, 'INT-002')).toHaveTextContent(
      'Ditolak BPJS: Kartu BPJS ini tidak aktif pada 7 Januari 2030.',
    );
    expect(rowOf(region, 'INT-003')).not.toHaveTextContent(/BPJS/);
  });

  it('calls the next patient of the session and shows the called number', async () => {
    setStaffHint();
    const fetchMock = mockDesk(
      queueSession([
        queueEntry(1, { status: 'SERVED', tasks: [{ taskId: 5, at: deskAt('01:05') }] }),
        queueEntry(2, { status: 'CHECKED_IN', tasks: [{ taskId: 3, at: deskAt('00:50') }] }),
      ]),
    );
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    const called = within(region).getByRole('status', { name: 'Nomor dipanggil' });
    expect(called).toHaveTextContent('Belum ada nomor yang dipanggil.');

    await user.click(within(region).getByRole('button', { name: 'Panggil berikutnya' }));
    expect(await screen.findByText('INT-002 dipanggil.')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST /api/queue/desk/call-next');
    expect(request?.body).toEqual({ scheduleId: 11 });
    expect(request?.headers.get('x-csrf-token')).toBe('token');
    await waitFor(() => expect(called).toHaveTextContent('INT-002'));
    expect(called).toHaveTextContent('Pasien 2 (000122)');
    expect(rowOf(region, 'INT-002')).toHaveTextContent('Dipanggil');
  });

  it('shows a refused call in a toast', async () => {
    setStaffHint();
    mockDesk(queueSession([queueEntry(1)]));
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    await user.click(within(region).getByRole('button', { name: 'Panggil berikutnya' }));
    expect(await screen.findByText('Tidak ada pasien yang menunggu dipanggil.')).toBeInTheDocument();
    expect(within(region).getByRole('status', { name: 'Nomor dipanggil' })).toHaveTextContent(
      'Belum ada nomor yang dipanggil.',
    );
  });

  it('offers on each row only the moves its status and last task allow', async () => {
    setStaffHint();
    const fetchMock = mockDesk(
      queueSession([
        queueEntry(1),
        queueEntry(2, {
          status: 'CHECKED_IN',
          newPatient: true,
          tasks: [{ taskId: 1, at: deskAt('00:40') }],
        }),
        queueEntry(3, {
          status: 'CHECKED_IN',
          newPatient: true,
          tasks: [
            { taskId: 1, at: deskAt('00:40') },
            { taskId: 2, at: deskAt('00:45') },
          ],
        }),
        queueEntry(4, { status: 'CHECKED_IN', tasks: [{ taskId: 3, at: deskAt('00:50') }] }),
        queueEntry(5, { status: 'CALLED', tasks: [{ taskId: 4, at: deskAt('01:00') }] }),
        queueEntry(6, { status: 'SERVED', tasks: [{ taskId: 5, at: deskAt('01:05') }] }),
        queueEntry(7, { status: 'NO_SHOW', tasks: [{ taskId: 99, at: deskAt('01:05') }] }),
        queueEntry(8, {
          status: 'SERVED',
          tasks: [{ taskId: 5, at: deskAt('01:06') }],
          pharmacy: { prescriptionType: 'racikan', number: 3 },
        }),
      ]),
    );
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    expect(buttonsOf(rowOf(region, 'INT-001'))).toEqual(['Check-in INT-001', 'Tidak hadir INT-001']);
    expect(buttonsOf(rowOf(region, 'INT-002'))).toEqual(['Mulai admisi INT-002', 'Tidak hadir INT-002']);
    expect(buttonsOf(rowOf(region, 'INT-003'))).toEqual(['Selesai admisi INT-003', 'Tidak hadir INT-003']);
    // A JKN patient through admission may get the visit's SEP.
    expect(buttonsOf(rowOf(region, 'INT-004'))).toEqual([
      'Buat SEP INT-004',
      'Panggil INT-004',
      'Tidak hadir INT-004',
    ]);
    // The doctor's service ends with a prescription for the pharmacy, or without one.
    expect(buttonsOf(rowOf(region, 'INT-005'))).toEqual([
      'Buat SEP INT-005',
      'Selesai dilayani INT-005',
      'Panggil ulang INT-005',
      'INT-005 selesai, resep Racikan ke farmasi',
      'INT-005 selesai, resep Non racikan ke farmasi',
      'Tidak hadir INT-005',
    ]);
    // Served without one, the prescription may still follow, once.
    expect(buttonsOf(rowOf(region, 'INT-006'))).toEqual([
      'Buat SEP INT-006',
      'Kirim INT-006 ke farmasi, resep Racikan',
      'Kirim INT-006 ke farmasi, resep Non racikan',
    ]);
    expect(buttonsOf(rowOf(region, 'INT-007'))).toEqual([]);
    expect(buttonsOf(rowOf(region, 'INT-008'))).toEqual(['Buat SEP INT-008']);
    expect(rowOf(region, 'INT-008')).toHaveTextContent('Farmasi 3 · Racikan');
    // The patient called last is the one in the clinic now.
    expect(within(region).getByRole('status', { name: 'Nomor dipanggil' })).toHaveTextContent('INT-005');

    await user.click(within(region).getByRole('button', { name: 'Mulai admisi INT-002' }));
    expect(await screen.findByText('Admisi INT-002 dimulai.')).toBeInTheDocument();
    expect(
      requestsTo(fetchMock, 'POST /api/queue/desk/registrations/BKG2-CODE/admission-start'),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(buttonsOf(rowOf(region, 'INT-002'))).toEqual(['Selesai admisi INT-002', 'Tidak hadir INT-002']),
    );
    expect(rowOf(region, 'INT-002')).toHaveTextContent('Tugas 2: admisi · 08.10');
    // The next step can be taken at once, once the request is done.
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Selesai admisi INT-002' })).toBeEnabled(),
    );
  });

  it('undoes the last action of the session, saying first what it will undo', async () => {
    setStaffHint();
    const fetchMock = mockDesk(
      queueSession(
        [
          queueEntry(1, {
            status: 'CALLED',
            tasks: [
              { taskId: 3, at: deskAt('00:55') },
              { taskId: 4, at: deskAt('01:10') },
            ],
          }),
        ],
        {
          queueNumber: 'INT-001',
          taskId: 4,
          at: deskAt('01:10'),
        },
      ),
    );
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    const undo = within(region).getByRole('button', { name: 'Batalkan aksi terakhir' });
    expect(undo).toHaveAccessibleDescription('Aksi terakhir: INT-001 — Tugas 4: dilayani poli, pukul 08.10.');

    // Asked first: nothing is sent until the clerk confirms.
    await user.click(undo);
    const asked = await screen.findByRole('dialog', { name: 'Batalkan aksi terakhir?' });
    expect(asked).toHaveTextContent(
      'Tugas 4: dilayani poli untuk INT-001 (pukul 08.10) dibatalkan; pasien kembali ke langkah sebelumnya.',
    );
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/undo')).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Ya, batalkan' }));
    expect(
      await screen.findByText('Aksi terakhir dibatalkan: INT-001 kini Sudah check-in.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/undo')[0]?.body).toEqual({ scheduleId: 11 });
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Batalkan aksi terakhir' })).toBeDisabled(),
    );
    expect(within(region).getByText('Belum ada aksi yang dapat dibatalkan.')).toBeInTheDocument();
    expect(buttonsOf(rowOf(region, 'INT-001'))).toEqual([
      'Buat SEP INT-001',
      'Panggil INT-001',
      'Tidak hadir INT-001',
    ]);
  });

  it('calls a called patient again for the board, locked while it runs, the row left as it was', async () => {
    setStaffHint();
    const called = queueEntry(5, { status: 'CALLED', tasks: [{ taskId: 4, at: deskAt('01:00') }] });
    let answer: (entry: QueueEntry) => void = () => {};
    const fetchMock = mockDesk(queueSession([called, queueEntry(6)]), {
      'POST /api/queue/desk/registrations/BKG5-CODE/recall': () =>
        new Promise<QueueEntry>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    const recall = within(region).getByRole('button', { name: 'Panggil ulang INT-005' });
    await user.click(recall);
    // One request at a time: the desk's buttons wait for it.
    await waitFor(() => expect(recall).toBeDisabled());
    expect(within(region).getByRole('button', { name: 'Selesai dilayani INT-005' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Check-in INT-006' })).toBeDisabled();
    answer(called);
    expect(await screen.findByText('INT-005 dipanggil ulang.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/BKG5-CODE/recall')).toHaveLength(1);
    await waitFor(() => expect(recall).toBeEnabled());
    expect(rowOf(region, 'INT-005')).toHaveTextContent('Dipanggil');
    expect(within(region).getByRole('status', { name: 'Nomor dipanggil' })).toHaveTextContent('INT-005');
  });

  it("ends a called patient's service with the prescription in one click", async () => {
    setStaffHint();
    const called = queueEntry(5, { status: 'CALLED', tasks: [{ taskId: 4, at: deskAt('01:00') }] });
    const served = {
      ...called,
      status: 'SERVED' as const,
      tasks: [...called.tasks, { taskId: 5 as const, at: deskAt('01:10') }],
      pharmacy: { prescriptionType: 'racikan' as const, number: 2 },
    };
    const fetchMock = mockDesk(queueSession([called]), {
      'POST /api/queue/desk/registrations/BKG5-CODE/pharmacy': () => served,
    });
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    await user.click(
      within(region).getByRole('button', { name: 'INT-005 selesai, resep Racikan ke farmasi' }),
    );
    const asked = await screen.findByRole('dialog', { name: 'INT-005 selesai dilayani?' });
    expect(asked).toHaveTextContent('dan resep Racikan dikirim ke farmasi');
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/BKG5-CODE/pharmacy')).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Ya, selesai dan kirim resep' }));
    expect(await screen.findByText('INT-005 dikirim ke farmasi dengan nomor farmasi 2.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/BKG5-CODE/pharmacy')[0]?.body).toEqual({
      prescriptionType: 'racikan',
    });
  });

  it('sends a served patient to the pharmacy, where the pharmacy desk prepares and hands over the medicine', async () => {
    setStaffHint();
    const served = queueEntry(6, { status: 'SERVED', tasks: [{ taskId: 5, at: deskAt('01:05') }] });
    const sent = { ...served, pharmacy: { prescriptionType: 'non racikan' as const, number: 1 } };
    let pharmacyEntry = { ...sent, clinic: { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' } };
    const fetchMock = mockDesk(queueSession([served]), {
      'POST /api/queue/desk/registrations/BKG6-CODE/pharmacy': () => sent,
      'GET /api/queue/pharmacy': () => ({ date: '2030-01-07', entries: [pharmacyEntry] }),
      'POST /api/queue/desk/registrations/BKG6-CODE/pharmacy-start': () => {
        pharmacyEntry = {
          ...pharmacyEntry,
          tasks: [...pharmacyEntry.tasks, { taskId: 6, at: deskAt('01:20') }],
        };
        return pharmacyEntry;
      },
    });
    const { user } = renderApp('/antrean?poli=1');
    const region = await sessionRegion();
    await user.click(
      within(region).getByRole('button', { name: 'Kirim INT-006 ke farmasi, resep Non racikan' }),
    );
    expect(await screen.findByText('INT-006 dikirim ke farmasi dengan nomor farmasi 1.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/BKG6-CODE/pharmacy')[0]?.body).toEqual({
      prescriptionType: 'non racikan',
    });

    await user.click(screen.getByRole('tab', { name: 'Antrean Farmasi' }));
    const pharmacy = await screen.findByRole('table', { name: 'Antrean farmasi hari ini' });
    // The pharmacy's TV shows and says its calls.
    expect(screen.getByRole('link', { name: /Buka papan farmasi/ })).toHaveAttribute(
      'href',
      '/papan-antrean?farmasi=ya',
    );
    const row = within(pharmacy).getByText('Pasien 6').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Poli Penyakit Dalam · INT-006');
    expect(row).toHaveTextContent('Non racikan');
    await user.click(within(row).getByRole('button', { name: 'Mulai siapkan obat INT-006' }));
    expect(await screen.findByText('Obat INT-006 mulai disiapkan.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(pharmacy).getByRole('button', { name: 'Obat selesai INT-006' })).toBeInTheDocument(),
    );
  });
});
