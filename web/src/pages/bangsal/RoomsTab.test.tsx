import type { AdminRoom, RoomHistoryEntry, RoomList, StaffRole } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { installFakeEventSource } from '../../test/fakeEventSource';
import { bedsWith, sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, linkedSimrs, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const merpati: AdminRoom = {
  id: 3,
  code: 'MRP',
  name: 'Ruang Merpati (Kelas I)',
  class: 'KL1',
  capacity: 8,
  sex: null,
  bpjsRoomCode: 'MRP01',
  occupied: 5,
  available: 3,
  updatedAt: '2026-11-20T02:00:00Z',
  aplicares: {
    status: 'sent',
    message: 'Aplicares MRP01 Ruang Merpati (Kelas I) (KL1): 3 dari 8 tempat tidur kosong, pasien pulang',
    createdAt: '2026-11-21T03:10:00Z',
    reply: '1 Data berhasil diupdate.',
    sentAt: '2026-11-21T03:10:02Z',
    lastError: null,
    attempts: 1,
  },
};

const kenanga: AdminRoom = {
  id: 7,
  code: 'KNG',
  name: 'Ruang Kenanga (Kelas III Pria)',
  class: 'KL3',
  capacity: 12,
  sex: 'L',
  bpjsRoomCode: 'KNG01',
  occupied: 9,
  available: 3,
  updatedAt: '2026-11-20T02:00:00Z',
  aplicares: {
    status: 'pending',
    message:
      'Aplicares KNG01 Ruang Kenanga (Kelas III Pria) (KL3): 3 dari 12 tempat tidur kosong, pasien masuk',
    createdAt: '2026-11-21T03:12:00Z',
    reply: null,
    sentAt: null,
    lastError: 'BPJS menjawab HTTP 503 tanpa JSON',
    attempts: 4,
  },
};

const mawar: AdminRoom = {
  id: 5,
  code: 'MWR',
  name: 'Ruang Mawar (Kebidanan Kelas II)',
  class: 'KL2',
  capacity: 8,
  sex: 'P',
  bpjsRoomCode: null,
  occupied: 5,
  available: 3,
  updatedAt: '2026-11-20T02:00:00Z',
  aplicares: null,
};

let fetchMock: Mock<typeof fetch>;
let list: RoomList;

function mockRooms(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  fetchMock = mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/beds': () => bedsWith(),
    'GET /api/rooms': () => list,
    ...routes,
  });
}

beforeEach(() => {
  list = { aplicaresEnabled: true, rooms: [merpati, kenanga, mawar] };
  installFakeEventSource();
});

async function openRooms() {
  const app = renderApp('/bangsal?tab=ruangan');
  const table = await screen.findByRole('table', { name: 'Ruangan dan Tempat Tidur' });
  // The room's name, its code under it where the table is narrow.
  await within(table).findByRole('cell', { name: /^Ruang Merpati \(Kelas I\)/ });
  return { ...app, table };
}

const row = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name });

