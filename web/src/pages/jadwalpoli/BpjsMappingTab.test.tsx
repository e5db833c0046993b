import type {
  BpjsMapping,
  BpjsMappingInput,
  BpjsReference,
  BpjsScheduleList,
  JknCredentials,
  JknCredentialsInput,
} from '@portal/contract';
import type { StaffRole } from '@portal/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const mapping: BpjsMapping = {
  configured: true,
  clinics: [
    { id: 2, code: 'ANA', name: 'Poli Anak', active: true, bpjsCode: null, bpjsName: null },
    { id: 3, code: 'GIG', name: 'Poli Gigi', active: true, bpjsCode: 'GGX', bpjsName: 'GIGI LAMA' },
    {
      id: 1,
      code: 'INT',
      name: 'Poli Penyakit Dalam',
      active: true,
      bpjsCode: 'INT',
      bpjsName: 'PENYAKIT DALAM',
    },
  ],
  doctors: [
    {
      id: 5,
      name: 'dr. Andi Wijaya, Sp.PD',
      clinicId: 1,
      active: true,
      bpjsCode: '12345',
      bpjsName: 'dr. Andi Wijaya',
    },
    { id: 7, name: 'dr. Budi Hartono, Sp.PD', clinicId: 1, active: true, bpjsCode: null, bpjsName: null },
    { id: 9, name: 'dr. Citra Lestari, Sp.A', clinicId: 2, active: true, bpjsCode: null, bpjsName: null },
    // Inactive: listed and marked, but not counted as left to map.
    { id: 11, name: 'dr. Dedi Saputra, Sp.A', clinicId: 2, active: false, bpjsCode: null, bpjsName: null },
  ],
};

const reference: BpjsReference = {
  poli: [
    { code: 'ANA', name: 'ANAK', poliCode: 'ANA', poliName: 'ANAK' },
    { code: 'INT', name: 'PENYAKIT DALAM', poliCode: 'INT', poliName: 'PENYAKIT DALAM' },
  ],
  dokter: [
    { code: '12345', name: 'dr. Andi Wijaya' },
    { code: '12377', name: 'dr. Budi Hartono' },
  ],
};

const schedules: BpjsScheduleList = [
  {
    doctorCode: '12345',
    doctorName: 'dr. Andi Wijaya',
    hours: '08:00-12:00',
    capacity: 30,
    holiday: false,
    doctor: { id: 5, name: 'dr. Andi Wijaya, Sp.PD' },
    sessionFound: true,
  },
  {
    doctorCode: '12377',
    doctorName: 'dr. Budi Hartono',
    hours: '13:00-16:00',
    capacity: 20,
    holiday: false,
    doctor: null,
    sessionFound: false,
  },
];

function logIn(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/admin/bpjs/mapping': () => mapping,
    'GET /api/admin/jkn-credentials': () => null,
    ...routes,
  });
}

