import type { PatientDetail, PatientSearchRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, type Mock, vi } from 'vitest';
import {
  bookingClinics as clinics,
  bookingDates as dates,
  bookingTicket as ticket,
  clinicSession as session,
} from '../../test/booking';
import { internalClinic } from '../../test/clinic';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const schedules = [
  session({ remainingJkn: 0 }),
  session({
    id: 12,
    doctor: { id: 6, name: 'dr. Sri Lestari, Sp.PD' },
    start: '13:00',
    end: '16:00',
    remainingJkn: 5,
  }),
];

const patient: PatientSearchRow = {
  id: 41,
  mrn: '00123456',
  name: 'Siti Aminah',
  sex: 'P',
  birthDate: '1980-05-17',
  nik: '7371015705800001',
  nip: null,
  phone: '081234567890',
  insuranceNo: null,
  address: 'Jl. Veteran No. 3, Makassar',
  patientGroup: null,
  matched: ['mrn'],
};

function mockCounter(
  book: (request: MockRequest) => unknown = () => json(ticket, 201),
  patients: (request: MockRequest) => unknown = () => [patient],
  more: Record<string, (request: MockRequest) => unknown> = {},
): Mock<typeof fetch> {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(['registration']),
    'GET /api/admin/clinics': () => [internalClinic],
    'GET /api/patients': patients,
    'GET /api/clinics': () => clinics,
    'GET /api/public/registration-dates': () => dates,
    'GET /api/clinics/1/schedules': () => schedules,
    'POST /api/desk/registrations': book,
    ...more,
  });
}

/** The counter's registration screen: one box, whatever the clerk has in hand. */
async function find(user: UserEvent, typed: string) {
  await user.type(await screen.findByRole('searchbox', { name: 'Cari pasien' }), typed);
  await user.click(screen.getByRole('button', { name: 'Cari' }));
}

/** The patient found by one box, then the booking dialog. */
async function openFor(user: UserEvent, typed = '123456') {
  await find(user, typed);
  await user.click(
    await screen.findByRole('button', { name: 'Pilih Siti Aminah (00123456) untuk didaftarkan' }),
  );
}

