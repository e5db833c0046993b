import type { StaffMember, StaffPage } from '@portal/contract';
import type { StaffRole } from '@portal/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const member = (overrides: Partial<StaffMember> & Pick<StaffMember, 'id' | 'name'>): StaffMember => ({
  phone: '081200000000',
  username: null,
  roles: [],
  active: true,
  hasPassword: true,
  hasLogin: false,
  onDuty: [],
  createdAt: '2026-01-05T02:00:00.000Z',
  ...overrides,
});

const nurul = member({
  id: 11,
  name: 'Nurul Hidayah',
  phone: '081355500011',
  username: 'nurul',
  roles: ['complaints', 'cs'],
  hasLogin: true,
  onDuty: ['cs'],
});
const ridwan = member({
  id: 12,
  name: 'Serka Ridwan',
  phone: '081355500012',
  username: 'ridwan',
  roles: ['piket', 'orders'],
  hasLogin: true,
});
const tanpaAkun = member({ id: 13, name: 'dr. Tanpa Akun', phone: '081355500013', roles: ['theatre'] });

const page = (items: StaffMember[], total = items.length): StaffPage => ({ items, total });

function logIn(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/staff': () => page([nurul, ridwan, tanpaAkun], 43),
    ...routes,
  });
}

const queryOf = (request: MockRequest | undefined) => new URL(request?.url ?? '', 'http://x').searchParams;

