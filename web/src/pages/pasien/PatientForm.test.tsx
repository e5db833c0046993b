import type { PatientCheckRequest, PatientDetail, PatientDuplicate, ReferenceEntry } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const lists: Record<string, ReferenceEntry[]> = {
  patient_group: [
    { id: 1, kind: 'patient_group', code: 'AD01', name: 'TNI AD', active: true },
    { id: 2, kind: 'patient_group', code: 'UM01', name: 'UMUM', active: true },
  ],
  unit: [{ id: 3, kind: 'unit', code: 'SAT03', name: 'Kodim 1408/Makassar', active: true }],
  rank: [],
  company: [],
};

const hasnah: PatientDetail = {
  id: 302,
  mrn: '000301',
  name: 'Hasnah Daeng Ngai',
  sex: 'P',
  birthDate: '1990-01-01',
  birthPlace: null,
  age: { years: 36, months: 10 },
  nik: '7371014101900001',
  nip: null,
  insuranceNo: null,
  phone: '081244556677',
  address: 'Jl. Gunung Bawakaraeng No. 45',
  addressDomicile: null,
  address3: null,
  address4: null,
  patientGroup: 'TNI AD',
  patientGroupCode: 'AD01',
  unit: null,
  unitCode: null,
  rank: null,
  rankCode: null,
  company: null,
  companyCode: null,
  insuredName: null,
  religion: null,
  maritalStatus: null,
  familyRelation: null,
  husbandName: null,
  wifeName: null,
  ethnicity: null,
  education: null,
  familyContactName: null,
  familyContactPhone: null,
  motherName: null,
  occupation: null,
  provinceCode: null,
  provinceName: null,
  regencyCode: null,
  regencyName: null,
  districtCode: null,
  districtName: null,
  villageCode: null,
  villageName: null,
  rw: null,
  rt: null,
  notes: null,
  registeredOn: '2026-11-21',
  legacyLama: null,
  registeredAt: '2026-11-21T02:00:00Z',
  importIssues: [],
  provisional: false,
};

const twin: PatientDuplicate = {
  id: 88,
  mrn: '000088',
  name: 'HASNAH DAENG NGAI',
  sex: 'P',
  birthDate: '1990-01-01',
  nik: null,
  address: 'Jl. Veteran Selatan No. 3',
  match: 'nameBirthDate',
};

function logIn(routes: Record<string, (request: MockRequest) => unknown>) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(['registration'], 'Agus Salim Daeng Nai'),
    'GET /api/reference-codes': ({ url }) =>
      lists[new URL(url, 'http://localhost').searchParams.get('kind') ?? ''],
    'GET /api/patients/next-mrn': () => ({ mrn: '000301' }),
    'GET /api/patients/302': () => hasnah,
    'GET /api/patients/302/audit': () => [],
    ...routes,
  });
}

const bodiesOf = (requests: MockRequest[]) => requests.map((request) => request.body);

