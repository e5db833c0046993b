import type { QueueEntry, Sep, SepDraft } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deskAt, internalClinic, queueDesk, queueEntry, queueSession } from '../../test/clinic';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

// The SEP of a JKN visit on the queue desk: "Buat SEP" once admitted, the form filled from VClaim, BPJS's
// refusal shown as it came, the printout, and "Hapus SEP" with a reason.

const admitted = queueEntry(4, {
  bookingCode: 'K7QX-M2PA',
  status: 'CHECKED_IN',
  patient: { id: 104, mrn: '000124', name: 'Siti Rahayu' },
  estimatedAt: deskAt('01:30'),
  tasks: [{ taskId: 3, at: deskAt('01:05') }],
});

const draft: SepDraft = {
  basis: {
    cardNo: '0001234567890',
    name: 'SITI RAHAYU',
    birthDate: '1985-06-15',
    sex: 'P',
    mrn: '000124',
    careClass: { code: '2', name: 'KELAS II' },
    participantType: 'PEGAWAI SWASTA',
    clinic: { code: 'INT', name: 'PENYAKIT DALAM' },
    doctor: { code: '31574', name: 'dr. Andi Wijaya, Sp.PD' },
    referral: {
      number: '0114B0031126P000101',
      date: '2030-01-02',
      source: 'primary',
      referrer: { code: '0114B003', name: 'PUSKESMAS MENTENG' },
    },
    controlLetter: null,
  },
  input: { diagnosisCode: 'K29.7', note: '', cob: false, phone: '081234567890', accident: null },
  diagnosisName: 'Gastritis, unspecified',
  otherInsurer: null,
};

const issued: Sep = {
  number: '0301R0010130V000001',
  date: '2030-01-07',
  bookingCode: 'K7QX-M2PA',
  basis: draft.basis,
  input: { ...draft.input, diagnosisCode: 'I10' },
  diagnosis: 'I10 - Essential (primary) hypertension',
  issuedAt: '2030-01-07T01:10:00.000Z',
  issuedBy: 'Petugas Admisi',
};

function mockDesk(entry: QueueEntry, routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(['registration']),
    'GET /api/admin/clinics': () => [internalClinic],
    'GET /api/queue/desk': () => queueDesk(queueSession([entry])),
    'GET /api/queue/desk/registrations/K7QX-M2PA/sep/draft': () => draft,
    'GET /api/sep/diagnoses': () => [{ code: 'I10', name: 'I10 - Essential (primary) hypertension' }],
    ...routes,
  });
}