describe('the rooms of the ward desk', () => {
  it("shows each room's beds, flags the unmapped ones and tells how its reports to BPJS stand", async () => {
    mockRooms(['ward']);
    const { table } = await openRooms();
    expect(row(table, /Ruang Merpati/)).toHaveTextContent('5 terisi dari 8, 3 kosong');
    expect(row(table, /Ruang Merpati/)).toHaveTextContent('TerkirimJawaban BPJS: 1 Data berhasil diupdate.');
    expect(row(table, /Ruang Kenanga/)).toHaveTextContent('Laki-laki');
    expect(row(table, /Ruang Kenanga/)).toHaveTextContent(
      'MenungguTertahan: BPJS menjawab HTTP 503 tanpa JSON',
    );
    expect(row(table, /Ruang Mawar/)).toHaveTextContent('Belum dipetakan');
    expect(row(table, /Ruang Mawar/)).toHaveTextContent('Tidak dilaporkan');
    expect(
      screen.getByText(/1 ruangan belum punya kode ruang BPJS dan tidak dilaporkan ke BPJS Aplicares/),
    ).toBeInTheDocument();
    // The full resync is the admins'.
    expect(screen.queryByRole('button', { name: 'Sinkronkan Ulang dengan BPJS' })).not.toBeInTheDocument();
  });

  it('says so when Aplicares is not configured', async () => {
    list = { ...list, aplicaresEnabled: false };
    mockRooms(['admin']);
    await openRooms();
    expect(screen.getByText(/Pelaporan tempat tidur ke BPJS Aplicares tidak aktif/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sinkronkan Ulang dengan BPJS' })).not.toBeInTheDocument();
  });

  it('adds a room, with a taken BPJS room code told next to its field', async () => {
    let attempts = 0;
    mockRooms(['ward'], {
      'POST /api/rooms': (request) => {
        attempts += 1;
        if (attempts === 1) {
          return apiError(409, 'DUPLICATE_BPJS_CODE', 'Kode ruang BPJS MRP01 sudah dipakai ruangan lain.');
        }
        const added = {
          ...mawar,
          id: 11,
          ...(request.body as object),
          occupied: 0,
          available: 4,
          aplicares: null,
        };
        list = { ...list, rooms: [...list.rooms, added as AdminRoom] };
        return json(added, 201);
      },
    });
    const { user } = await openRooms();
    await user.click(screen.getByRole('button', { name: 'Tambah Ruangan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Ruangan' });
    await user.type(within(dialog).getByLabelText('Kode ruangan'), 'ang-1');
    await user.type(within(dialog).getByLabelText('Nama ruangan'), 'Ruang Anggrek');
    await user.selectOptions(within(dialog).getByLabelText('Kelas BPJS (kodekelas)'), 'VIP');
    await user.selectOptions(within(dialog).getByLabelText('Untuk pasien'), 'P');
    await user.type(within(dialog).getByLabelText('Kapasitas (tempat tidur)'), '4');
    await user.type(within(dialog).getByLabelText('Kode ruang BPJS (koderuang)'), 'MRP01');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(
      await within(dialog).findByText('Kode ruang BPJS MRP01 sudah dipakai ruangan lain.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kode ruang BPJS (koderuang)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.clear(within(dialog).getByLabelText('Kode ruang BPJS (koderuang)'));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Ruang Anggrek ditambahkan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/rooms').map((request) => request.body)).toEqual([
      { code: 'ANG-1', name: 'Ruang Anggrek', class: 'VIP', sex: 'P', capacity: 4, bpjsRoomCode: 'MRP01' },
      { code: 'ANG-1', name: 'Ruang Anggrek', class: 'VIP', sex: 'P', capacity: 4, bpjsRoomCode: null },
    ]);
  });

  it('changes the capacity with a reason, and shows why the server refused fewer beds than are taken', async () => {
    mockRooms(['ward'], {
      'POST /api/rooms/3/capacity': () =>
        apiError(
          409,
          'CAPACITY_BELOW_OCCUPANCY',
          'Kapasitas Ruang Merpati (Kelas I) tidak dapat dijadikan 4: 5 tempat tidur sedang terisi.',
        ),
    });
    const { user, table } = await openRooms();
    await user.click(within(table).getByRole('button', { name: 'Ubah kapasitas Ruang Merpati (Kelas I)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kapasitas Ruang Merpati (Kelas I)' });
    expect(dialog).toHaveTextContent('Sekarang 8 tempat tidur, 5 terisi');
    await user.clear(within(dialog).getByLabelText('Kapasitas baru'));
    await user.type(within(dialog).getByLabelText('Kapasitas baru'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Alasan wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/rooms/3/capacity')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Alasan'), 'Renovasi kamar mandi');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText(
        'Kapasitas Ruang Merpati (Kelas I) tidak dapat dijadikan 4: 5 tempat tidur sedang terisi.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/rooms/3/capacity').map((request) => request.body)).toEqual([
      { capacity: 4, reason: 'Renovasi kamar mandi' },
    ]);
  });

  it("shows a room's history: who changed what, and why", async () => {
    const history: RoomHistoryEntry[] = [
      {
        at: '2026-11-21T02:30:00Z',
        action: 'capacity',
        staffName: 'Ns. Rahmawati Hamid, S.Kep.',
        changes: [{ field: 'capacity', from: 10, to: 8 }],
        reason: 'Dua tempat tidur rusak',
      },
      {
        at: '2026-11-20T01:00:00Z',
        action: 'edited',
        staffName: null,
        changes: [
          { field: 'class', from: 'KL2', to: 'KL1' },
          { field: 'bpjsRoomCode', from: null, to: 'MRP01' },
        ],
        reason: null,
      },
    ];
    mockRooms(['ward'], { 'GET /api/rooms/3/history': () => history });
    const { user, table } = await openRooms();
    await user.click(within(table).getByRole('button', { name: 'Riwayat Ruang Merpati (Kelas I)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riwayat Ruang Merpati (Kelas I)' });
    const entries = await within(dialog).findByRole('table', { name: 'Riwayat Ruang Merpati (Kelas I)' });
    await waitFor(() => expect(within(entries).getAllByRole('row')).toHaveLength(3));
    expect(within(entries).getByRole('row', { name: /Kapasitas diubah/ })).toHaveTextContent(
      'Kapasitas: 10 → 8Alasan: Dua tempat tidur rusak',
    );
    expect(within(entries).getByRole('row', { name: /Data diubah/ })).toHaveTextContent(
      'Tidak diketahuiData diubahKelas: Kelas II → Kelas IKode ruang BPJS: — → MRP01',
    );
  });

  it('lets an admin resync every room with BPJS', async () => {
    mockRooms(['admin'], {
      'POST /api/rooms/aplicares/resync': () => ({
        created: 1,
        updated: 2,
        deleted: ['KL3/OLD-1'],
        unmapped: 1,
      }),
    });
    const { user } = await openRooms();
    await user.click(screen.getByRole('button', { name: 'Sinkronkan Ulang dengan BPJS' }));
    expect(
      await screen.findByText('Sinkronisasi dikirim ke BPJS: 1 ruangan baru, 2 diperbarui, 1 dihapus.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/rooms/aplicares/resync')).toHaveLength(1);
  });

  it('offers every change standalone, without a note', async () => {
    mockRooms(['ward']);
    const { table } = await openRooms();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/system/simrs')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Tambah Ruangan' })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Nonaktifkan Ruang Merpati (Kelas I)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  describe('in linked mode', () => {
    it('says the rooms are kept in the SIMRS and offers no adding, capacity or retiring', async () => {
      mockRooms(['ward'], linkedSimrs);
      const { table } = await openRooms();
      expect(await screen.findByRole('note')).toHaveTextContent(
        'Data ruangan dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di sini dalam satu menit.',
      );
      expect(screen.queryByRole('button', { name: 'Tambah Ruangan' })).not.toBeInTheDocument();
      const merpatiRow = row(table, /Ruang Merpati/);
      expect(within(merpatiRow).queryByRole('button', { name: /kapasitas/i })).not.toBeInTheDocument();
      expect(within(merpatiRow).queryByRole('button', { name: /Nonaktifkan/ })).not.toBeInTheDocument();
      expect(
        within(merpatiRow).getByRole('button', { name: 'Riwayat Ruang Merpati (Kelas I)' }),
      ).toBeEnabled();
    });

    it('changes only the BPJS room code, with name, class and sex shown as they are', async () => {
      mockRooms(['ward'], {
        ...linkedSimrs,
        'PUT /api/rooms/7': (request) => ({ ...kenanga, ...(request.body as object) }),
      });
      const { user, table } = await openRooms();
      await screen.findByRole('note');
      await user.click(within(table).getByRole('button', { name: 'Ubah Ruang Kenanga (Kelas III Pria)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ubah Ruang Kenanga (Kelas III Pria)' });
      expect(within(dialog).getByRole('note')).toHaveTextContent(
        'Nama, kelas dan kelamin ruangan dikelola di SIMRS',
      );
      expect(within(dialog).getByLabelText('Nama ruangan')).toHaveAttribute('readonly');
      expect(within(dialog).getByLabelText('Kelas BPJS (kodekelas)')).toBeDisabled();
      expect(within(dialog).getByLabelText('Untuk pasien')).toBeDisabled();
      await user.clear(within(dialog).getByLabelText('Kode ruang BPJS (koderuang)'));
      await user.type(within(dialog).getByLabelText('Kode ruang BPJS (koderuang)'), 'KNG02');
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

      expect(
        await screen.findByText('Perubahan Ruang Kenanga (Kelas III Pria) disimpan.'),
      ).toBeInTheDocument();
      expect(requestsTo(fetchMock, 'PUT /api/rooms/7').map((request) => request.body)).toEqual([
        { name: 'Ruang Kenanga (Kelas III Pria)', class: 'KL3', sex: 'L', bpjsRoomCode: 'KNG02' },
      ]);
    });
  });
});