/** Poli Penyakit Dalam, Monday 7 December, dr. Sri Lestari's afternoon session. */
async function chooseSession(user: UserEvent) {
  const dialog = await screen.findByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
  await user.click(await within(dialog).findByRole('button', { name: 'Poli Penyakit Dalam' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Senin, 7 Des 2026' }));
  await user.click(await within(dialog).findByRole('button', { name: /dr\. Sri Lestari/ }));
  return dialog;
}

describe('booking at the counter', () => {
  it('books a patient found by medical record number and prints the website’s ticket', async () => {
    const fetchMock = mockCounter();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderApp('/pasien/daftar');
    await openFor(user);
    expect(requestsTo(fetchMock, 'GET /api/patients')[0]?.url).toBe('/api/patients?q=123456');
    const hits = screen.getByRole('region', { name: 'Hasil pencarian "123456"' });
    expect(hits).toHaveTextContent('Dicari sebagai No. RM.');
    // What the hit was found by, in the row.
    expect(within(within(hits).getByRole('row', { name: /Siti Aminah/ })).getByText('No. RM')).toBeVisible();

    const dialog = await screen.findByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
    expect(dialog).toHaveTextContent('Pasien: Siti Aminah · No. RM 00123456');
    await user.click(await within(dialog).findByRole('button', { name: 'Poli Penyakit Dalam' }));
    expect(await within(dialog).findByRole('button', { name: /25 Des 2026/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Senin, 7 Des 2026' }));
    const morning = await within(dialog).findByRole('button', { name: /dr\. Andi Wijaya/ });
    expect(morning).toHaveTextContent('Sisa kuota JKN: 0 dari 20');
    expect(morning).toHaveTextContent('Sisa kuota non-JKN: 4 dari 10');
    await user.click(morning);
    // This session has no JKN place left.
    expect(within(dialog).getByRole('radio', { name: /JKN \/ BPJS Kesehatan/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /dr\. Sri Lestari/ }));

    await user.click(within(dialog).getByRole('radio', { name: 'JKN / BPJS Kesehatan' }));
    await user.type(within(dialog).getByLabelText('Nomor kartu BPJS'), '0001234567890');
    await user.type(within(dialog).getByLabelText('Nomor rujukan'), '0301k0011225v000123');
    await user.selectOptions(within(dialog).getByLabelText('Jenis kunjungan'), 'Kontrol');
    expect(within(dialog).getByLabelText('No. HP')).toHaveValue('081234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));

    const booked = await screen.findByRole('dialog', { name: 'Pendaftaran berhasil' });
    const ticketView = within(booked).getByRole('region', { name: 'Bukti Pendaftaran Rawat Jalan' });
    expect(within(ticketView).getByLabelText('Nomor antrean')).toHaveTextContent('INT-012');
    expect(within(ticketView).getByLabelText('Kode booking')).toHaveTextContent('7KQ4-9XHT');
    expect(ticketView).toHaveTextContent('Siti Aminah');
    expect(ticketView).toHaveTextContent('dr. Sri Lestari, Sp.PD');
    expect(requestsTo(fetchMock, 'POST /api/desk/registrations')[0]?.body).toEqual({
      patientId: 41,
      scheduleId: 12,
      date: '2026-12-07',
      payer: 'JKN',
      bpjsCardNo: '0001234567890',
      referralNo: '0301k0011225v000123',
      visitType: 3,
      phone: '081234567890',
    });

    await user.click(within(ticketView).getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledOnce();
    expect(within(ticketView).queryByRole('button', { name: 'Daftar pasien lain' })).not.toBeInTheDocument();
    await user.click(within(booked).getByRole('button', { name: 'Selesai' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('books a general patient; an emptied phone is the one on record', async () => {
    const fetchMock = mockCounter(() => json({ ...ticket, payer: 'UMUM' }, 201));
    const { user } = renderApp('/pasien/daftar');
    await openFor(user);
    const dialog = await chooseSession(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Umum (bayar sendiri)' }));
    expect(within(dialog).queryByLabelText('Nomor kartu BPJS')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Jenis kunjungan')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('No. HP'));
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));

    await screen.findByRole('dialog', { name: 'Pendaftaran berhasil' });
    expect(requestsTo(fetchMock, 'POST /api/desk/registrations')[0]?.body).toEqual({
      patientId: 41,
      scheduleId: 12,
      date: '2026-12-07',
      payer: 'UMUM',
    });
  });

  it('says what is missing before sending, and what the server refused after', async () => {
    const fetchMock = mockCounter(() =>
      apiError(
        409,
        'ALREADY_BOOKED',
        'Pasien ini sudah memiliki pendaftaran di poli yang sama pada tanggal itu.',
      ),
    );
    const { user } = renderApp('/pasien/daftar');
    await openFor(user);
    const dialog = await screen.findByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));
    expect(
      await within(dialog).findByText(
        'Pilih poli, tanggal berobat serta dokter dan jam praktik terlebih dahulu.',
      ),
    ).toBeInTheDocument();

    await chooseSession(user);
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));
    expect(await within(dialog).findByText('Cara bayar wajib dipilih.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'JKN / BPJS Kesehatan' }));
    await user.type(within(dialog).getByLabelText('Nomor kartu BPJS'), '12345');
    await user.clear(within(dialog).getByLabelText('No. HP'));
    await user.type(within(dialog).getByLabelText('No. HP'), '0411 452 133');
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));
    expect(await within(dialog).findByText('Nomor kartu BPJS harus 13 angka.')).toBeInTheDocument();
    expect(within(dialog).getByText('Nomor rujukan wajib diisi untuk pasien JKN.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('No. HP')).toHaveAccessibleDescription(
      expect.stringContaining('Nomor HP tidak valid'),
    );
    expect(requestsTo(fetchMock, 'POST /api/desk/registrations')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Umum (bayar sendiri)' }));
    await user.clear(within(dialog).getByLabelText('No. HP'));
    await user.type(within(dialog).getByLabelText('No. HP'), '0813 1111 2222');
    // The clerk is at the bottom of the dialog, by the button: the refusal above the form is scrolled to.
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));
    const refusal = await within(dialog).findByText(
      'Pasien ini sudah memiliki pendaftaran di poli yang sama pada tanggal itu.',
    );
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toContainElement(refusal);
    expect(requestsTo(fetchMock, 'POST /api/desk/registrations')).toHaveLength(1);
  });

  it('starts the booking with the BPJS card number on record', async () => {
    mockCounter(undefined, () => [{ ...patient, insuranceNo: '0009876543210' }]);
    const { user } = renderApp('/pasien/daftar');
    await openFor(user, 'siti aminah');
    const dialog = await chooseSession(user);
    await user.click(within(dialog).getByRole('radio', { name: 'JKN / BPJS Kesehatan' }));
    expect(within(dialog).getByLabelText('Nomor kartu BPJS')).toHaveValue('0009876543210');
  });

  it('registers a patient nobody found from the KTP and goes straight on to the booking', async () => {
    const created: PatientDetail = {
      ...({} as PatientDetail),
      id: 77,
      mrn: '000077',
      name: 'Baso Daeng Tika',
      sex: 'L',
      birthDate: '1985-06-15',
      nik: '7371011506850002',
      phone: '081355501234',
      insuranceNo: null,
    };
    const fetchMock = mockCounter(
      () =>
        json(
          { ...ticket, mrn: '000077', patientName: 'Baso Daeng Tika', newPatient: true, payer: 'UMUM' },
          201,
        ),
      () => [],
      {
        'GET /api/reference-codes': () => [],
        'GET /api/patients/next-mrn': () => ({ mrn: '000077' }),
        'POST /api/patients/check': () => ({ nik: [], duplicates: [] }),
        'POST /api/patients': () => json(created, 201),
      },
    );
    const { user, router } = renderApp('/pasien/daftar');
    await find(user, '7371 0115 0685 0002');
    expect(
      await screen.findByText(
        'Tidak ada pasien yang cocok. Pasien yang belum pernah berobat didaftarkan sebagai pasien baru.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Dicari sebagai NIK.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pasien baru' }));
    const form = await screen.findByRole('region', { name: 'Pendaftaran Pasien Baru' });
    // The NIK searched for is the new record's.
    expect(within(form).getByLabelText('NIK (KTP)')).toHaveValue('7371011506850002');
    await user.click(within(form).getByLabelText('Nama Lengkap'));
    await user.paste('Baso Daeng Tika');
    await user.selectOptions(within(form).getByLabelText('Jenis Kelamin'), 'Laki-laki');
    await user.type(within(form).getByLabelText('Tanggal Lahir'), '1985-06-15');
    await user.type(within(form).getByLabelText('Nama Ibu Kandung'), 'Sitti Rahmah');
    await user.click(within(form).getByRole('button', { name: 'Daftarkan Pasien' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
    expect(dialog).toHaveTextContent('Pasien: Baso Daeng Tika · No. RM 000077');
    expect(router.state.location.pathname).toBe('/pasien/daftar');
    await chooseSession(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Umum (bayar sendiri)' }));
    expect(within(dialog).getByLabelText('No. HP')).toHaveValue('081355501234');
    await user.click(within(dialog).getByRole('button', { name: 'Daftarkan' }));
    const booked = await screen.findByRole('dialog', { name: 'Pendaftaran berhasil' });
    expect(booked).toHaveTextContent('Baso Daeng Tika');
    expect(requestsTo(fetchMock, 'POST /api/desk/registrations')[0]?.body).toMatchObject({ patientId: 77 });
    // No second lookup of the patient between the record and the booking: only the search, found again.
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/patients?')),
    ).toEqual(['/api/patients?q=7371+0115+0685+0002', '/api/patients?q=7371+0115+0685+0002']);
    expect(requestsTo(fetchMock, 'GET /api/patients/77')).toEqual([]);
  });
});
