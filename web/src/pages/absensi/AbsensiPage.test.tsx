import type {
  AttendanceRecap,
  AttendanceShift,
  MyAttendance,
  StaffRole,
  TodayAttendance,
} from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

// 10 December 2026, 10:00 WIB.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T03:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const yesterday: AttendanceShift = {
  id: 7,
  clockIn: '2026-12-09T00:02:00.000Z',
  clockOut: '2026-12-09T07:05:00.000Z',
  minutes: 423,
  tooLong: false,
};
const nightBefore: AttendanceShift = {
  id: 6,
  clockIn: '2026-12-01T14:00:00.000Z',
  clockOut: '2026-12-03T00:00:00.000Z',
  minutes: 2040,
  tooLong: true,
};
const thisMorning: AttendanceShift = {
  id: 8,
  clockIn: '2026-12-10T00:02:00.000Z',
  clockOut: null,
  minutes: null,
  tooLong: false,
};

function me(open: AttendanceShift | null): MyAttendance {
  return {
    now: '2026-12-10T03:00:00.000Z',
    month: '2026-12',
    open,
    shifts: [...(open ? [open] : []), yesterday, nightBefore],
    totalMinutes: 423,
  };
}

type Routes = Record<string, (request: MockRequest) => unknown>;

function logIn(roles: StaffRole[], routes: Routes = {}) {
  setStaffHint();
  return mockApi({ 'GET /api/auth/me': () => sessionWith(roles), ...routes });
}