describe('the staff page', () => {
  it('is closed to staff who are not admins', async () => {
    logIn(['piket', 'ward']);
    renderApp('/pegawai');
    expect(await screen.findByText('Anda tidak berhak membuka data pegawai.')).toBeInTheDocument();
  });

  it('lists staff with their roles, login and duty, and searches and filters through the server', async () => {
    const fetchMock = logIn(['admin']);
    const { user, router } = renderApp('/pegawai?page=2');
    const table = await screen.findByRole('table', { name: 'Daftar Pegawai' });
    // The login again under the name: shown there where the table is narrow.
    const row = (await within(table).findByRole('cell', { name: /^Nurul Hidayah/ })).closest('tr');
    expect(row).toHaveTextContent('Customer Service, Meja Pengaduan');
    expect(row).toHaveTextContent('Sedang bertugas: Customer Service');
    expect(
      within(table)
        .getByRole('cell', { name: /^dr\. Tanpa Akun/ })
        .closest('tr'),
    ).toHaveTextContent('tanpa akun');
    expect(queryOf(requestsTo(fetchMock, 'GET /api/staff')[0]).get('page')).toBe('2');

    await user.type(screen.getByLabelText('Cari'), 'Nur');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Nur'));
    await waitFor(() => expect(queryOf(requestsTo(fetchMock, 'GET /api/staff').at(-1)).get('q')).toBe('Nur'));
    expect(queryOf(requestsTo(fetchMock, 'GET /api/staff').at(-1)).get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Status'), 'Nonaktif');
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchMock, 'GET /api/staff').at(-1)).get('active')).toBe('false'),
    );
  });

  it('adds a staff member, telling a taken username next to it', async () => {
    const fetchMock = logIn(['admin'], {
      'POST /api/staff': ({ body }) => {
        const input = body as { username?: string; name: string };
        if (input.username === 'nurul') {
          return json(
            {
              error: {
                code: 'USERNAME_TAKEN',
                message: 'Nama pengguna sudah dipakai.',
                fields: { username: 'Nama pengguna sudah dipakai.' },
              },
            },
            409,
          );
        }
        return json(member({ id: 20, name: input.name }), 201);
      },
    });
    const { user } = renderApp('/pegawai');
    await user.click(await screen.findByRole('button', { name: 'Tambah pegawai' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Pegawai' });
    await user.type(within(dialog).getByLabelText('Nama lengkap'), 'Sertu Hasan Basri');
    await user.type(within(dialog).getByLabelText('Nomor HP'), '0812 4455 6677');
    await user.type(within(dialog).getByLabelText('Nama pengguna'), 'Nurul');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Petugas Piket' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Petugas Piket' })).toHaveAccessibleDescription(
      'Dapat menerima serah terima tugas piket; meja pesanan ambulans.',
    );

    // Someone who can log in or take over duty needs a password; the form says so before asking the server.
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Kata sandi')).toHaveAccessibleDescription(
      expect.stringContaining(
        'Kata sandi wajib diisi untuk petugas yang dapat masuk atau memegang tugas piket/CS.',
      ),
    );
    expect(requestsTo(fetchMock, 'POST /api/staff')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Kata sandi'), 'sandi-hasan-1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nama pengguna')).toHaveAccessibleDescription(
        expect.stringContaining('Nama pengguna sudah dipakai.'),
      ),
    );
    expect(requestsTo(fetchMock, 'POST /api/staff')[0]?.body).toEqual({
      name: 'Sertu Hasan Basri',
      phone: '0812 4455 6677',
      username: 'nurul',
      password: 'sandi-hasan-1',
      roles: ['piket'],
    });

    await user.clear(within(dialog).getByLabelText('Nama pengguna'));
    await user.type(within(dialog).getByLabelText('Nama pengguna'), 'hasan');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pegawai "Sertu Hasan Basri" ditambahkan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens its form on the first box, and gives the focus back to its button when closed', async () => {
    logIn(['admin']);
    const { user } = renderApp('/pegawai');
    const add = await screen.findByRole('button', { name: 'Tambah pegawai' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Pegawai' });
    await waitFor(() => expect(within(dialog).getByLabelText('Nama lengkap')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(add).toHaveFocus();
  });

  it('changes someone’s roles, sending the whole record', async () => {
    const fetchMock = logIn(['admin'], {
      'PUT /api/staff/12': ({ body }) => ({ ...ridwan, ...(body as object) }),
    });
    const { user } = renderApp('/pegawai');
    await user.click(await screen.findByRole('button', { name: 'Ubah data Serka Ridwan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Data Serka Ridwan' });
    expect(within(dialog).getByLabelText('Nama pengguna')).toHaveValue('ridwan');
    expect(within(dialog).queryByLabelText('Kata sandi')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Petugas Piket' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Meja Pesanan' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bangsal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Data "Serka Ridwan" disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/staff/12')[0]?.body).toEqual({
      name: 'Serka Ridwan',
      phone: '081355500012',
      username: 'ridwan',
      roles: ['piket', 'ward'],
      active: true,
    });
  });

  it('deactivates after confirming, and shows the server’s refusal for the officer on duty', async () => {
    const fetchMock = logIn(['admin'], {
      'PUT /api/staff/11': () =>
        apiError(
          409,
          'ON_DUTY',
          'Nurul Hidayah sedang memegang tugas Customer Service. Serahkan tugas itu kepada petugas lain lebih dahulu.',
        ),
      'PUT /api/staff/12': ({ body }) => ({ ...ridwan, ...(body as object) }),
    });
    const { user } = renderApp('/pegawai');
    await user.click(await screen.findByRole('button', { name: 'Nonaktifkan Serka Ridwan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Nonaktifkan Pegawai' });
    expect(confirm).toHaveTextContent('Ia langsung keluar dari portal');
    await user.click(within(confirm).getByRole('button', { name: 'Nonaktifkan' }));
    expect(await screen.findByText('Serka Ridwan dinonaktifkan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/staff/12')[0]?.body).toMatchObject({
      active: false,
      roles: ridwan.roles,
    });

    await user.click(screen.getByRole('button', { name: 'Nonaktifkan Nurul Hidayah' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Nonaktifkan Pegawai' })).getByRole('button', {
        name: 'Nonaktifkan',
      }),
    );
    expect(
      await screen.findByText(/Serahkan tugas itu kepada petugas lain lebih dahulu/),
    ).toBeInTheDocument();
  });

  it('activates a deactivated member at once, and offers no deactivation of oneself', async () => {
    const self = member({
      id: 3,
      name: 'Ns. Rahmawati Hamid, S.Kep.',
      username: 'rahmawati',
      roles: ['admin'],
    });
    const former = member({ id: 14, name: 'Praka Mantan', active: false });
    const fetchMock = logIn(['admin'], {
      'GET /api/staff': () => page([self, former]),
      'PUT /api/staff/14': ({ body }) => ({ ...former, ...(body as object) }),
    });
    const { user } = renderApp('/pegawai');
    expect(
      await screen.findByRole('button', { name: 'Nonaktifkan Ns. Rahmawati Hamid, S.Kep.' }),
    ).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Aktifkan Praka Mantan' }));
    expect(await screen.findByText('Praka Mantan diaktifkan kembali.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/staff/14')[0]?.body).toMatchObject({ active: true });
  });

  it('resets a password typed twice', async () => {
    const fetchMock = logIn(['admin'], {
      'POST /api/staff/12/password': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/pegawai');
    await user.click(await screen.findByRole('button', { name: 'Reset kata sandi Serka Ridwan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Kata Sandi Serka Ridwan' });
    await user.type(within(dialog).getByLabelText('Kata sandi baru'), 'sandi-ridwan-2');
    await user.type(within(dialog).getByLabelText('Ulangi kata sandi baru'), 'sandi-ridwan-3');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Kata sandi tidak sama.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/staff/12/password')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Ulangi kata sandi baru'));
    await user.type(within(dialog).getByLabelText('Ulangi kata sandi baru'), 'sandi-ridwan-2');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kata sandi Serka Ridwan diganti.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/staff/12/password')[0]?.body).toEqual({
      password: 'sandi-ridwan-2',
    });
  });

  it("shows a member's sessions and ends one of them, and offers none for staff who cannot log in", async () => {
    let live = [
      {
        id: 7,
        startedAt: '2026-11-21T01:00:00.000Z',
        lastSeenAt: '2026-11-21T02:30:00.000Z',
        expiresAt: '2026-11-21T13:00:00.000Z',
        address: '10.1.2.3',
        userAgent: 'Mozilla/5.0 (bangsal)',
        current: false,
      },
    ];
    const fetchMock = logIn(['admin'], {
      'GET /api/staff/12/sessions': () => live,
      'DELETE /api/staff/12/sessions/7': () => {
        live = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/pegawai');
    await user.click(await screen.findByRole('button', { name: 'Sesi masuk Serka Ridwan' }));
    expect(screen.queryByRole('button', { name: 'Sesi masuk dr. Tanpa Akun' })).not.toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Sesi Masuk Serka Ridwan' });
    const table = within(dialog).getByRole('table', { name: 'Sesi masuk Serka Ridwan' });
    expect(await within(table).findByText('Mozilla/5.0 (bangsal)')).toBeInTheDocument();
    expect(table).toHaveTextContent('21 Nov 2026 08.00 WIB');
    await user.click(within(table).getByRole('button', { name: 'Akhiri sesi dari 10.1.2.3' }));

    expect(await screen.findByText('Sesi Serka Ridwan diakhiri.')).toBeInTheDocument();
    expect(await within(table).findByText('Tidak ada sesi yang aktif.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/staff/12/sessions/7')[0]?.headers.get('x-csrf-token')).toBe(
      sessionWith(['admin']).csrfToken,
    );
  });

  it('asks before an admin ends the session they are using, and then logs them out', async () => {
    const self = member({
      id: 3,
      name: 'Ns. Rahmawati Hamid, S.Kep.',
      username: 'rahmawati',
      hasLogin: true,
    });
    const fetchMock = logIn(['admin'], {
      'GET /api/staff': () => page([self]),
      'GET /api/staff/3/sessions': () => [
        {
          id: 9,
          startedAt: '2026-11-21T01:00:00.000Z',
          lastSeenAt: '2026-11-21T02:30:00.000Z',
          expiresAt: '2026-11-21T13:00:00.000Z',
          address: '10.1.2.4',
          userAgent: 'Mozilla/5.0 (meja admin)',
          current: true,
        },
      ],
      'DELETE /api/staff/3/sessions/9': () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderApp('/pegawai');
    await user.click(await screen.findByRole('button', { name: `Sesi masuk ${self.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Sesi Masuk ${self.name}` });
    const end = await within(dialog).findByRole('button', { name: 'Akhiri sesi dari 10.1.2.4' });

    await user.click(end);
    const confirm = await screen.findByRole('dialog', { name: 'Akhiri Sesi Anda' });
    await user.click(within(confirm).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Akhiri Sesi Anda' })).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/staff/3/sessions/9')).toHaveLength(0);

    await user.click(end);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Akhiri Sesi Anda' })).getByRole('button', {
        name: 'Akhiri dan keluar',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(requestsTo(fetchMock, 'DELETE /api/staff/3/sessions/9')).toHaveLength(1);
  });
});
