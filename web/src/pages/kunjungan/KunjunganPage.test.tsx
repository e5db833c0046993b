import type {
  BookingReport,
  DailyCount,
  InpatientReport,
  OutpatientReport,
  OutpatientReportRow,
  StaffRole,
} from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

// 10 December 2026, 10:00 WIB: the lists open on 1–10 December.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T03:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const query = (request: MockRequest) =>
  Object.fromEntries(new URL(request.url, 'http://portal').searchParams);

/** Every day from the 1st to the `last` of December 2026, with the counts given. */
function december(last: number, counts: Record<number, number> = {}): DailyCount[] {
  return Array.from({ length: last }, (_, i) => ({
    date: `2026-12-${String(i + 1).padStart(2, '0')}`,
    count: counts[i + 1] ?? 0,
  }));
}

const visit = (id: number, fields: Partial<OutpatientReportRow> = {}): OutpatientReportRow => ({
  id,
  date: '2026-12-02',
  registrationNo: `RJ0000${id}`,
  patient: { id: 40 + id, mrn: `00021${id}`, name: `Pasien ${id}` },
  patientGroup: { code: 'BP01', name: 'BPJS' },
  clinic: { id: 3, code: 'INT', name: 'Poli Penyakit Dalam' },
  doctor: { id: 8, name: 'dr. Andi Makkasau, Sp.PD' },
  diagnoses: ['Hipertensi esensial (I10)'],
  cancelled: false,
  ...fields,
});

const visitReport = (request: MockRequest): OutpatientReport => ({
  items:
    query(request).page === '2'
      ? [visit(3, { date: '2026-12-05' })]
      : [visit(1), visit(2, { cancelled: true, doctor: null, diagnoses: [] })],
  total: 23,
  perDay: december(10, { 2: 20, 5: 3 }),
});

const common = {
  'GET /api/clinics': () => [
    { id: 3, code: 'INT', name: 'Poli Penyakit Dalam' },
    { id: 4, code: 'ANA', name: 'Poli Anak' },
  ],
  'GET /api/reports/patient-groups': () => [
    { code: 'BP01', name: 'BPJS' },
    { code: 'AD01', name: 'TNI AD' },
  ],
};