describe('the new-patient form at the counter', () => {
  it('opens from the search, shows the next number and warns of the NIK as it is typed', async () => {
    logIn({ 'GET /api/patients': () => [], 'POST /api/patients/check': () => ({ nik: [], duplicates: [] }) });
    const { user } = renderApp('/pasien');
    await user.click(await screen.findByRole('link', { name: 'Pasien Baru' }));
    const form = await screen.findByRole('region', { name: 'Pendaftaran Pasien Baru' });
    expect(await within(form).findByText('No. RM berikutnya: 000301')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Jenis Kelamin'), 'Laki-laki');
    await user.type(within(form).getByLabelText('Tanggal Lahir'), '1990-01-02');
    await user.type(within(form).getByLabelText('NIK (KTP)'), '7371 0141 0190 0001');
    const findings = within(form).getByRole('list', { name: 'Hasil pemeriksaan NIK' });
    expect(findings).toHaveTextContent(
      'Tanggal lahir menurut NIK 01-01-90, berbeda dengan tanggal lahir yang diisi.',
    );
    expect(findings).toHaveTextContent('Menurut NIK pasien perempuan');
    await user.selectOptions(within(form).getByLabelText('Jenis Kelamin'), 'Perempuan');
    await user.clear(within(form).getByLabelText('Tanggal Lahir'));
    await user.type(within(form).getByLabelText('Tanggal Lahir'), '1990-01-01');
    expect(within(form).queryByRole('list', { name: 'Hasil pemeriksaan NIK' })).not.toBeInTheDocument();
  });

  it('shows a possible duplicate with a link, and registers after the confirmation', async () => {
    const fetchMock = logIn({
      'POST /api/patients/check': ({ body }) => ({
        nik: [],
        duplicates: (body as PatientCheckRequest).name ? [twin] : [],
      }),
      'POST /api/patients': ({ body }) =>
        (body as { confirmDuplicate?: boolean }).confirmDuplicate
          ? new Response(JSON.stringify(hasnah), {
              status: 201,
              headers: { 'Content-Type': 'application/json' },
            })
          : apiError(
              409,
              'POSSIBLE_DUPLICATE',
              'Sudah ada pasien dengan nama yang sama atau mirip dan tanggal lahir yang sama.',
            ),
    });
    const { user, router } = renderApp('/pasien/baru');
    const form = await screen.findByRole('region', { name: 'Pendaftaran Pasien Baru' });
    // Long texts are pasted: typing them key by key only makes the test slow.
    const fill = async (label: string, text: string) => {
      await user.click(within(form).getByLabelText(label));
      await user.paste(text);
    };
    await fill('Nama Lengkap', 'Hasnah Daeng Ngai');
    await user.selectOptions(within(form).getByLabelText('Jenis Kelamin'), 'Perempuan');
    await fill('Tanggal Lahir', '1990-01-01');
    await fill('NIK (KTP)', '7371014101900001');
    await user.selectOptions(await within(form).findByLabelText('Golongan Pasien'), 'AD01 — TNI AD');
    await fill('Alamat 1 (sesuai KTP)', 'Jl. Gunung Bawakaraeng No. 45');
    await fill('No. HP', '081244556677');
    await fill('Nama Ibu Kandung', 'Sitti Aminah');
    // A common occupation is offered, any other typed.
    const occupation = within(form).getByLabelText('Pekerjaan');
    expect(occupation.getAttribute('list')).toBeTruthy();
    const offered = [...(document.getElementById(occupation.getAttribute('list') ?? '')?.children ?? [])];
    expect(offered.map((option) => option.getAttribute('value'))).toContain('Petani/Pekebun');
    await fill('Pekerjaan', 'Petani/Pekebun');
    // The address in names, as the patient says it: no BPJS region code is asked.
    await fill('Provinsi', 'Sulawesi Selatan');
    await fill('Kabupaten/Kota', 'Kota Makassar');
    await fill('Kecamatan', 'Rappocini');
    await fill('Kelurahan/Desa', 'Gunung Sari');
    await fill('RT', '002');
    await fill('RW', '005');

    const duplicates = await within(form).findByRole('region', { name: 'Mungkin sudah terdaftar' });
    expect(duplicates).toHaveTextContent('Ada pasien dengan nama yang sama atau mirip');
    expect(within(duplicates).getByRole('link', { name: 'HASNAH DAENG NGAI' })).toHaveAttribute(
      'href',
      '/pasien/88',
    );
    expect(duplicates).toHaveTextContent('No. RM 000088 · lahir 1 Jan 1990 · Jl. Veteran Selatan No. 3');
    await waitFor(() =>
      expect(bodiesOf(requestsTo(fetchMock, 'POST /api/patients/check')).at(-1)).toEqual({
        name: 'Hasnah Daeng Ngai',
        birthDate: '1990-01-01',
        nik: '7371014101900001',
      }),
    );

    await user.click(within(form).getByRole('button', { name: 'Daftarkan Pasien' }));
    expect(
      await within(form).findByText(
        'Sudah ada pasien dengan nama yang sama atau mirip dan tanggal lahir yang sama.',
      ),
    ).toBeInTheDocument();
    await user.click(within(duplicates).getByLabelText('Sudah saya periksa: ini pasien yang berbeda.'));
    await user.click(within(form).getByRole('button', { name: 'Daftarkan Pasien' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pasien/302'));
    const [, sent] = bodiesOf(requestsTo(fetchMock, 'POST /api/patients'));
    expect(sent).toMatchObject({
      name: 'Hasnah Daeng Ngai',
      sex: 'P',
      birthDate: '1990-01-01',
      nik: '7371014101900001',
      patientGroupCode: 'AD01',
      unitCode: null,
      address: 'Jl. Gunung Bawakaraeng No. 45',
      phone: '081244556677',
      notes: null,
      motherName: 'Sitti Aminah',
      occupation: 'Petani/Pekebun',
      provinceName: 'Sulawesi Selatan',
      regencyName: 'Kota Makassar',
      districtName: 'Rappocini',
      villageName: 'Gunung Sari',
      rt: '002',
      rw: '005',
      confirmDuplicate: true,
    });
    expect(
      await screen.findByRole('region', { name: 'Identitas Pasien: Hasnah Daeng Ngai' }),
    ).toBeInTheDocument();
  });

  it('refuses a NIK that cannot exist and a NIK of another patient, with a link to them', async () => {
    const fetchMock = logIn({
      'POST /api/patients/check': ({ body }) => ({
        nik: [],
        duplicates:
          (body as PatientCheckRequest).nik === '7371014101900001'
            ? [{ ...twin, nik: '7371014101900001', match: 'nik' }]
            : [],
      }),
    });
    const { user } = renderApp('/pasien/baru');
    const form = await screen.findByRole('region', { name: 'Pendaftaran Pasien Baru' });
    const nik = within(form).getByLabelText('NIK (KTP)');
    await user.type(nik, '9971014101900001');
    expect(within(form).getByRole('list', { name: 'Hasil pemeriksaan NIK' })).toHaveTextContent(
      'Kode provinsi 99 pada NIK (2 angka pertama) tidak dikenal.',
    );
    await user.click(within(form).getByRole('button', { name: 'Daftarkan Pasien' }));
    expect(await within(form).findByText('Nama wajib diisi.')).toBeInTheDocument();
    expect(nik).toHaveAccessibleDescription(expect.stringContaining('Kode provinsi 99 pada NIK'));
    expect(within(form).getByText('Jenis kelamin wajib dipilih.')).toBeInTheDocument();
    expect(within(form).getByText('Tanggal lahir wajib diisi.')).toBeInTheDocument();
    // Asked of every new patient.
    expect(within(form).getByText('Nama ibu kandung wajib diisi.')).toBeInTheDocument();

    await user.clear(nik);
    await user.type(nik, '7371014101900001');
    const duplicates = await within(form).findByRole('region', { name: 'Mungkin sudah terdaftar' });
    expect(duplicates).toHaveTextContent('NIK ini sudah dipakai pasien lain.');
    expect(within(duplicates).getByRole('link', { name: 'HASNAH DAENG NGAI' })).toHaveAttribute(
      'href',
      '/pasien/88',
    );
    expect(within(duplicates).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Daftarkan Pasien' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'POST /api/patients')).toHaveLength(0);
  });
});

describe("changing a patient's record", () => {
  it("keeps a code no list has, and sends the changed record back to the patient's page", async () => {
    const legacy = { ...hasnah, patientGroupCode: 'XX9', patientGroup: 'Golongan Lama' };
    const fetchMock = logIn({
      'GET /api/patients/302': () => legacy,
      'POST /api/patients/check': () => ({ nik: [], duplicates: [] }),
      'PUT /api/patients/302': ({ body }) => ({ ...legacy, ...(body as object) }),
    });
    const { user, router } = renderApp('/pasien/302');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Hasnah Daeng Ngai' });
    await user.click(within(identity).getByRole('link', { name: 'Ubah Data' }));

    const form = await screen.findByRole('region', { name: 'Ubah Data Pasien: Hasnah Daeng Ngai' });
    expect(within(form).getByText('No. RM 000301')).toBeInTheDocument();
    const group = await within(form).findByLabelText('Golongan Pasien');
    expect(group).toHaveDisplayValue('XX9 Golongan Lama (tidak ada di daftar)');
    const phone = within(form).getByLabelText('No. HP');
    expect(phone).toHaveValue('081244556677');
    await user.clear(phone);
    await user.type(phone, '0411-852000');
    await user.click(within(form).getByRole('button', { name: 'Simpan Perubahan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pasien/302'));
    expect(requestsTo(fetchMock, 'PUT /api/patients/302')[0]?.body).toMatchObject({
      phone: '0411-852000',
      patientGroupCode: 'XX9',
      nik: '7371014101900001',
      // An imported record without the mother's name saves as it is.
      motherName: null,
      confirmDuplicate: false,
    });
    // Its own name and birth date are no duplicate: only the NIK was checked.
    const checks = bodiesOf(requestsTo(fetchMock, 'POST /api/patients/check'));
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(check).toEqual({ nik: '7371014101900001', patientId: 302 });
  });

  it('shows the record as the SIMRS holds it when the SIMRS changed it first, and why nothing was saved', async () => {
    const changedInSimrs = { ...hasnah, phone: '081300000999', address: 'Jl. Rajawali No. 7' };
    const message =
      'Data pasien ini baru saja diubah di SIMRS, jadi perubahan Anda tidak disimpan. Data terbaru dari SIMRS ' +
      'sudah dimuat: periksa, lalu ubah lagi bila masih perlu.';
    logIn({
      'POST /api/patients/check': () => ({ nik: [], duplicates: [] }),
      'PUT /api/patients/302': () =>
        json({ error: { code: 'SIMRS_CONFLICT', message, current: changedInSimrs } }, 409),
    });
    const { user, router } = renderApp('/pasien/302/ubah');
    const form = await screen.findByRole('region', { name: 'Ubah Data Pasien: Hasnah Daeng Ngai' });
    const phone = within(form).getByLabelText('No. HP');
    await user.clear(phone);
    await user.type(phone, '0411-852000');
    await user.click(within(form).getByRole('button', { name: 'Simpan Perubahan' }));

    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(phone).toHaveValue('081300000999');
    expect(within(form).getByLabelText('Alamat 1 (sesuai KTP)')).toHaveValue('Jl. Rajawali No. 7');
    expect(router.state.location.pathname).toBe('/pasien/302/ubah');
  });
});
