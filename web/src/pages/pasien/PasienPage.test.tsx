import type {
  InpatientVisit,
  OutpatientVisit,
  PatientAuditEntry,
  PatientDetail,
  PatientMergePlan,
  PatientRegistration,
  PatientSearchRow,
  PatientVisit,
  VisitDetail,
} from '@portal/contract';
import type { StaffRole } from '@portal/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hospitalDate } from '../../i18n/format';
import { bedsWith, sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { yearBefore } from './VisitHistory';

const joko: PatientSearchRow = {
  id: 41,
  mrn: '000214',
  name: 'Serka Joko Susilo',
  sex: 'L',
  birthDate: '1985-06-15',
  nik: '7371051506850003',
  nip: '31850442',
  phone: '081299887766',
  insuranceNo: '0001234567890',
  address: 'Jl. Urip Sumoharjo No. 12, Makassar',
  patientGroup: 'TNI AD',
};

const jokoDetail: PatientDetail = {
  ...joko,
  birthPlace: 'Gowa',
  age: { years: 40, months: 5 },
  addressDomicile: 'Asrama Kodam XIV/Hasanuddin Blok C No. 3, Makassar',
  address3: 'Kel. Karuwisi, Kec. Panakkukang',
  address4: null,
  patientGroupCode: 'AD01',
  unit: 'Kodam XIV/Hasanuddin',
  unitCode: 'SAT01',
  rank: 'Sersan Kepala',
  rankCode: null,
  company: null,
  companyCode: null,
  insuredName: 'Serka Joko Susilo',
  religion: 'Islam',
  maritalStatus: 'Kawin',
  familyRelation: 'Peserta',
  husbandName: null,
  wifeName: 'Nur Aisyah',
  ethnicity: 'Bugis',
  education: 'SMA',
  familyContactName: 'Nur Aisyah',
  familyContactPhone: '085255667788',
  motherName: 'Hj. Sitti Rahmah',
  occupation: 'TNI',
  // Province and regency as Mobile JKN sends them (with BPJS's codes); the rest typed at the counter.
  provinceCode: '73',
  provinceName: 'SULAWESI SELATAN',
  regencyCode: '7371',
  regencyName: 'KOTA MAKASSAR',
  districtCode: null,
  districtName: 'Panakkukang',
  villageCode: null,
  villageName: 'Karuwisi',
  rw: '004',
  rt: '002',
  notes: 'Alergi amoksisilin',
  registeredOn: '2009-03-02',
  legacyLama: 'L',
  registeredAt: '2019-03-04T02:15:00Z',
  importIssues: [],
  provisional: false,
};

const clinic = { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' };
const control: OutpatientVisit = {
  kind: 'outpatient',
  registrationNo: 'RJ00021402',
  date: '2026-10-20',
  clinic,
  doctor: { id: 5, name: 'dr. Hasnawati Syamsuddin, Sp.PD' },
  diagnoses: ['Hipertensi esensial (I10)', 'Diabetes melitus tipe 2 (E11)'],
  cancelled: false,
  vaccination: 0,
  notes: 'Kontrol ulang',
};
const cancelled: OutpatientVisit = {
  ...control,
  registrationNo: 'RJ00021401',
  date: '2026-09-01',
  diagnoses: [],
  cancelled: true,
  notes: 'Pasien tidak hadir',
};
const stay: InpatientVisit = {
  kind: 'inpatient',
  registrationNo: 'RI00021401',
  date: '2026-08-10',
  admittedAt: '2026-08-10T03:30:00Z',
  dischargedAt: '2026-08-14T04:00:00Z',
  room: { code: 'MRP', name: 'Ruang Merpati (Kelas I)', class: 'KL1' },
  bed: 4,
  dpjp: { id: 7, name: 'dr. Hasanuddin, Sp.PD' },
  dischargeReason: 'referred',
  dischargeNote: 'RSUP Dr. Wahidin Sudirohusodo',
};
const recent: PatientVisit[] = [control, cancelled, stay];

const mobileBooking: PatientRegistration = {
  bookingCode: 'K7QX-M2PA',
  date: '2026-11-24',
  clinic,
  doctor: { id: 5, name: 'dr. Hasnawati Syamsuddin, Sp.PD' },
  queueNumber: 'INT-007',
  status: 'BOOKED',
  payer: 'JKN',
  source: 'MJKN',
  sep: { number: '0301R0011126V000007', date: '2026-11-24' },
  createdAt: '2026-11-20T01:15:00Z',
};
const webBooking: PatientRegistration = {
  ...mobileBooking,
  bookingCode: 'TR4W-9HCE',
  date: '2026-10-20',
  clinic: { id: 2, code: 'ANA', name: 'Poli Anak' },
  doctor: { id: 6, name: 'dr. Andi Makkasau, Sp.A' },
  queueNumber: 'ANA-012',
  status: 'CANCELLED',
  payer: 'UMUM',
  source: 'WEB',
  sep: null,
  createdAt: '2026-10-18T07:40:00Z',
};

function logIn(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/clinics': () => [clinic, { id: 2, code: 'ANA', name: 'Poli Anak' }],
    'GET /api/beds': () => bedsWith(),
    ...routes,
  });
}