describe('the Absensi page', () => {
  it('asks anonymous visitors to log in and brings them back here', async () => {
    mockApi({});
    renderApp('/absensi');
    expect(await screen.findByRole('link', { name: 'Masuk untuk absen' })).toHaveAttribute(
      'href',
      '/auth?next=/absensi',
    );
  });

  it("clocks in with the server's time, then offers to clock out; shows this month's shifts", async () => {
    let open: AttendanceShift | null = null;
    const fetchMock = logIn(['registration'], {
      'GET /api/attendance/me': () => me(open),
      'POST /api/attendance/clock-in': () => {
        open = thisMorning;
        return json(thisMorning, 201);
      },
    });
    const { user } = renderApp('/absensi');
    expect(await screen.findByText('Anda belum absen masuk.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    const month = screen.getByRole('table', { name: 'Shift Bulan Ini' });
    await within(month).findByRole('cell', { name: 'Rabu, 9 Des 2026' });
    expect(
      within(month)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Tanggal', 'Masuk', 'Pulang', 'Durasi'],
      ['Rabu, 9 Des 2026', '07.02', '14.05', '7:03'],
      ['Selasa, 1 Des 2026', '21.00', '3 Des 2026 07.00', '34:00Lebih dari 16 jam'],
    ]);
    expect(screen.getByText('Total jam kerja: 7:03')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Absen Masuk' }));
    expect(await screen.findByText('Absen masuk tercatat pukul 07.02.')).toBeInTheDocument();
    expect(await screen.findByText('Anda sedang bertugas sejak 10 Des 2026 07.02.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Absen Pulang' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/attendance/clock-in')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'POST /api/attendance/clock-in')[0]?.headers.get('x-csrf-token')).toBe(
      'token',
    );
  });

  it('does not clock out on the second click of a double click on Absen Masuk', async () => {
    let open: AttendanceShift | null = null;
    const fetchMock = logIn(['registration'], {
      'GET /api/attendance/me': () => me(open),
      'POST /api/attendance/clock-in': () => {
        open = thisMorning;
        return json(thisMorning, 201);
      },
      'POST /api/attendance/clock-out': () =>
        json({ ...thisMorning, clockOut: thisMorning.clockIn, minutes: 0 }),
    });
    renderApp('/absensi');
    expect(await screen.findByText('Anda belum absen masuk.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Absen Masuk' }), { detail: 1 });
    // The second click lands on the button that has turned into Absen Pulang in the meantime.
    fireEvent.click(await screen.findByRole('button', { name: 'Absen Pulang' }), { detail: 2 });
    expect(await screen.findByText('Anda sedang bertugas sejak 10 Des 2026 07.02.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/attendance/clock-in')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'POST /api/attendance/clock-out')).toHaveLength(0);
  });

  it('tells why a clock-in was refused and shows the shift opened elsewhere', async () => {
    let open: AttendanceShift | null = null;
    logIn(['registration'], {
      'GET /api/attendance/me': () => me(open),
      'POST /api/attendance/clock-in': () => {
        open = thisMorning;
        return apiError(
          409,
          'ALREADY_CLOCKED_IN',
          'Anda sudah absen masuk. Absen pulang dahulu sebelum absen masuk lagi.',
        );
      },
    });
    const { user } = renderApp('/absensi');
    await user.click(await screen.findByRole('button', { name: 'Absen Masuk' }));
    expect(
      await screen.findByText('Anda sudah absen masuk. Absen pulang dahulu sebelum absen masuk lagi.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Absen Pulang' })).toBeInTheDocument();
  });

  it('clocks out, and warns about a shift open for too long', async () => {
    let open: AttendanceShift | null = { ...thisMorning, clockIn: '2026-12-08T00:00:00.000Z', tooLong: true };
    logIn(['piket'], {
      'GET /api/attendance/me': () => me(open),
      'POST /api/attendance/clock-out': () => {
        const closed = { ...open, clockOut: '2026-12-10T03:00:00.000Z', minutes: 3060 } as AttendanceShift;
        open = null;
        return closed;
      },
    });
    const { user } = renderApp('/absensi');
    expect(await screen.findByText(/sudah lebih dari 16 jam: mungkin lupa absen pulang/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Absen Pulang' }));
    expect(
      await screen.findByText('Absen pulang tercatat pukul 10.00; lama bertugas 51:00.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Absen Masuk' })).toBeInTheDocument();
  });

  it("shows admins today's list: who works, who went home, who has not come", async () => {
    const today: TodayAttendance = {
      date: '2026-12-10',
      staff: [
        {
          staff: { id: 8, name: 'Dewi Lestari Amir' },
          rostered: [],
          shifts: [],
          status: 'absent',
        },
        {
          staff: { id: 5, name: 'Ns. Hendra Saputra, S.Kep.' },
          rostered: [{ shift: 'pagi', role: 'piket' }],
          shifts: [thisMorning],
          status: 'working',
        },
        {
          staff: { id: 3, name: 'Ns. Rahmawati Hamid, S.Kep.' },
          rostered: [{ shift: 'malam', role: 'piket' }],
          shifts: [
            { ...yesterday, clockIn: '2026-12-09T14:00:00.000Z', clockOut: '2026-12-10T00:05:00.000Z' },
          ],
          status: 'left',
        },
      ],
    };
    logIn(['admin'], { 'GET /api/attendance/me': () => me(null), 'GET /api/attendance/today': () => today });
    const { user } = renderApp('/absensi');
    await user.click(await screen.findByRole('tab', { name: 'Hari Ini' }));
    const table = await screen.findByRole('table', { name: 'Absensi Hari Ini, Kamis, 10 Des 2026' });
    await within(table).findByRole('cell', { name: 'Dewi Lestari Amir' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Nama', 'Jadwal', 'Masuk', 'Pulang', 'Status'],
      ['Dewi Lestari Amir', '—', '—', '—', 'Belum hadir'],
      ['Ns. Hendra Saputra, S.Kep.', 'Pagi · Piket', '07.02', '—', 'Bertugas'],
      ['Ns. Rahmawati Hamid, S.Kep.', 'Malam · Piket', '21.00', '10 Des 2026 07.05', 'Sudah pulang'],
    ]);
    expect(screen.getByText('1 bertugas · 1 sudah pulang · 1 belum hadir')).toBeInTheDocument();
  });

  it('shows admins the monthly recap of a chosen month and downloads it as CSV', async () => {
    const recap = (month: string): AttendanceRecap => ({
      month,
      graceMinutes: 15,
      rows: [
        {
          staff: { id: 5, name: 'Ns. Hendra Saputra, S.Kep.' },
          daysPresent: 5,
          totalMinutes: 1690,
          rosteredShifts: 5,
          lateArrivals: 2,
          missedShifts: 1,
          longShifts: 1,
        },
      ],
    });
    const csv = '\uFEFFNama;Hari Hadir\r\nNs. Hendra Saputra, S.Kep.;5\r\n';
    const fetchMock = logIn(['admin'], {
      'GET /api/attendance/me': () => me(null),
      'GET /api/attendance/recap': ({ url }) =>
        recap(new URL(url, 'http://x').searchParams.get('month') ?? ''),
      'GET /api/attendance/recap.csv': ({ url }) =>
        url.includes('2026-10')
          ? apiError(401, 'UNAUTHENTICATED', 'Silakan masuk sebagai petugas terlebih dahulu.')
          : new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:rekap');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    const { user } = renderApp('/absensi?tab=rekap');
    const table = await screen.findByRole('table', { name: 'Rekap Bulanan' });
    await within(table).findByRole('cell', { name: 'Ns. Hendra Saputra, S.Kep.' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Nama', 'Hari Hadir', 'Jam Kerja', 'Shift Terjadwal', 'Terlambat', 'Tidak Hadir', 'Shift > 16 Jam'],
      ['Ns. Hendra Saputra, S.Kep.', '5', '28:10', '5', '2', '1', '1'],
    ]);
    expect(screen.getByText(/Terlambat: absen masuk lebih dari 15 menit/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/attendance/recap').map((r) => r.url)).toEqual([
      '/api/attendance/recap?month=2026-12',
    ]);

    await user.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    await waitFor(() => expect(saved).toEqual(['rekap-absensi-2026-12.csv']));
    // The file is saved byte for byte, with the byte-order mark that makes Excel read UTF-8.
    const file = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);

    // The browser's month picker sets the whole value at once (user-event cannot type into it in jsdom).
    fireEvent.change(screen.getByLabelText('Bulan'), { target: { value: '2026-10' } });
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/attendance/recap').at(-1)?.url).toBe(
        '/api/attendance/recap?month=2026-10',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    expect(await screen.findByText('Silakan masuk sebagai petugas terlebih dahulu.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });
});