function logIn(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown>) {
  setStaffHint();
  return mockApi({ 'GET /api/auth/me': () => sessionWith(roles), ...common, ...routes });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the Rekap Kunjungan screen', () => {
  it("lists this month's outpatient visits with their patient group, BATAL marked, and the count per day", async () => {
    const fetchMock = logIn(['records'], { 'GET /api/reports/visits': visitReport });
    renderApp('/kunjungan');

    const table = await screen.findByRole('table', { name: 'Kunjungan Rawat Jalan' });
    await within(table).findByRole('cell', { name: 'RJ00001' });
    expect(rowsOf(table)).toEqual([
      [
        'Tanggal',
        'No. Registrasi',
        'Pasien',
        'Golongan Pasien / Penjamin',
        'Poli',
        'Dokter',
        'Diagnosa',
        'Status',
      ],
      [
        '2 Des 2026',
        'RJ00001',
        'Pasien 1No. RM 000211',
        'BPJS',
        'Poli Penyakit Dalam',
        // The clinic again under the doctor, and BATAL under the number: shown there where the list is narrow.
        'dr. Andi Makkasau, Sp.PDPoli Penyakit Dalam',
        'Hipertensi esensial (I10)',
        '',
      ],
      [
        '2 Des 2026',
        'RJ00002BATAL',
        'Pasien 2No. RM 000212',
        'BPJS',
        'Poli Penyakit Dalam',
        '—Poli Penyakit Dalam',
        '—',
        'BATAL',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'Buka data pasien Pasien 1' })).toHaveAttribute(
      'href',
      '/pasien/41',
    );
    expect(screen.getByText('23 kunjungan')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Tertinggi 20 pada 2 Des 2026; rata-rata 2,3 per hari.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Dari tanggal')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Sampai tanggal')).toHaveValue('2026-12-10');
    expect(requestsTo(fetchMock, 'GET /api/reports/visits').map(query)).toEqual([
      { from: '2026-12-01', to: '2026-12-10', page: '1', pageSize: '20' },
    ]);
  });

  it('keeps the range, filters and page in the address; a new filter starts on the first page', async () => {
    const fetchMock = logIn(['records'], { 'GET /api/reports/visits': visitReport });
    const { user, router } = renderApp('/kunjungan?from=2026-11-01&to=2026-11-30');
    const table = await screen.findByRole('table', { name: 'Kunjungan Rawat Jalan' });
    await within(table).findByRole('cell', { name: 'RJ00001' });

    await user.click(screen.getByRole('button', { name: 'Halaman 2' }));
    await within(table).findByRole('cell', { name: 'RJ00003' });
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30&page=2');

    await user.selectOptions(screen.getByLabelText('Poli'), 'Poli Anak');
    await user.selectOptions(screen.getByLabelText('Golongan Pasien / Penjamin'), 'TNI AD');
    await user.selectOptions(screen.getByLabelText('Status kunjungan'), 'Batal (BATAL)');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/reports/visits').map(query).at(-1)).toEqual({
        from: '2026-11-01',
        to: '2026-11-30',
        clinicId: '4',
        patientGroup: 'AD01',
        cancelled: 'true',
        page: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toBe(
      '?from=2026-11-01&to=2026-11-30&poli=4&golongan=AD01&batal=true',
    );
  });

  it('shows a range once both ends are typed, and tells what is wrong with one', async () => {
    const fetchMock = logIn(['records'], { 'GET /api/reports/visits': visitReport });
    const { user, router } = renderApp('/kunjungan?poli=3');
    await screen.findByRole('cell', { name: 'RJ00001' });
    const range = screen.getByRole('form', { name: 'Tanggal kunjungan' });
    const show = within(range).getByRole('button', { name: 'Tampilkan' });

    // The browser's date picker sets a whole date at once (user-event cannot type into it in jsdom).
    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: '2026-12-20' } });
    await user.click(show);
    expect(await screen.findByText('Tanggal akhir tidak boleh sebelum tanggal awal.')).toBeInTheDocument();
    expect(screen.getByLabelText('Sampai tanggal')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: '2027-12-20' } });
    await user.click(show);
    expect(await screen.findByText('Rentang tanggal paling lama 1 tahun.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/reports/visits')).toHaveLength(1);
    expect(router.state.location.search).toBe('?poli=3');

    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: '2026-12-31' } });
    await user.click(show);
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/reports/visits').map(query).at(-1)).toEqual({
        from: '2026-12-20',
        to: '2026-12-31',
        clinicId: '3',
        page: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toBe('?poli=3&from=2026-12-20&to=2026-12-31');
  });

  it('explains a range in the address that cannot be shown, and offers no export of it', async () => {
    const fetchMock = logIn(['records'], { 'GET /api/reports/visits': visitReport });
    renderApp('/kunjungan?from=2026-12-10&to=2026-12-01');
    expect(await screen.findByText('Tanggal akhir tidak boleh sebelum tanggal awal.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ekspor CSV' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'GET /api/reports/visits')).toHaveLength(0);
  });

  it('exports every visit of the filter as CSV, and shows why when the export is refused', async () => {
    const csv = '\uFEFFTanggal;No. Registrasi\r\n2026-12-02;RJ00001\r\n';
    const fetchMock = logIn(['records'], {
      'GET /api/reports/visits': visitReport,
      'GET /api/reports/visits/export.csv': (request) =>
        query(request).cancelled === 'true'
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

    const { user } = renderApp('/kunjungan?poli=3');
    await screen.findByRole('cell', { name: 'RJ00001' });
    await user.click(screen.getByRole('button', { name: 'Ekspor CSV' }));
    await waitFor(() => expect(saved).toEqual(['rawat-jalan_2026-12-01_2026-12-10.csv']));
    expect(requestsTo(fetchMock, 'GET /api/reports/visits/export.csv').map(query)).toEqual([
      { from: '2026-12-01', to: '2026-12-10', clinicId: '3' },
    ]);
    const file = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);

    await user.selectOptions(screen.getByLabelText('Status kunjungan'), 'Batal (BATAL)');
    await user.click(screen.getByRole('button', { name: 'Ekspor CSV' }));
    expect(await screen.findByText('Silakan masuk sebagai petugas terlebih dahulu.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('lists the stays admitted in the range, with the room and the length of stay', async () => {
    const report: InpatientReport = {
      items: [
        {
          id: 9,
          date: '2026-12-03',
          registrationNo: 'RI00000009',
          patient: { id: 77, mrn: '000377', name: 'Baso Tang' },
          patientGroup: { code: 'AD01', name: 'TNI AD' },
          room: { code: 'MRP', name: 'Ruang Merpati', class: 'KL1' },
          admittedAt: '2026-12-03T02:30:00.000Z',
          dischargedAt: null,
          lengthOfStay: 7,
        },
      ],
      total: 1,
      perDay: december(10, { 3: 1 }),
    };
    const fetchMock = logIn(['admin'], { 'GET /api/reports/stays': () => report });
    const { user } = renderApp('/kunjungan?tab=rawat-inap&ruang=MRP');
    const table = await screen.findByRole('table', { name: 'Pasien Rawat Inap' });
    await within(table).findByRole('cell', { name: 'RI00000009' });
    expect(rowsOf(table)[1]).toEqual([
      '3 Des 2026 09.30',
      'Masih dirawat',
      '7 hari',
      'RI00000009',
      // The group again under the patient: shown there where the list is narrow.
      'Baso TangNo. RM 000377TNI AD',
      'TNI AD',
      'Ruang Merpati (KL1)',
    ]);
    expect(screen.getByText('1 pasien masuk')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/reports/stays').map(query)).toEqual([
      { from: '2026-12-01', to: '2026-12-10', roomCode: 'MRP', page: '1', pageSize: '20' },
    ]);

    await user.click(screen.getByRole('tab', { name: 'Rawat Jalan' }));
    expect(await screen.findByRole('table', { name: 'Kunjungan Rawat Jalan' })).toBeInTheDocument();
  });

  it('lists the bookings of every channel with their counts per status', async () => {
    const report: BookingReport = {
      items: [
        {
          id: 5,
          date: '2026-12-04',
          bookingCode: 'K7QM-4XPZ',
          queueNumber: 'INT-004',
          patient: { id: 12, mrn: '000112', name: 'Hasnah Daeng Ngai' },
          clinic: { id: 3, code: 'INT', name: 'Poli Penyakit Dalam' },
          doctor: { id: 8, name: 'dr. Andi Makkasau, Sp.PD' },
          source: 'DESK',
          status: 'NO_SHOW',
          payer: 'UMUM',
          createdAt: '2026-12-04T00:15:00.000Z',
        },
      ],
      total: 1,
      perDay: december(10, { 4: 1 }),
      perStatus: [
        { status: 'BOOKED', count: 4 },
        { status: 'CHECKED_IN', count: 0 },
        { status: 'CALLED', count: 0 },
        { status: 'SERVED', count: 2 },
        { status: 'CANCELLED', count: 1 },
        { status: 'NO_SHOW', count: 1 },
      ],
    };
    const fetchMock = logIn(['records'], { 'GET /api/reports/bookings': () => report });
    const { user } = renderApp('/kunjungan?tab=pendaftaran');
    const table = await screen.findByRole('table', { name: 'Pendaftaran Rawat Jalan' });
    await within(table).findByRole('cell', { name: /^K7QM-4XPZ/ });
    expect(rowsOf(table)[1]).toEqual([
      '4 Des 2026',
      // The queue number, the clinic and the payer again under the code, the doctor and the source: shown
      // there where the list is narrow.
      'K7QM-4XPZINT-004',
      'INT-004',
      'Hasnah Daeng NgaiNo. RM 000112',
      'Poli Penyakit Dalam',
      'dr. Andi Makkasau, Sp.PDPoli Penyakit Dalam',
      'LoketUmum',
      'Umum',
      'Tidak hadir',
      '4 Des 2026 07.15',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Menurut status' })).getByText('Terdaftar: 4'),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Saluran'), 'Loket');
    await user.selectOptions(screen.getByLabelText('Penjamin'), 'Umum');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/reports/bookings').map(query).at(-1)).toEqual({
        from: '2026-12-01',
        to: '2026-12-10',
        source: 'DESK',
        payer: 'UMUM',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('is for the records desk and admins only', async () => {
    logIn(['registration'], {});
    renderApp('/kunjungan');
    expect(await screen.findByText('Anda tidak berhak membuka rekap kunjungan.')).toBeInTheDocument();
  });
});