describe("a JKN visit's SEP on the queue desk", () => {
  it('is issued from the form filled from VClaim, the clerk changing the diagnosis, and printed', async () => {
    const fetchMock = mockDesk(admitted, {
      'POST /api/queue/desk/registrations/K7QX-M2PA/sep': () => issued,
      'GET /api/queue/desk/registrations/K7QX-M2PA/sep': () => issued,
    });
    const { user } = renderApp('/antrean?poli=1');
    await user.click(await screen.findByRole('button', { name: 'Buat SEP INT-004' }));

    const dialog = await screen.findByRole('dialog', { name: 'Buat SEP' });
    expect(await within(dialog).findByText('SITI RAHAYU · 0001234567890')).toBeInTheDocument();
    expect(within(dialog).getByText('0114B0031126P000101, 2 Jan 2030, dari PUSKESMAS MENTENG')).toBeVisible();
    const diagnosis = within(dialog).getByLabelText('Diagnosa awal (ICD-10)');
    expect(diagnosis).toHaveValue('K29.7');
    await user.clear(diagnosis);
    await user.type(diagnosis, 'I10');
    await user.click(within(dialog).getByRole('button', { name: 'Terbitkan SEP' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/K7QX-M2PA/sep')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/K7QX-M2PA/sep')[0]?.body).toEqual({
      diagnosisCode: 'I10',
      note: '',
      cob: false,
      phone: '081234567890',
      accident: null,
    });
    const printout = await screen.findByRole('article', { name: 'SEP 0301R0010130V000001' });
    expect(within(printout).getByText('SURAT ELIGIBILITAS PESERTA')).toBeInTheDocument();
    expect(within(printout).getByText('0301R0010130V000001')).toBeInTheDocument();
    expect(within(printout).getByText('I10 - Essential (primary) hypertension')).toBeInTheDocument();
    expect(within(printout).getByText('SITI RAHAYU', { selector: 'dd' })).toBeInTheDocument();
    expect(await screen.findByText('SEP 0301R0010130V000001 terbit untuk INT-004.')).toBeInTheDocument();
  });

  it("shows BPJS's refusal as BPJS worded it and keeps the form open", async () => {
    const refusal =
      '1.Peserta NoKa 0001234567890 telah mendapat Pelayanan R.Jalan di Poli INT pada hari yg sama di RS UJI Dgn No.SEP 0301R0010130V000009';
    mockDesk(admitted, {
      'POST /api/queue/desk/registrations/K7QX-M2PA/sep': () => apiError(409, 'BPJS_REFUSED', refusal),
    });
    const { user } = renderApp('/antrean?poli=1');
    await user.click(await screen.findByRole('button', { name: 'Buat SEP INT-004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat SEP' });
    await within(dialog).findByText('SITI RAHAYU · 0001234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Terbitkan SEP' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('offers no SEP to make, change or delete where VClaim is not set up, and still prints one issued before', async () => {
    const issuedToday = queueEntry(5, {
      bookingCode: 'P3LM-Q8RT',
      status: 'CALLED',
      patient: { id: 105, mrn: '000125', name: 'Budi Santoso' },
      sep: { number: issued.number, date: '2030-01-07' },
    });
    mockDesk(admitted, {
      'GET /api/queue/desk': () => ({ ...queueDesk(queueSession([admitted, issuedToday])), vclaim: false }),
    });
    renderApp('/antrean?poli=1');
    expect(await screen.findByRole('button', { name: 'Cetak SEP INT-005' })).toBeInTheDocument();
    expect(screen.getByText(issued.number)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buat SEP INT-004' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ubah SEP INT-005' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hapus SEP INT-005' })).not.toBeInTheDocument();
  });

  it('says once, in the dialog, when the server finds VClaim not set up, and offers no button that cannot issue', async () => {
    const notReady =
      'VClaim BPJS belum disiapkan di portal (BPJS_VCLAIM_URL dan BPJS_PPK_CODE): buat SEP di aplikasi VClaim BPJS.';
    mockDesk(admitted, {
      'GET /api/queue/desk/registrations/K7QX-M2PA/sep/draft': () =>
        apiError(409, 'VCLAIM_NOT_CONFIGURED', notReady),
    });
    const { user } = renderApp('/antrean?poli=1');
    await user.click(await screen.findByRole('button', { name: 'Buat SEP INT-004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat SEP' });
    expect(await within(dialog).findByText(notReady)).toBeInTheDocument();
    expect(screen.getAllByText(notReady)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Terbitkan SEP' })).toBeDisabled();
  });

  it('asks the accident fields only for an accident, and checks them before sending', async () => {
    const fetchMock = mockDesk(admitted);
    const { user } = renderApp('/antrean?poli=1');
    await user.click(await screen.findByRole('button', { name: 'Buat SEP INT-004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat SEP' });
    await within(dialog).findByText('SITI RAHAYU · 0001234567890');
    expect(within(dialog).queryByLabelText('Tanggal kejadian')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Kecelakaan'), 'Kecelakaan lalu lintas');
    await user.click(within(dialog).getByRole('button', { name: 'Terbitkan SEP' }));
    expect(await within(dialog).findByText('Keterangan kejadian wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/queue/desk/registrations/K7QX-M2PA/sep')).toHaveLength(0);
  });

  it('shows the issued SEP, and deletes it the same day with a reason', async () => {
    const fetchMock = mockDesk(
      { ...admitted, sep: { number: issued.number, date: '2030-01-07' } },
      {
        'GET /api/queue/desk/registrations/K7QX-M2PA/sep': () => issued,
        'DELETE /api/queue/desk/registrations/K7QX-M2PA/sep': () => ({ number: issued.number }),
      },
    );
    const { user } = renderApp('/antrean?poli=1');
    expect(await screen.findByText(issued.number)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cetak SEP INT-004' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ubah SEP INT-004' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hapus SEP INT-004' }));
    const dialog = await screen.findByRole('dialog', { name: `Hapus SEP ${issued.number}?` });
    await user.type(within(dialog).getByLabelText('Alasan hapus'), 'Salah poli tujuan');
    await user.click(within(dialog).getByRole('button', { name: 'Hapus SEP' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'DELETE /api/queue/desk/registrations/K7QX-M2PA/sep')[0]?.body).toEqual({
        reason: 'Salah poli tujuan',
      }),
    );
    expect(await screen.findByText(`SEP ${issued.number} dihapus.`)).toBeInTheDocument();
  });

  it('is only printed, not changed, after the day it was issued', async () => {
    mockDesk({ ...admitted, status: 'SERVED', sep: { number: issued.number, date: '2030-01-06' } });
    renderApp('/antrean?poli=1');
    expect(await screen.findByRole('button', { name: 'Cetak SEP INT-004' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ubah SEP INT-004' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hapus SEP INT-004' })).not.toBeInTheDocument();
  });
});