/** The search answers as the server does: rows, with the limit and the cut in headers. */
function searchAnswer(rows: PatientSearchRow[], truncated = false) {
  return new Response(JSON.stringify(rows), {
    headers: {
      'Content-Type': 'application/json',
      'x-result-limit': '200',
      'x-result-truncated': String(truncated),
    },
  });
}

const query = (request: MockRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '', 'http://localhost').searchParams);

function patientRoutes(extra: Record<string, (request: MockRequest) => unknown> = {}) {
  return {
    'GET /api/patients/41': () => jokoDetail,
    'GET /api/patients/41/visits': () => recent,
    'GET /api/patients/41/outpatient-visits': () => [control],
    'GET /api/patients/41/inpatient-visits': () => [stay],
    'GET /api/patients/41/registrations': () => ({ items: [mobileBooking, webBooking], total: 2 }),
    'GET /api/patients/41/audit': () => [],
    ...extra,
  };
}

describe('the patient search', () => {
  it('is closed to staff without the records role', async () => {
    logIn(['ward']);
    renderApp('/pasien');
    expect(await screen.findByText('Anda tidak berhak membuka data rekam medis pasien.')).toBeInTheDocument();
  });

  it('searches by the chosen field, shows the rows, and says when only the first 200 are shown', async () => {
    const fetchMock = logIn(['records'], {
      'GET /api/patients': ({ url }) =>
        url.includes('nik=') ? searchAnswer([joko]) : searchAnswer([joko], true),
    });
    const { user, router } = renderApp('/pasien');
    const form = await screen.findByRole('search');

    await user.type(within(form).getByLabelText('Kata kunci'), 'an');
    await user.click(within(form).getByRole('button', { name: 'Cari' }));
    expect(await within(form).findByText('Ketik minimal 3 huruf nama.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Kata kunci')).toHaveAccessibleDescription(
      expect.stringContaining('Ketik minimal 3 huruf nama.'),
    );
    expect(requestsTo(fetchMock, 'GET /api/patients')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Kata kunci'), 'di');
    await user.click(within(form).getByRole('button', { name: 'Cari' }));
    expect(await screen.findByText('Menampilkan 200 teratas, persempit pencarian.')).toBeInTheDocument();
    expect(query(requestsTo(fetchMock, 'GET /api/patients')[0])).toEqual({ name: 'andi' });

    await user.selectOptions(within(form).getByLabelText('Cari berdasarkan'), 'NIK/KTP');
    expect(within(form).getByLabelText('Kata kunci')).toHaveValue('andi');
    await user.clear(within(form).getByLabelText('Kata kunci'));
    await user.type(within(form).getByLabelText('Kata kunci'), '1506 85');
    await user.click(within(form).getByRole('button', { name: 'Cari' }));
    expect(await screen.findByText('1 pasien ditemukan')).toBeInTheDocument();
    expect(screen.queryByText('Menampilkan 200 teratas, persempit pencarian.')).not.toBeInTheDocument();
    expect(query(requestsTo(fetchMock, 'GET /api/patients').at(-1))).toEqual({ nik: '1506 85' });
    expect(router.state.location.search).toBe('?by=nik&q=1506+85');

    const table = screen.getByRole('table', { name: 'Hasil pencarian NIK/KTP "1506 85"' });
    const row = within(table).getByRole('link', { name: 'Serka Joko Susilo' }).closest('tr');
    expect(row).toHaveTextContent('000214');
    expect(row).toHaveTextContent('15 Jun 1985');
    expect(row).toHaveTextContent('7371051506850003');
    expect(row).toHaveTextContent('0001234567890 / 31850442');
  });

  it('searches by exact birth date with a date field', async () => {
    const fetchMock = logIn(['admin'], { 'GET /api/patients': () => searchAnswer([]) });
    const { user } = renderApp('/pasien');
    const form = await screen.findByRole('search');
    await user.selectOptions(within(form).getByLabelText('Cari berdasarkan'), 'Tanggal Lahir');
    const date = within(form).getByLabelText('Kata kunci');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveValue('');
    await user.type(date, '1985-06-15');
    await user.click(within(form).getByRole('button', { name: 'Cari' }));
    expect(await screen.findByText('Tidak ada pasien yang cocok.')).toBeInTheDocument();
    expect(query(requestsTo(fetchMock, 'GET /api/patients')[0])).toEqual({ birthDate: '1985-06-15' });
  });

  it('searches by medical record number, which may be typed without its leading zeros', async () => {
    const fetchMock = logIn(['records'], { 'GET /api/patients': () => searchAnswer([joko]) });
    const { user, router } = renderApp('/pasien');
    const form = await screen.findByRole('search');
    await user.selectOptions(within(form).getByLabelText('Cari berdasarkan'), 'No. RM');
    const term = within(form).getByLabelText('Kata kunci');
    expect(term).toHaveAccessibleDescription('No. RM harus sama persis; nol di depan boleh tidak diketik.');

    await user.click(within(form).getByRole('button', { name: 'Cari' }));
    expect(await within(form).findByText('No. rekam medis wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/patients')).toHaveLength(0);

    await user.type(term, '214');
    await user.click(within(form).getByRole('button', { name: 'Cari' }));
    expect(await screen.findByText('1 pasien ditemukan')).toBeInTheDocument();
    expect(query(requestsTo(fetchMock, 'GET /api/patients')[0])).toEqual({ mrn: '214' });
    expect(router.state.location.search).toBe('?by=mrn&q=214');
    const table = screen.getByRole('table', { name: 'Hasil pencarian No. RM "214"' });
    expect(within(table).getByRole('link', { name: 'Serka Joko Susilo' }).closest('tr')).toHaveTextContent(
      '000214',
    );
  });

  it('runs the search in the URL again, so that back from a patient finds the results', async () => {
    logIn(['records'], { 'GET /api/patients': () => searchAnswer([joko]), ...patientRoutes() });
    const { user, router } = renderApp('/pasien?by=phone&q=99887766');
    expect(await screen.findByLabelText('Kata kunci')).toHaveValue('99887766');
    await user.click(await screen.findByRole('link', { name: 'Serka Joko Susilo' }));
    expect(
      await screen.findByRole('heading', { name: 'Identitas Pasien: Serka Joko Susilo' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pasien/41');
    await user.click(screen.getByRole('button', { name: 'Kembali ke pencarian' }));
    expect(await screen.findByRole('link', { name: 'Serka Joko Susilo' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?by=phone&q=99887766');
  });

  it('opens a visit by its registration number, or says it is unknown next to the field', async () => {
    const detail: VisitDetail = {
      ...control,
      patient: { id: 41, mrn: '000214', name: 'Serka Joko Susilo', sex: 'L', birthDate: '1985-06-15' },
      recordedAt: '2026-10-20T01:05:00Z',
      visitTime: '08:45:00',
      dischargeDate: '2026-10-20',
      reportDate: '2026-10-21',
      procedures: [
        { code: '89.52', name: 'Elektrokardiogram' },
        { code: '99.18', name: null },
      ],
      paymentStatus: 'LUNAS',
      locked: true,
      clerkCode: 'U07',
      clerkName: 'Andi Nurhayati',
      printedBy: 'KASIR2',
      letterNo: '0123/SK/X/2026',
      items: [
        {
          code: 'K001',
          name: 'Konsultasi dokter spesialis',
          quantity: '1.00',
          price: 150000,
          amount: 150000,
        },
        { code: null, name: 'Infus RL', quantity: '2.50', price: 20000, amount: 50000 },
      ],
    };
    logIn(['records'], {
      'GET /api/visits/RJ-SALAH': () =>
        apiError(404, 'NOT_FOUND', 'Kunjungan dengan nomor registrasi RJ-SALAH tidak ditemukan.'),
      'GET /api/visits/rj00021402': () => detail,
      'GET /api/visits/RJ00021402': () => detail,
      ...patientRoutes(),
    });
    const { user, router } = renderApp('/pasien');
    const section = await screen.findByRole('region', { name: 'Buka Kunjungan' });
    const input = within(section).getByLabelText('No. Registrasi');
    await user.type(input, 'RJ-SALAH');
    await user.click(within(section).getByRole('button', { name: 'Buka' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'Kunjungan dengan nomor registrasi RJ-SALAH tidak ditemukan.',
      ),
    );

    await user.clear(input);
    await user.type(input, 'rj00021402');
    await user.click(within(section).getByRole('button', { name: 'Buka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kunjungan RJ00021402' });
    expect(router.state.location.pathname).toBe('/pasien/41');
    expect(
      await within(dialog).findByText('Hipertensi esensial (I10); Diabetes melitus tipe 2 (E11)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Serka Joko Susilo (000214)')).toBeInTheDocument();
    expect(within(dialog).getByText('dr. Hasnawati Syamsuddin, Sp.PD')).toBeInTheDocument();
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('Jam')).toBe('08.45');
    expect(value('Tanggal Keluar')).toBe('20 Okt 2026');
    expect(value('Tanggal Lapor')).toBe('21 Okt 2026');
    expect(value('Tindakan (ICD-9-CM)')).toBe('Elektrokardiogram (89.52); 99.18');
    expect(value('Status Bayar')).toBe('LUNAS');
    expect(value('Terkunci')).toBe('Ya');
    expect(value('Petugas')).toBe('U07 · Andi Nurhayati');
    expect(value('Dicetak oleh')).toBe('KASIR2');
    expect(value('No. Surat')).toBe('0123/SK/X/2026');

    const bill = within(dialog).getByRole('table', { name: 'Rincian' });
    const rows = within(bill).getAllByRole('row');
    // Intl puts a no-break space between "Rp" and the amount.
    const text = (row: HTMLElement | undefined) => row?.textContent?.replace(/\u00a0/g, ' ');
    expect(text(rows[1])).toBe('K001Konsultasi dokter spesialis1Rp 150.000Rp 150.000');
    expect(text(rows[2])).toBe('—Infus RL2,5Rp 20.000Rp 50.000');
    expect(text(rows.at(-1))).toBe('TotalRp 200.000');
  });
});

describe('the patient page', () => {
  it('shows every legacy field of the patient in Bahasa Indonesia', async () => {
    logIn(['records'], patientRoutes());
    renderApp('/pasien/41');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    const value = (label: string) => within(identity).getByText(label).nextElementSibling?.textContent;
    expect(value('No. RM')).toBe('000214');
    expect(value('Tempat, Tgl. Lahir')).toBe('Gowa, 15 Jun 1985');
    expect(value('Umur')).toBe('40 tahun 5 bulan');
    expect(value('Jenis Kelamin')).toBe('Laki-laki');
    expect(value('NIP/NRP')).toBe('31850442');
    expect(value('Alamat Domisili')).toBe('Asrama Kodam XIV/Hasanuddin Blok C No. 3, Makassar');
    expect(value('Alamat 3')).toBe('Kel. Karuwisi, Kec. Panakkukang');
    expect(value('Alamat 4')).toBe('—');
    // Code and text together where both are known, the one alone otherwise.
    expect(value('Golongan Pasien')).toBe('AD01 · TNI AD');
    expect(value('Kesatuan')).toBe('SAT01 · Kodam XIV/Hasanuddin');
    expect(value('Pangkat')).toBe('Sersan Kepala');
    expect(value('Perusahaan')).toBe('—');
    expect(value('Atas Nama Asuransi')).toBe('Serka Joko Susilo');
    expect(value('Hubungan Keluarga')).toBe('Peserta');
    expect(value('Nama Suami')).toBe('—');
    expect(value('Nama Istri')).toBe('Nur Aisyah');
    expect(value('Tanggal Daftar')).toBe('2 Mar 2009');
    expect(value('Lama')).toBe('L');
    expect(value('Suku')).toBe('Bugis');
    expect(value('Pendidikan')).toBe('SMA');
    expect(value('Kontak Keluarga')).toBe('Nur Aisyah, 085255667788');
    expect(value('Catatan')).toBe('Alergi amoksisilin');
    expect(value('Nama Ibu Kandung')).toBe('Hj. Sitti Rahmah');
    expect(value('Pekerjaan')).toBe('TNI');
    expect(value('Provinsi')).toBe('73 · SULAWESI SELATAN');
    expect(value('Kabupaten/Kota')).toBe('7371 · KOTA MAKASSAR');
    expect(value('Kecamatan')).toBe('Panakkukang');
    expect(value('Kelurahan/Desa')).toBe('Karuwisi');
    expect(value('RT/RW')).toBe('002/004');
  });

  it('asks to complete what the old portal left unreadable, with the way to change the record', async () => {
    const undated: PatientDetail = {
      ...jokoDetail,
      birthDate: null,
      age: null,
      importIssues: [{ column: 'tglahir', reason: 'tanggal lahir tidak dikenali', value: '31/02/1970' }],
    };
    logIn(['records'], patientRoutes({ 'GET /api/patients/41': () => undated }));
    const { user, router } = renderApp('/pasien/41');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    const value = (label: string) => within(identity).getByText(label).nextElementSibling?.textContent;
    expect(value('Tempat, Tgl. Lahir')).toBe('Gowa, belum diisi');
    expect(value('Umur')).toBe('—');
    const notice = within(identity).getByRole('region', { name: 'Data dari portal lama perlu dilengkapi' });
    expect(within(notice).getByRole('listitem')).toHaveTextContent(
      'tanggal lahir tidak dikenali ("31/02/1970")',
    );
    // The card is printed with the field left to be filled in by hand.
    await user.click(within(identity).getByRole('button', { name: 'Kartu Pasien' }));
    expect(await screen.findByRole('article', { name: 'Kartu Pasien' })).toHaveTextContent(
      'Tgl. Lahirbelum diisi',
    );
    await user.click(
      within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Tutup' })[0] as HTMLElement,
    );
    await user.click(within(notice).getByRole('link', { name: 'Ubah Data' }));
    expect(router.state.location.pathname).toBe('/pasien/41/ubah');
  });

  it('says that a new patient from an online booking is not yet checked against the KTP', async () => {
    logIn(
      ['records'],
      patientRoutes({ 'GET /api/patients/41': () => ({ ...jokoDetail, provisional: true }) }),
    );
    renderApp('/pasien/41');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    expect(identity).toHaveTextContent('belum dicocokkan dengan KTP di loket');
  });

  it('shows no such notice for a complete record', async () => {
    logIn(['records'], patientRoutes());
    renderApp('/pasien/41');
    await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    expect(
      screen.queryByRole('region', { name: 'Data dari portal lama perlu dilengkapi' }),
    ).not.toBeInTheDocument();
  });

  it('says so for a patient that does not exist', async () => {
    logIn(['records'], {
      'GET /api/patients/99': () => apiError(404, 'NOT_FOUND', 'Pasien tidak ditemukan.'),
    });
    renderApp('/pasien/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pasien tidak ditemukan.');
  });

  it('lists the last visits, newest first, and opens a stay in a dialog', async () => {
    logIn(['records'], {
      ...patientRoutes(),
      'GET /api/visits/RI00021401': () => ({
        ...stay,
        patient: { id: 41, mrn: '000214', name: 'Serka Joko Susilo', sex: 'L', birthDate: '1985-06-15' },
        lengthOfStay: 4,
        items: [],
      }),
    });
    const { user, router } = renderApp('/pasien/41');
    const section = await screen.findByRole('region', { name: 'Kunjungan Terakhir' });
    const table = within(section).getByRole('table');
    await within(table).findByText('RJ00021402');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(
      '20 Okt 2026RJ00021402Rawat JalanPoli Penyakit Dalamdr. Hasnawati Syamsuddin, Sp.PD',
    );
    expect(rows[0]).toHaveTextContent('Hipertensi esensial (I10); Diabetes melitus tipe 2 (E11)Selesai');
    expect(rows[1]).toHaveTextContent('1 Sep 2026RJ00021401Rawat Jalan');
    expect(rows[1]).toHaveTextContent('Batal');
    expect(rows[2]).toHaveTextContent('10 Agu 2026RI00021401Rawat InapRuang Merpati (Kelas I)');
    expect(rows[2]).toHaveTextContent('Pulang');

    await user.click(within(table).getByRole('button', { name: 'RI00021401' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kunjungan RI00021401' });
    expect(await within(dialog).findByText('4 hari')).toBeInTheDocument();
    expect(within(dialog).getByText('Ruang Merpati (Kelas I) (KL1)')).toBeInTheDocument();
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(fact('DPJP')).toBe('dr. Hasanuddin, Sp.PD');
    expect(fact('TT')).toBe('4');
    expect(fact('Cara Pulang')).toBe('Dirujuk — RSUP Dr. Wahidin Sudirohusodo');
    expect(within(dialog).getByRole('region', { name: 'Rincian' })).toHaveTextContent('Tidak ada rincian.');
    expect(router.state.location.search).toBe('?kunjungan=RI00021401');
    await user.click(within(dialog).getAllByRole('button', { name: 'Tutup' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    // Closing stepped back in the history rather than adding an entry: one click leaves the record.
    await user.click(screen.getByRole('button', { name: 'Kembali ke pencarian' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pasien'));
  });

  it('filters the outpatient history by date range, clinic and vaccination, and refuses a backwards range', async () => {
    const fetchMock = logIn(['records'], patientRoutes());
    const { user } = renderApp('/pasien/41');
    const history = await screen.findByRole('region', { name: 'Riwayat Kunjungan' });
    expect(await within(history).findByText('1 kunjungan')).toBeInTheDocument();
    const today = hospitalDate(new Date());
    expect(query(requestsTo(fetchMock, 'GET /api/patients/41/outpatient-visits')[0])).toEqual({
      from: yearBefore(today),
      to: today,
    });

    const from = within(history).getByLabelText('Dari tanggal');
    const to = within(history).getByLabelText('Sampai tanggal');
    await user.clear(from);
    await user.type(from, '2026-05-01');
    await user.clear(to);
    await user.type(to, '2026-04-30');
    await user.click(within(history).getByRole('button', { name: 'Tampilkan' }));
    expect(
      await within(history).findByText('Tanggal akhir tidak boleh sebelum tanggal awal.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/patients/41/outpatient-visits')).toHaveLength(1);

    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.selectOptions(within(history).getByLabelText('Poli'), 'Poli Penyakit Dalam');
    await user.selectOptions(within(history).getByLabelText('Vaksinasi'), 'Dengan vaksinasi (1)');
    await user.click(within(history).getByLabelText('Termasuk kunjungan batal'));
    await user.click(within(history).getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() =>
      expect(query(requestsTo(fetchMock, 'GET /api/patients/41/outpatient-visits').at(-1))).toEqual({
        from: '2026-05-01',
        to: '2026-10-31',
        clinicId: '1',
        vaccination: '1',
        includeCancelled: 'true',
      }),
    );
  });

  it("lists the patient's bookings from every channel, in Bahasa Indonesia", async () => {
    const fetchMock = logIn(['records'], patientRoutes());
    renderApp('/pasien/41');
    const section = await screen.findByRole('region', { name: 'Riwayat Pendaftaran' });
    const table = within(section).getByRole('table', { name: 'Riwayat Pendaftaran' });
    await within(table).findByText('K7QX-M2PA');
    expect(within(section).getByText('2 pendaftaran')).toBeInTheDocument();
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent(
      'TanggalKode BookingNo. AntreanPoliDokterStatusPenjaminNo. SEPKanalDidaftarkan',
    );
    expect(rows).toHaveLength(2);
    // The queue number and the clinic again under the code and the doctor: shown there where the table is narrow.
    expect(rows[0]).toHaveTextContent(
      '24 Nov 2026K7QX-M2PAINT-007INT-007Poli Penyakit Dalamdr. Hasnawati Syamsuddin, Sp.PDPoli Penyakit DalamTerdaftarJKN0301R0011126V000007Mobile JKN',
    );
    expect(rows[1]).toHaveTextContent(
      '20 Okt 2026TR4W-9HCEANA-012ANA-012Poli Anakdr. Andi Makkasau, Sp.APoli AnakDibatalkanUmum—Website',
    );
    expect(query(requestsTo(fetchMock, 'GET /api/patients/41/registrations')[0])).toEqual({
      page: '1',
      pageSize: '20',
    });
  });

  it('says when the patient has no bookings', async () => {
    logIn(['records'], {
      ...patientRoutes(),
      'GET /api/patients/41/registrations': () => ({ items: [], total: 0 }),
    });
    renderApp('/pasien/41');
    const section = await screen.findByRole('region', { name: 'Riwayat Pendaftaran' });
    expect(await within(section).findByText('Belum ada pendaftaran.')).toBeInTheDocument();
    expect(within(section).getByText('0 pendaftaran')).toBeInTheDocument();
  });

  it('filters the inpatient history by room', async () => {
    const fetchMock = logIn(['records'], patientRoutes());
    const { user } = renderApp('/pasien/41');
    const history = await screen.findByRole('region', { name: 'Riwayat Kunjungan' });
    await user.click(within(history).getByRole('tab', { name: 'Rawat Inap' }));
    const table = await within(history).findByRole('table', { name: 'Rawat Inap' });
    expect(await within(table).findByText('Ruang Merpati (Kelas I)')).toBeInTheDocument();
    // The bed, the DPJP and how the stay ended.
    const row = within(table).getByRole('row', { name: /RI00021401/ });
    expect(row).toHaveTextContent('dr. Hasanuddin, Sp.PD');
    expect(row).toHaveTextContent('Dirujuk — RSUP Dr. Wahidin Sudirohusodo');
    expect(within(row).getByRole('cell', { name: '4' })).toBeInTheDocument();
    const panel = table.closest('[role="tabpanel"]') as HTMLElement;
    await user.selectOptions(within(panel).getByLabelText('Ruangan'), 'Ruang Merpati (Kelas I)');
    await user.click(within(panel).getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() =>
      expect(query(requestsTo(fetchMock, 'GET /api/patients/41/inpatient-visits').at(-1))).toMatchObject({
        roomCode: 'MRP',
      }),
    );
  });
});

describe('the counter on the patient page', () => {
  const history: PatientAuditEntry[] = [
    {
      id: 9,
      at: '2026-11-20T03:05:00Z',
      action: 'patient.update',
      staff: { id: 3, name: 'Agus Salim Daeng Nai' },
      changes: [
        { field: 'phone', from: '081299887766', to: '081311112222' },
        { field: 'birthDate', from: '1985-06-16', to: '1985-06-15' },
        { field: 'notes', from: null, to: 'Alergi amoksisilin' },
      ],
      merge: null,
    },
    {
      id: 4,
      at: '2026-11-19T02:00:00Z',
      action: 'patient.merge',
      staff: { id: 1, name: 'Andi Syahrir Mappaseng' },
      changes: [],
      merge: {
        patient: { id: 77, mrn: '000377', name: 'Joko Susilo' },
        moved: { outpatientVisits: 3, admissions: 0, registrations: 1, operations: 0 },
      },
    },
  ];

  it('shows the change history: who, when, each field from the old value to the new', async () => {
    logIn(['records'], patientRoutes({ 'GET /api/patients/41/audit': () => history }));
    renderApp('/pasien/41');
    const section = await screen.findByRole('region', { name: 'Riwayat Perubahan' });
    const table = within(section).getByRole('table', { name: 'Riwayat Perubahan' });
    await within(table).findByText('Agus Salim Daeng Nai');
    const [, changed, merged] = within(table).getAllByRole('row');
    expect(changed).toHaveTextContent('20 Nov 2026 10.05Agus Salim Daeng NaiDiubah');
    expect(changed).toHaveTextContent('No. HP: 081299887766 → 081311112222');
    expect(changed).toHaveTextContent('Tanggal Lahir: 16 Jun 1985 → 15 Jun 1985');
    expect(changed).toHaveTextContent('Catatan: (kosong) → Alergi amoksisilin');
    expect(merged).toHaveTextContent('Digabung dengan data duplikat');
    expect(merged).toHaveTextContent(
      'Data No. RM 000377 (Joko Susilo) digabungkan ke data ini. Dipindahkan: 3 kunjungan rawat jalan, 0 rawat inap, 1 pendaftaran, 0 jadwal operasi.',
    );
  });

  it('lets a registration clerk open the record, change it and print the card, without the clinical history', async () => {
    const fetchMock = logIn(['registration'], patientRoutes());
    const { user, router } = renderApp('/pasien/41');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    const actions = within(identity).getByRole('group', { name: 'Tindakan untuk pasien ini' });
    expect(within(actions).queryByRole('button', { name: 'Gabungkan Data' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Riwayat Perubahan' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Kunjungan Terakhir' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/patients/41/visits')).toHaveLength(0);

    await user.click(within(actions).getByRole('button', { name: 'Kartu Pasien' }));
    const card = await screen.findByRole('article', { name: 'Kartu Pasien' });
    expect(card).toHaveTextContent('Rumah Sakit Tentara');
    expect(card).toHaveTextContent('Serka Joko Susilo');
    expect(card).toHaveTextContent('No. RM000214');
    expect(card).toHaveTextContent('Tgl. Lahir15 Jun 1985');
    const barcode = within(card).getByRole('img', { name: 'Kode batang No. RM 000214' });
    expect(barcode.querySelectorAll('rect').length).toBeGreaterThan(10);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const dialog = screen.getByRole('dialog', { name: 'Kartu Pasien' });
    await user.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalled();
    // The header's close icon and the footer's button both close it.
    await user.click(within(dialog).getAllByRole('button', { name: 'Tutup' })[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Kartu Pasien' })).not.toBeInTheDocument(),
    );

    await user.click(within(actions).getByRole('link', { name: 'Ubah Data' }));
    expect(router.state.location.pathname).toBe('/pasien/41/ubah');
  });

  it('merges a duplicate record for an admin, after showing what moves and what stops it', async () => {
    const plan: PatientMergePlan = {
      survivor: { id: 41, mrn: '000214', name: 'Serka Joko Susilo' },
      duplicate: { id: 77, mrn: '000377', name: 'Joko Susilo', birthDate: '1985-06-15', nik: null },
      moves: { outpatientVisits: 3, admissions: 0, registrations: 1, operations: 0 },
      filled: ['phone', 'notes'],
      conflicts: [],
    };
    const fetchMock = logIn(['admin'], {
      ...patientRoutes(),
      'GET /api/patients': ({ url }) =>
        searchAnswer(
          url.includes('mrn=377') ? [{ ...joko, id: 77, mrn: '000377', name: 'Joko Susilo' }] : [],
        ),
      'GET /api/patients/41/merge-preview': () => plan,
      'POST /api/patients/41/merge': () => jokoDetail,
    });
    const { user } = renderApp('/pasien/41');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    await user.click(within(identity).getByRole('button', { name: 'Gabungkan Data' }));

    const find = await screen.findByRole('dialog', { name: 'Gabungkan Data Pasien' });
    await user.type(within(find).getByLabelText('No. RM data duplikat'), '999');
    await user.click(within(find).getByRole('button', { name: 'Periksa' }));
    expect(await within(find).findByText('Tidak ada pasien dengan No. RM 999.')).toBeInTheDocument();
    await user.clear(within(find).getByLabelText('No. RM data duplikat'));
    await user.type(within(find).getByLabelText('No. RM data duplikat'), '377');
    await user.click(within(find).getByRole('button', { name: 'Periksa' }));

    const confirm = await screen.findByRole('dialog', { name: 'Gabungkan No. RM 000377 ke data ini?' });
    expect(
      await within(confirm).findByText(
        'Dipindahkan ke data ini: 3 kunjungan rawat jalan, 0 rawat inap, 1 pendaftaran, 0 jadwal operasi.',
      ),
    ).toBeInTheDocument();
    expect(confirm).toHaveTextContent('Isian kosong di data ini diisi dari data duplikat: No. HP, Catatan.');
    expect(confirm).toHaveTextContent('Data duplikat No. RM 000377 kemudian dihapus');
    expect(query(requestsTo(fetchMock, 'GET /api/patients/41/merge-preview')[0])).toEqual({
      duplicateId: '77',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Gabungkan' }));
    expect(await screen.findByText('Data No. RM 000377 sudah digabungkan ke data ini.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/patients/41/merge')[0]?.body).toEqual({ duplicateId: 77 });
  });

  it('refuses the merge while the two records cannot be one patient', async () => {
    logIn(['admin'], {
      ...patientRoutes(),
      'GET /api/patients': () => searchAnswer([{ ...joko, id: 77, mrn: '000377' }]),
      'GET /api/patients/41/merge-preview': () => ({
        survivor: { id: 41, mrn: '000214', name: 'Serka Joko Susilo' },
        duplicate: { id: 77, mrn: '000377', name: 'Joko Susilo', birthDate: '1985-06-15', nik: null },
        moves: { outpatientVisits: 0, admissions: 1, registrations: 0, operations: 0 },
        filled: [],
        conflicts: ['Kedua data sedang dirawat inap; pulangkan salah satu dulu.'],
      }),
    });
    const { user } = renderApp('/pasien/41');
    const identity = await screen.findByRole('region', { name: 'Identitas Pasien: Serka Joko Susilo' });
    await user.click(within(identity).getByRole('button', { name: 'Gabungkan Data' }));
    const find = await screen.findByRole('dialog', { name: 'Gabungkan Data Pasien' });
    await user.type(within(find).getByLabelText('No. RM data duplikat'), '377');
    await user.click(within(find).getByRole('button', { name: 'Periksa' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gabungkan No. RM 000377 ke data ini?' });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Tidak dapat digabungkan:Kedua data sedang dirawat inap; pulangkan salah satu dulu.',
    );
    expect(within(confirm).getByRole('button', { name: 'Gabungkan' })).toBeDisabled();
  });
});
