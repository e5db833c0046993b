import { NO_SCHEDULE_THAT_DAY } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { defaultSettings, SETTINGS_KEY } from '../../components/settings';
import i18n from '../../i18n';
import {
  bookingClinics as clinics,
  bookingDates as dates,
  bookingTicket as ticket,
  clinicSession as session,
} from '../../test/booking';
import { apiError, json, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const schedules = [
  session({ id: 11, remainingJkn: 0 }),
  session({ id: 12, doctor: { id: 6, name: 'dr. Sri Lestari, Sp.PD' }, start: '13:00', end: '16:00' }),
  session({
    id: 13,
    doctor: { id: 7, name: 'dr. Bambang Sutrisno, Sp.PD' },
    remainingJkn: 0,
    remainingNonJkn: 0,
  }),
];

function mockBooking(book: () => unknown = () => json(ticket, 201)): Mock<typeof fetch> {
  return mockApi({
    'GET /api/clinics': () => clinics,
    'GET /api/public/registration-dates': () => dates,
    'GET /api/clinics/1/schedules': () => schedules,
    'POST /api/registrations': book,
  });
}

/** Poli Penyakit Dalam, Monday 7 December, dr. Sri Lestari's afternoon session. */
async function chooseSession(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Poli Penyakit Dalam' }));
  await user.click(await screen.findByRole('button', { name: 'Senin, 7 Des 2026' }));
  await user.click(await screen.findByRole('button', { name: /dr\. Sri Lestari/ }));
  await screen.findByRole('heading', { name: 'Cara pembayaran' });
}

async function payWithJkn(user: UserEvent) {
  await user.click(screen.getByRole('radio', { name: 'JKN / BPJS Kesehatan' }));
  await user.type(screen.getByLabelText('Nomor kartu BPJS'), '0001234567890');
  await user.type(screen.getByLabelText('Nomor rujukan'), '0301R0011225V000123');
  await user.click(screen.getByRole('button', { name: 'Lanjut' }));
  await screen.findByRole('heading', { name: 'Data pasien' });
}

async function identifyExistingPatient(user: UserEvent) {
  await user.type(screen.getByLabelText('No. rekam medis (No. RM)'), '00123456');
  fireEvent.change(screen.getByLabelText('Tanggal lahir'), { target: { value: '1980-05-17' } });
  await user.type(screen.getByLabelText('No. HP'), '081234567890');
}

describe('booking an outpatient visit', () => {
  it('goes from clinic to a printable ticket, one step at a time', async () => {
    const fetchMock = mockBooking();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderApp('/registrasi');

    await user.click(await screen.findByRole('button', { name: 'Poli Penyakit Dalam' }));
    const christmas = await screen.findByRole('button', { name: /25 Des 2026/ });
    expect(christmas).toBeDisabled();
    expect(christmas).toHaveTextContent('Libur Nasional: Hari Raya Natal');
    expect(requestsTo(fetchMock, 'GET /api/public/registration-dates')[0]?.url).toBe(
      '/api/public/registration-dates?clinicId=1',
    );
    await user.click(screen.getByRole('button', { name: 'Senin, 7 Des 2026' }));

    const morning = await screen.findByRole('button', { name: /dr\. Andi Wijaya/ });
    expect(morning).toHaveTextContent('Jam praktik 08.00–12.00 WIB');
    expect(morning).toHaveTextContent('Sisa kuota JKN: 0 dari 20');
    expect(morning).toHaveTextContent('Sisa kuota non-JKN: 4 dari 10');
    expect(screen.getByRole('button', { name: /dr\. Bambang Sutrisno/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /dr\. Bambang Sutrisno/ })).toHaveTextContent('Kuota penuh');
    expect(requestsTo(fetchMock, 'GET /api/clinics/1/schedules')[0]?.url).toBe(
      '/api/clinics/1/schedules?date=2026-12-07',
    );
    await user.click(screen.getByRole('button', { name: /dr\. Sri Lestari/ }));

    expect(await screen.findByRole('heading', { name: 'Cara pembayaran' })).toHaveFocus();
    await payWithJkn(user);
    const chosen = screen.getByLabelText('Pendaftaran Anda');
    expect(chosen).toHaveTextContent('Senin, 7 Des 2026');
    expect(chosen).toHaveTextContent('13.00–16.00 WIB');
    expect(chosen).toHaveTextContent('JKN / BPJS Kesehatan');
    await identifyExistingPatient(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    const ticketView = await screen.findByRole('region', { name: 'Bukti Pendaftaran Rawat Jalan' });
    expect(within(ticketView).getByLabelText('Nomor antrean')).toHaveTextContent('INT-012');
    expect(within(ticketView).getByLabelText('Kode booking')).toHaveTextContent('7KQ4-9XHT');
    // The kiosk scans the code from the ticket: a QR code drawn in the page, with the code as its data.
    const qr = await within(ticketView).findByRole('img', { name: /^QR 7KQ4-9XHT: pindai di anjungan/ });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(ticketView).toHaveTextContent('dr. Sri Lestari, Sp.PD');
    expect(ticketView).toHaveTextContent('Senin, 7 Des 2026');
    expect(within(ticketView).getByText('Perkiraan dilayani').nextElementSibling).toHaveTextContent(
      'pukul 14.50 WIB',
    );
    expect(within(ticketView).getByText('No. rekam medis').nextElementSibling).toHaveTextContent('00123456');
    expect(ticketView).not.toHaveTextContent('KTP');

    const [request] = requestsTo(fetchMock, 'POST /api/registrations');
    expect(request?.body).toEqual({
      scheduleId: 12,
      date: '2026-12-07',
      payer: 'JKN',
      bpjsCardNo: '0001234567890',
      referralNo: '0301R0011225V000123',
      patient: { mrn: '00123456', birthDate: '1980-05-17' },
      phone: '081234567890',
    });

    await user.click(within(ticketView).getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledOnce();
    expect(within(ticketView).getByRole('link', { name: 'Lihat status antrean' })).toHaveAttribute(
      'href',
      '/registrasi/lacak?kode=7KQ4-9XHT',
    );
  });

  it('registers a new patient paying themselves and tells them to bring their KTP', async () => {
    const fetchMock = mockBooking(() =>
      json({ ...ticket, payer: 'UMUM', mrn: '00200001', patientName: 'Budi Santoso', newPatient: true }, 201),
    );
    const { user } = renderApp('/registrasi');
    await chooseSession(user);
    await user.click(screen.getByRole('radio', { name: 'Umum (bayar sendiri)' }));
    expect(screen.queryByLabelText('Nomor kartu BPJS')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));

    await user.click(await screen.findByRole('radio', { name: 'Belum pernah berobat (pasien baru)' }));
    await user.type(screen.getByRole('textbox', { name: 'NIK' }), '7371010101800001');
    await user.type(screen.getByLabelText('Nama lengkap'), 'Budi Santoso');
    fireEvent.change(screen.getByLabelText('Tanggal lahir'), { target: { value: '1980-01-01' } });
    await user.click(screen.getByRole('radio', { name: 'Laki-laki' }));
    await user.type(screen.getByLabelText('Alamat'), 'Jl. Sudirman No. 5, Makassar');
    await user.type(screen.getByLabelText('No. HP'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    const ticketView = await screen.findByRole('region', { name: 'Bukti Pendaftaran Rawat Jalan' });
    expect(ticketView).toHaveTextContent('Bawa KTP asli ke loket pendaftaran');
    expect(within(ticketView).getByText('No. rekam medis').nextElementSibling).toHaveTextContent('00200001');
    expect(requestsTo(fetchMock, 'POST /api/registrations')[0]?.body).toEqual({
      scheduleId: 12,
      date: '2026-12-07',
      payer: 'UMUM',
      patient: {
        newPatient: {
          nik: '7371010101800001',
          name: 'Budi Santoso',
          birthDate: '1980-01-01',
          sex: 'L',
          address: 'Jl. Sudirman No. 5, Makassar',
        },
      },
      phone: '081234567890',
    });
  });

  it('refuses a new patient born after today or with a NIK nobody can have, and focuses the first box from the top', async () => {
    const fetchMock = mockBooking();
    const { user } = renderApp('/registrasi');
    await chooseSession(user);
    await user.click(screen.getByRole('radio', { name: 'Umum (bayar sendiri)' }));
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    await user.click(await screen.findByRole('radio', { name: 'Belum pernah berobat (pasien baru)' }));
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('NIK wajib diisi.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'NIK' }), '0000000000000000');
    await user.type(screen.getByLabelText('Nama lengkap'), 'Budi Santoso');
    fireEvent.change(screen.getByLabelText('Tanggal lahir'), { target: { value: '2030-01-01' } });
    await user.click(screen.getByRole('radio', { name: 'Laki-laki' }));
    await user.type(screen.getByLabelText('Alamat'), 'Jl. Sudirman No. 5, Makassar');
    await user.type(screen.getByLabelText('No. HP'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Tanggal lahir tidak boleh setelah hari ini.')).toBeInTheDocument();
    expect(
      screen.getByText('Kode provinsi 00 pada NIK (2 angka pertama) tidak dikenal.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'NIK' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST /api/registrations')).toHaveLength(0);
  });

  it('asks a JKN patient for the card and the referral, and checks the NIK before sending', async () => {
    const fetchMock = mockBooking();
    const { user } = renderApp('/registrasi');
    await chooseSession(user);

    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Cara bayar wajib dipilih.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'JKN / BPJS Kesehatan' }));
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Nomor kartu BPJS wajib diisi untuk pasien JKN.')).toBeInTheDocument();
    expect(screen.getByText('Nomor rujukan wajib diisi untuk pasien JKN.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nomor kartu BPJS')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Nomor kartu BPJS'), '12345');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Nomor kartu BPJS harus 13 angka.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cara pembayaran' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nomor kartu BPJS'));
    await user.type(screen.getByLabelText('Nomor kartu BPJS'), '0001234567890');
    await user.type(screen.getByLabelText('Nomor rujukan'), '0301R0011225V000123');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    await screen.findByRole('heading', { name: 'Data pasien' });

    await user.click(screen.getByRole('radio', { name: 'NIK' }));
    await user.type(screen.getByRole('textbox', { name: 'NIK' }), '737101');
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('NIK harus 16 angka.')).toBeInTheDocument();
    expect(screen.getByText('Tanggal lahir wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Nomor HP wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/registrations')).toHaveLength(0);
  });

  it('offers no JKN place in a session whose JKN quota is used up', async () => {
    mockBooking();
    const { user } = renderApp('/registrasi');
    await user.click(await screen.findByRole('button', { name: 'Poli Penyakit Dalam' }));
    await user.click(await screen.findByRole('button', { name: 'Senin, 7 Des 2026' }));
    await user.click(await screen.findByRole('button', { name: /dr\. Andi Wijaya/ }));

    const jkn = await screen.findByRole('radio', { name: /^JKN \/ BPJS Kesehatan/ });
    expect(jkn).toBeDisabled();
    expect(jkn.closest('label')).toHaveTextContent('JKN / BPJS Kesehatan (kuota habis)');
    expect(screen.getByRole('radio', { name: 'Umum (bayar sendiri)' })).toBeEnabled();
  });

  it('says when the quota ran out meanwhile, and leads back to the sessions as they are now', async () => {
    const fetchMock = mockBooking(() =>
      apiError(409, 'QUOTA_FULL', 'Kuota JKN untuk jadwal ini sudah penuh.'),
    );
    const { user } = renderApp('/registrasi');
    await chooseSession(user);
    await payWithJkn(user);
    await identifyExistingPatient(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Kuota JKN untuk jadwal ini sudah penuh.');
    await user.click(screen.getByRole('button', { name: 'Pilih jadwal lain' }));
    expect(await screen.findByRole('heading', { name: 'Pilih dokter dan jam praktik' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/clinics/1/schedules').length).toBeGreaterThanOrEqual(2);
  });

  it('says when the patient’s details do not match, without saying which', async () => {
    mockBooking(() =>
      apiError(
        404,
        'PATIENT_NOT_FOUND',
        'Data pasien tidak cocok. Periksa No. RM atau NIK, tanggal lahir dan No. HP.',
      ),
    );
    const { user } = renderApp('/registrasi');
    await chooseSession(user);
    await payWithJkn(user);
    await identifyExistingPatient(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Data pasien tidak cocok. Periksa No. RM atau NIK, tanggal lahir dan No. HP.',
    );
    expect(screen.queryByRole('button', { name: 'Pilih jadwal lain' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('No. rekam medis (No. RM)')).toHaveValue('00123456');
  });

  it('in English, tells why a day cannot be booked in English', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, language: 'en' }));
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/clinics': () => clinics,
      'GET /api/public/registration-dates': () => [
        ...dates,
        { date: '2026-12-13', open: false, reason: NO_SCHEDULE_THAT_DAY },
      ],
      'GET /api/clinics/1/schedules': () => schedules,
    });
    const { user } = renderApp('/registrasi');
    await user.click(await screen.findByRole('button', { name: 'Poli Penyakit Dalam' }));
    const sunday = await screen.findByRole('button', { name: /13 Dec 2026/ });
    expect(sunday).toBeDisabled();
    expect(sunday).toHaveTextContent('No doctor is scheduled on that day.');
  });

  it('tells why and for how long the server refuses more attempts', async () => {
    const message = 'Terlalu banyak percobaan data pasien yang tidak cocok. Coba lagi dalam 42 detik.';
    mockBooking(() => json({ error: { code: 'TOO_MANY_ATTEMPTS', message } }, 429));
    const { user } = renderApp('/registrasi');
    await chooseSession(user);
    await payWithJkn(user);
    await identifyExistingPatient(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('puts the server’s field errors next to the fields, on the step that has them', async () => {
    mockBooking(() =>
      json(
        {
          error: {
            code: 'VALIDATION',
            message: 'Periksa isian.',
            fields: {
              referralNo: 'Nomor rujukan sudah kedaluwarsa.',
              'patient.mrn': 'No. rekam medis tidak dikenal.',
            },
          },
        },
        400,
      ),
    );
    const { user } = renderApp('/registrasi');
    await chooseSession(user);
    await payWithJkn(user);
    await identifyExistingPatient(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    expect(await screen.findByText('Nomor rujukan sudah kedaluwarsa.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cara pembayaran' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nomor rujukan')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('No. rekam medis tidak dikenal.')).toBeInTheDocument();
    expect(screen.getByLabelText('No. rekam medis (No. RM)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('links the status page and the queue board', async () => {
    mockBooking();
    renderApp('/registrasi');
    expect(
      await screen.findByRole('link', { name: 'Cek status, check-in atau batalkan pendaftaran' }),
    ).toHaveAttribute('href', '/registrasi/lacak');
    expect(screen.getByRole('link', { name: 'Papan antrean poliklinik' })).toHaveAttribute(
      'href',
      '/papan-antrean',
    );
  });
});
