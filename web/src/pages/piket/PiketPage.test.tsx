import type { DutyLogEntry, RosterEntry, RosterNow, StaffRole } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const entries: DutyLogEntry[] = [
  {
    id: 2,
    at: '2026-11-21T03:15:00.000Z',
    role: 'piket',
    outcome: 'success',
    staff: { id: 5, name: 'Ns. Hendra Saputra, S.Kep.' },
    previous: { id: 3, name: 'Ns. Rahmawati Hamid, S.Kep.' },
    address: '10.0.0.7',
  },
  {
    id: 1,
    at: '2026-11-21T03:14:00.000Z',
    role: 'cs',
    outcome: 'wrong_password',
    staff: { id: 8, name: 'Dewi Lestari Amir' },
    previous: null,
    address: '10.0.0.8',
  },
];

const hendra = { id: 5, name: 'Ns. Hendra Saputra, S.Kep.' };
const rahma = { id: 3, name: 'Ns. Rahmawati Hamid, S.Kep.' };
const dewi = { id: 8, name: 'Dewi Lestari Amir' };

const roster: RosterEntry[] = [
  { id: 41, date: '2026-12-09', shift: 'malam', role: 'piket', staff: rahma },
  { id: 42, date: '2026-12-10', shift: 'pagi', role: 'piket', staff: hendra },
  { id: 43, date: '2026-12-10', shift: 'pagi', role: 'cs', staff: dewi },
];

const now: RosterNow = {
  date: '2026-12-10',
  shift: 'pagi',
  posts: [
    {
      role: 'piket',
      scheduled: hendra,
      active: { ...rahma, phone: '081234500003' },
      differs: true,
    },
    { role: 'cs', scheduled: dewi, active: { ...dewi, phone: '081234500008' }, differs: false },
  ],
};

type Routes = Record<string, (request: MockRequest) => unknown>;

function logIn(roles: StaffRole[], routes: Routes = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/duty/log': () => ({ items: entries, total: 45 }),
    'GET /api/roster': () => roster,
    'GET /api/roster/now': () => now,
    'GET /api/roster/eligible': () => ({ piket: [hendra, rahma], cs: [dewi] }),
    ...routes,
  });
}