/** The texts of a table's data rows, in order. */
async function rowsOf(section: HTMLElement) {
  await within(section).findAllByRole('button', { name: /^Petakan / });
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

describe('the BPJS mapping tab', () => {
  it('is offered to admins only', async () => {
    logIn(['registration'], { 'GET /api/admin/clinics': () => [] });
    renderApp('/jadwal-poli?tab=bpjs');
    // The unknown tab for a non-admin falls back to the first one.
    expect(await screen.findByRole('region', { name: 'Daftar Poli' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Hari Libur/Tutup' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Pemetaan BPJS' })).toBeNull();
  });

  it('tells an admin how many clinics and doctors are left to map, listed first and marked', async () => {
    logIn(['admin']);
    renderApp('/jadwal-poli?tab=bpjs');
    expect(await screen.findByText('Belum dipetakan: 1 poli aktif dan 2 dokter aktif.')).toBeInTheDocument();

    const clinicRows = await rowsOf(screen.getByRole('region', { name: 'Pemetaan Poli' }));
    expect(clinicRows[0]).toContain('Poli Anak');
    expect(clinicRows[0]).toContain('Belum dipetakan');
    expect(clinicRows[1]).toContain('GGX');
    expect(clinicRows[1]).not.toContain('Belum dipetakan');

    const doctors = screen.getByRole('region', { name: 'Pemetaan Dokter' });
    const doctorRows = await rowsOf(doctors);
    expect(doctorRows.slice(0, 3).every((row) => row.includes('Belum dipetakan'))).toBe(true);
    expect(doctorRows[3]).toContain('dr. Andi Wijaya, Sp.PD');
    expect(doctorRows[3]).toContain('12345');
    expect(within(doctors).getAllByText('Belum dipetakan')).toHaveLength(3);
  });

  it('maps a clinic by choosing from the list fetched from BPJS, and marks a code BPJS does not know', async () => {
    let current = mapping;
    const fetchMock = logIn(['admin'], {
      'GET /api/admin/bpjs/mapping': () => current,
      'GET /api/admin/bpjs/reference': () => reference,
      'PUT /api/admin/bpjs/mapping/clinics/2': ({ body }) => {
        const input = body as BpjsMappingInput;
        current = {
          ...current,
          clinics: current.clinics.map((clinic) => (clinic.id === 2 ? { ...clinic, ...input } : clinic)),
        };
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/jadwal-poli?tab=bpjs');
    const clinics = await screen.findByRole('region', { name: 'Pemetaan Poli' });
    await rowsOf(clinics);
    // BPJS is asked only when the admin wants its list.
    expect(requestsTo(fetchMock, 'GET /api/admin/bpjs/reference')).toHaveLength(0);
    expect(within(clinics).queryByText('Tidak ada di BPJS')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ambil referensi BPJS' }));
    expect(await screen.findByText('Referensi BPJS: 2 poli dan 2 dokter.')).toBeInTheDocument();
    const gigi = within(clinics).getByRole('cell', { name: 'Poli Gigi' }).closest('tr');
    expect(gigi).toHaveTextContent('Tidak ada di BPJS');
    const internal = within(clinics).getByRole('cell', { name: 'Poli Penyakit Dalam' }).closest('tr');
    expect(internal).not.toHaveTextContent('Tidak ada di BPJS');

    await user.click(within(clinics).getByRole('button', { name: 'Petakan poli Poli Anak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Petakan Poli Anak ke BPJS' });
    await user.selectOptions(within(dialog).getByLabelText('Pilih dari daftar BPJS'), 'ANA — ANAK');
    expect(within(dialog).getByLabelText('Kode BPJS')).toHaveValue('ANA');
    expect(within(dialog).getByLabelText('Nama BPJS')).toHaveValue('ANAK');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Poli "Poli Anak" dipetakan ke kode BPJS ANA.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/bpjs/mapping/clinics/2')[0]?.body).toEqual({
      bpjsCode: 'ANA',
      bpjsName: 'ANAK',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Belum dipetakan: 0 poli aktif dan 2 dokter aktif.')).toBeInTheDocument();
  });

  it('tells a doctor code already taken next to the code, and removes a mapping', async () => {
    const fetchMock = logIn(['admin'], {
      'PUT /api/admin/bpjs/mapping/doctors/7': () =>
        apiError(409, 'DUPLICATE', 'Kode BPJS dokter 12345 sudah dipakai dokter lain.'),
      'PUT /api/admin/bpjs/mapping/doctors/5': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/jadwal-poli?tab=bpjs');
    const doctors = await screen.findByRole('region', { name: 'Pemetaan Dokter' });
    await rowsOf(doctors);

    await user.click(within(doctors).getByRole('button', { name: 'Petakan dokter dr. Budi Hartono, Sp.PD' }));
    let dialog = await screen.findByRole('dialog', { name: 'Petakan dr. Budi Hartono, Sp.PD ke BPJS' });
    expect(within(dialog).queryByRole('button', { name: 'Hapus pemetaan' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Kode BPJS'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Kode BPJS')).toHaveAccessibleDescription(
        expect.stringContaining('Kode BPJS dokter 12345 sudah dipakai dokter lain.'),
      ),
    );
    expect(requestsTo(fetchMock, 'PUT /api/admin/bpjs/mapping/doctors/7')[0]?.body).toEqual({
      bpjsCode: '12345',
      bpjsName: null,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(doctors).getByRole('button', { name: 'Petakan dokter dr. Andi Wijaya, Sp.PD' }));
    dialog = await screen.findByRole('dialog', { name: 'Petakan dr. Andi Wijaya, Sp.PD ke BPJS' });
    expect(within(dialog).getByText(/Ambil referensi BPJS/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hapus pemetaan' }));
    expect(
      await screen.findByText('Pemetaan BPJS dokter "dr. Andi Wijaya, Sp.PD" dihapus.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/bpjs/mapping/doctors/5')[0]?.body).toEqual({
      bpjsCode: null,
      bpjsName: null,
    });
  });

  it('cannot ask BPJS while BPJS is not configured, and says why', async () => {
    const fetchMock = logIn(['admin'], {
      'GET /api/admin/bpjs/mapping': () => ({ ...mapping, configured: false }),
    });
    renderApp('/jadwal-poli?tab=bpjs');
    expect(await screen.findByText(/^Belum dipetakan:/)).toBeInTheDocument();
    const fetch = screen.getByRole('button', { name: 'Ambil referensi BPJS' });
    expect(fetch).toBeDisabled();
    expect(fetch).toHaveAccessibleDescription(expect.stringContaining('BPJS belum dikonfigurasi'));
    expect(screen.getByRole('button', { name: 'Cek jadwal' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'GET /api/admin/bpjs/reference')).toHaveLength(0);
  });

  it('shows the failure BPJS answered when fetching its lists', async () => {
    logIn(['admin'], {
      'GET /api/admin/bpjs/reference': () =>
        apiError(502, 'BPJS_FAILED', 'Referensi BPJS tidak dapat diambil: waktu tunggu habis.'),
    });
    const { user } = renderApp('/jadwal-poli?tab=bpjs');
    const fetch = await screen.findByRole('button', { name: 'Ambil referensi BPJS' });
    await waitFor(() => expect(fetch).toBeEnabled());
    await user.click(fetch);
    expect(
      await screen.findByText('Referensi BPJS tidak dapat diambil: waktu tunggu habis.'),
    ).toBeInTheDocument();
  });

  it('checks BPJS’s doctor schedules of a mapped clinic against the hospital’s sessions', async () => {
    const fetchMock = logIn(['admin'], { 'GET /api/admin/bpjs/schedules': () => schedules });
    const { user } = renderApp('/jadwal-poli?tab=bpjs');
    const section = await screen.findByRole('region', { name: 'Cek Jadwal Dokter BPJS' });
    const clinic = await within(section).findByLabelText('Poli');
    // Only clinics mapped to BPJS can be checked.
    expect(within(clinic).queryByRole('option', { name: /Poli Anak/ })).toBeNull();
    await user.selectOptions(clinic, 'Poli Penyakit Dalam (INT)');
    const date = within(section).getByLabelText('Tanggal');
    await user.clear(date);
    await user.type(date, '2030-01-21');
    await user.click(within(section).getByRole('button', { name: 'Cek jadwal' }));

    const table = await within(section).findByRole('table', {
      name: 'Jadwal dokter BPJS Poli Penyakit Dalam tanggal 21 Jan 2030',
    });
    expect(requestsTo(fetchMock, 'GET /api/admin/bpjs/schedules')[0]?.url).toBe(
      '/api/admin/bpjs/schedules?kodepoli=INT&date=2030-01-21',
    );
    const andi = (await within(table).findByText('dr. Andi Wijaya')).closest('tr');
    expect(andi).toHaveTextContent('dr. Andi Wijaya, Sp.PD');
    expect(andi).toHaveTextContent('Ada');
    const budi = within(table).getByText('dr. Budi Hartono').closest('tr');
    expect(budi).toHaveTextContent('Dokter belum dipetakan');
    expect(budi).toHaveTextContent('Tidak ada');
  });

  it('sets the Mobile JKN credentials and never shows the password again', async () => {
    let credentials: JknCredentials = null;
    const password = 'lumbung-padi-senja-2030';
    const fetchMock = logIn(['admin'], {
      'GET /api/admin/jkn-credentials': () => credentials,
      'PUT /api/admin/jkn-credentials': ({ body }) => {
        credentials = { username: (body as JknCredentialsInput).username, updatedAt: '2030-01-05T06:10:00Z' };
        return credentials;
      },
    });
    const { user } = renderApp('/jadwal-poli?tab=bpjs');
    const card = await screen.findByRole('region', { name: 'Akses Mobile JKN' });
    expect(await within(card).findByText('Belum diatur')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Atur akses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atur Akses Mobile JKN' });
    const passwordField = within(dialog).getByLabelText('Kata sandi');
    expect(passwordField).toHaveAttribute('type', 'password');
    await user.type(within(dialog).getByLabelText('Username'), 'rsau-jkn');
    await user.type(passwordField, 'pendek');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Kata sandi minimal 12 karakter.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/jkn-credentials')).toHaveLength(0);

    await user.clear(passwordField);
    await user.type(passwordField, password);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Akses Mobile JKN untuk rsau-jkn disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/jkn-credentials')[0]?.body).toEqual({
      username: 'rsau-jkn',
      password,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText('rsau-jkn')).toBeInTheDocument();
    expect(within(card).getByText('5 Jan 2030 13.10 WIB')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(password);
    expect(screen.queryByDisplayValue(password)).toBeNull();

    // Opened again, the dialog asks for a new password rather than showing the old one.
    await user.click(within(card).getByRole('button', { name: 'Ganti akses' }));
    const again = await screen.findByRole('dialog', { name: 'Atur Akses Mobile JKN' });
    expect(within(again).getByLabelText('Username')).toHaveValue('rsau-jkn');
    expect(within(again).getByLabelText('Kata sandi')).toHaveValue('');
  });
});