// 10 December 2026, 10:00 WIB: the calendar opens on December.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T03:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Piket page', () => {
  it('asks anonymous visitors to log in and brings them back here', async () => {
    mockApi({});
    renderApp('/piket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Piket' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk untuk melihatnya' })).toHaveAttribute(
      'href',
      '/auth?next=/piket',
    );
  });

  it('shows who is scheduled now next to who is on duty, and flags the post where they differ', async () => {
    logIn(['registration']);
    renderApp('/piket');
    const panel = await screen.findByRole('region', { name: 'Sekarang' });
    expect(
      await within(panel).findByText('Shift Pagi, Kamis, 10 Des 2026 (07.00–14.00)'),
    ).toBeInTheDocument();

    const piket = within(panel).getByRole('article', { name: 'Petugas Piket' });
    expect(piket).toHaveTextContent('TerjadwalNs. Hendra Saputra, S.Kep.');
    expect(piket).toHaveTextContent('BertugasNs. Rahmawati Hamid, S.Kep.');
    expect(piket).toHaveTextContent('Tidak sesuai jadwal');
    const cs = within(panel).getByRole('article', { name: 'Customer Service' });
    expect(cs).toHaveTextContent('Sesuai jadwal');
    expect(cs).not.toHaveTextContent('Tidak sesuai jadwal');
  });

  it('shows the new officer beside the roster as soon as the post is handed over here', async () => {
    let onDuty = rahma;
    const withPhone = { ...hendra, phone: '081234500005' };
    logIn(['piket'], {
      'GET /api/duty': () => ({ piket: { ...onDuty, phone: '081234500003' }, cs: null }),
      'GET /api/duty/piket/candidates': () => [withPhone],
      'POST /api/duty/piket/handover': () => {
        onDuty = hendra;
        return withPhone;
      },
      'GET /api/roster/now': () => ({
        ...now,
        posts: [
          { ...now.posts[0], active: { ...onDuty, phone: '081234500003' }, differs: onDuty !== hendra },
        ],
      }),
    });
    const { user } = renderApp('/piket');
    const piket = await within(await screen.findByRole('region', { name: 'Sekarang' })).findByRole(
      'article',
      { name: 'Petugas Piket' },
    );
    await waitFor(() => expect(piket).toHaveTextContent('BertugasNs. Rahmawati Hamid, S.Kep.'));

    await user.click(screen.getByRole('button', { name: 'Pengaturan' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Pengaturan' });
    await waitFor(() =>
      expect(within(sidebar).getByRole('button', { name: 'Tutup pengaturan' })).toHaveFocus(),
    );
    await user.click(within(sidebar).getByRole('button', { name: 'Ganti Petugas Piket' }));
    await user.click(await within(sidebar).findByRole('button', { name: new RegExp(hendra.name) }));
    const prompt = await screen.findByRole('dialog', { name: `Password : ${hendra.name}` });
    await user.type(within(prompt).getByLabelText(`Password : ${hendra.name}`), 'rahasia-hendra{Enter}');

    // Not at the next poll (30 seconds): at once.
    await waitFor(() => expect(piket).toHaveTextContent('BertugasNs. Hendra Saputra, S.Kep.'));
    expect(piket).toHaveTextContent('Sesuai jadwal');
  });

  it("shows the month's roster to any staff member, read-only, and moves between months", async () => {
    const fetchMock = logIn(['registration']);
    const { user } = renderApp('/piket');
    const calendar = await screen.findByRole('region', { name: 'Jadwal Piket: Desember 2026' });
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/roster').map((r) => r.url)).toEqual([
        '/api/roster?from=2026-12-01&to=2026-12-31',
      ]),
    );
    const table = within(calendar).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(32);
    const tenth = within(table).getByRole('rowheader', { name: 'Kam 10' }).closest('tr') as HTMLElement;
    const cells = within(tenth).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('PiketNs. Hendra Saputra, S.Kep.CSDewi Lestari Amir');
    expect(cells[1]).toHaveTextContent('Piket—CS—');
    expect(within(calendar).queryAllByRole('button', { name: /shift/ })).toHaveLength(0);

    await user.click(within(calendar).getByRole('button', { name: 'Bulan berikutnya' }));
    expect(await screen.findByRole('region', { name: 'Jadwal Piket: Januari 2027' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/roster').at(-1)?.url).toBe(
        '/api/roster?from=2027-01-01&to=2027-01-31',
      ),
    );
  });

  it('lets an admin plan a cell from eligible staff, telling a refusal next to the person', async () => {
    const fetchMock = logIn(['admin'], {
      'PUT /api/roster': ({ body }) => {
        const input = body as { staffId: number };
        if (input.staffId === rahma.id) {
          return json(
            {
              error: {
                code: 'VALIDATION_ERROR',
                message: 'Data yang dikirim tidak valid.',
                fields: { staffId: 'Ns. Rahmawati Hamid, S.Kep. tidak aktif.' },
              },
            },
            400,
          );
        }
        return { id: 50, date: '2026-12-11', shift: 'siang', role: 'piket', staff: hendra };
      },
    });
    const { user } = renderApp('/piket');
    const calendar = await screen.findByRole('region', { name: 'Jadwal Piket: Desember 2026' });
    await user.click(
      await within(calendar).findByRole('button', {
        name: 'Petugas Piket shift Siang, Jumat, 11 Des 2026: belum dijadwalkan',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Petugas Piket: shift Siang, Jumat, 11 Des 2026',
    });
    const person = within(dialog).getByLabelText('Petugas');
    await within(dialog).findByRole('option', { name: rahma.name });
    expect(within(dialog).queryByRole('option', { name: dewi.name })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Petugas wajib dipilih.')).toBeInTheDocument();

    await user.selectOptions(person, rahma.name);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(person).toHaveAccessibleDescription('Ns. Rahmawati Hamid, S.Kep. tidak aktif.'),
    );

    await user.selectOptions(person, hendra.name);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText(
        'Ns. Hendra Saputra, S.Kep. dijadwalkan sebagai Petugas Piket shift Siang, Jumat, 11 Des 2026.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/roster').at(-1)?.body).toEqual({
      date: '2026-12-11',
      shift: 'siang',
      role: 'piket',
      staffId: hendra.id,
    });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/roster')).toHaveLength(2));
  });

  it('lets an admin take a planned person off the roster', async () => {
    const fetchMock = logIn(['admin'], {
      'DELETE /api/roster/43': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/piket');
    await user.click(
      await screen.findByRole('button', {
        name: 'Customer Service shift Pagi, Kamis, 10 Des 2026: Dewi Lestari Amir',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Customer Service: shift Pagi, Kamis, 10 Des 2026',
    });
    await waitFor(() => expect(within(dialog).getByLabelText('Petugas')).toHaveDisplayValue(dewi.name));
    await user.click(within(dialog).getByRole('button', { name: 'Hapus dari jadwal' }));
    expect(
      await screen.findByText(
        'Dewi Lestari Amir dihapus dari jadwal Customer Service shift Pagi, Kamis, 10 Des 2026.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/roster/43')).toHaveLength(1);
  });

  it("warns before a change to a shift that has ended, as it changes that month's attendance recap", async () => {
    logIn(['admin']);
    const ended =
      'Shift ini sudah berakhir. Perubahan mengubah rekap absensi bulan itu (terlambat dan tidak hadir dihitung dari jadwal) dan tercatat di jejak akses.';
    const { user } = renderApp('/piket');
    // The night shift of 9 December ended at 07:00 on the 10th; it is 10:00.
    await user.click(
      await screen.findByRole('button', {
        name: 'Petugas Piket shift Malam, Rabu, 9 Des 2026: Ns. Rahmawati Hamid, S.Kep.',
      }),
    );
    const night = await screen.findByRole('dialog', { name: 'Petugas Piket: shift Malam, Rabu, 9 Des 2026' });
    expect(within(night).getByText(ended)).toBeInTheDocument();
    await user.click(within(night).getByRole('button', { name: 'Batal' }));

    // The morning shift runs until 14:00: still to be planned.
    await user.click(
      await screen.findByRole('button', {
        name: 'Petugas Piket shift Pagi, Kamis, 10 Des 2026: Ns. Hendra Saputra, S.Kep.',
      }),
    );
    const morning = await screen.findByRole('dialog', {
      name: 'Petugas Piket: shift Pagi, Kamis, 10 Des 2026',
    });
    expect(within(morning).queryByText(ended)).not.toBeInTheDocument();
  });

  it('keeps the handover log from staff without the admin or piket role', async () => {
    const fetchMock = logIn(['registration']);
    renderApp('/piket');
    expect(await screen.findByText('Anda tidak berhak melihat log serah terima.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/duty/log')).toHaveLength(0);
  });

  it('sends staff to log in again when the session has ended meanwhile, back to this page', async () => {
    logIn(['admin'], {
      'GET /api/duty/log': () =>
        apiError(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir. Silakan masuk kembali.'),
    });
    const { router } = renderApp('/piket');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?next=/piket');
    expect(
      await screen.findByText('Sesi Anda telah berakhir atau diakhiri oleh admin. Silakan masuk kembali.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Sesi Anda telah berakhir. Silakan masuk kembali.')).toBeInTheDocument();
  });

  it('shows the handover log to the piket role, in WIB, paged and filtered by the server', async () => {
    const fetchMock = logIn(['piket']);
    const { user } = renderApp('/piket');

    const log = await screen.findByRole('region', { name: 'Log Serah Terima' });
    const table = within(log).getByRole('table');
    await within(table).findByRole('cell', { name: 'Dewi Lestari Amir' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Waktu', 'Tugas', 'Petugas', 'Sebelumnya', 'Hasil', 'Alamat'],
      [
        '21 Nov 2026 10.15',
        'Petugas Piket',
        'Ns. Hendra Saputra, S.Kep.',
        'Ns. Rahmawati Hamid, S.Kep.',
        'Berhasil',
        '10.0.0.7',
      ],
      ['21 Nov 2026 10.14', 'Customer Service', 'Dewi Lestari Amir', '—', 'Password salah', '10.0.0.8'],
    ]);
    expect(requestsTo(fetchMock, 'GET /api/duty/log').map((request) => request.url)).toEqual([
      '/api/duty/log?page=1&pageSize=20',
    ]);

    await user.click(within(log).getByRole('button', { name: 'Halaman 2' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/duty/log').at(-1)?.url).toBe('/api/duty/log?page=2&pageSize=20'),
    );

    await user.click(within(within(log).getByRole('group', { name: 'Tugas' })).getByText('Customer Service'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/duty/log').at(-1)?.url).toBe(
        '/api/duty/log?page=1&pageSize=20&role=cs',
      ),
    );
  });
});
