import type { RegistrationStatusView } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_REFETCH_MS } from '../../api/registration';
import { formatDayDate, hospitalDate } from '../../i18n/format';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const today = hospitalDate(new Date());
const nextWeek = hospitalDate(new Date(Date.now() + 7 * 24 * 60 * 60_000));

const booking = (changes: Partial<RegistrationStatusView> = {}): RegistrationStatusView => ({
  bookingCode: '7KQ4-9XHT',
  queueNumber: 'INT-012',
  queueSeq: 12,
  estimatedAt: `${today}T02:50:00.000Z`,
  clinic: { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' },
  doctor: { id: 5, name: 'dr. Andi Wijaya, Sp.PD' },
  date: today,
  start: '08:00',
  end: '12:00',
  payer: 'JKN',
  status: 'BOOKED',
  waitingAhead: 4,
  serving: 'INT-007',
  newPatient: false,
  survey: null,
  ...changes,
});

afterEach(() => {
  vi.useRealTimers();
});

const details = () => screen.getByRole('region', { name: /INT-012/ });
const detail = (term: string) => within(details()).getByText(term).nextElementSibling;

describe('the booking status page', () => {
  it('shows the queue: the status, who is ahead, the number served now and the estimated time', async () => {
    const fetchMock = mockApi({ 'GET /api/registrations/7kq49xht': () => booking() });
    renderApp('/registrasi/lacak?kode=7kq49xht');

    expect(await screen.findByTestId('reg-status')).toHaveTextContent('Terdaftar');
    expect(detail('Antrean di depan Anda')).toHaveTextContent('4 orang');
    expect(detail('Nomor yang sedang dilayani')).toHaveTextContent('INT-007');
    expect(detail('Perkiraan dilayani')).toHaveTextContent('pukul 09.50 WIB');
    expect(detail('Jam praktik')).toHaveTextContent('08.00–12.00 WIB');
    expect(screen.getByLabelText('Kode booking')).toHaveValue('7kq49xht');
    expect(requestsTo(fetchMock, 'GET /api/registrations/7kq49xht')).toHaveLength(1);
  });

  it("shows the hours and the estimate on the hospital's clock, labelled WITA when it runs in Makassar", async () => {
    mockApi({
      'GET /api/health': () => ({ status: 'ok', database: 'pglite', timeZone: 'Asia/Makassar' }),
      'GET /api/registrations/7kq49xht': () => booking(),
    });
    renderApp('/registrasi/lacak?kode=7kq49xht');

    expect(await screen.findByTestId('reg-status')).toHaveTextContent('Terdaftar');
    expect(detail('Perkiraan dilayani')).toHaveTextContent('pukul 10.50 WITA');
    expect(detail('Jam praktik')).toHaveTextContent('08.00–12.00 WITA');
  });

  it('offers the satisfaction survey once the visit is served, while it waits for its answers', async () => {
    mockApi({
      'GET /api/registrations/7KQ4-9XHT': () => booking({ status: 'SERVED', survey: 'Q7F2K9XM4TPA8WZC3HRN' }),
    });
    renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    expect(await screen.findByRole('link', { name: 'Isi survei kepuasan' })).toHaveAttribute(
      'href',
      '/survei/Q7F2K9XM4TPA8WZC3HRN',
    );
  });

  it('looks a typed code up and says when it finds nothing', async () => {
    mockApi({ 'GET /api/registrations/ZZZZ-ZZZZ': () => apiError(404, 'NOT_FOUND', 'Tidak ditemukan.') });
    const { user, router } = renderApp('/registrasi/lacak');
    await user.type(await screen.findByLabelText('Kode booking'), 'ZZZZ-ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Cari' }));

    expect(await screen.findByText('Pendaftaran tidak ditemukan. Periksa kode booking.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kode=ZZZZ-ZZZZ');
    expect(screen.queryByLabelText('No. HP')).not.toBeInTheDocument();
  });

  it('checks in on the day of the visit', async () => {
    const fetchMock = mockApi({
      'GET /api/registrations/7KQ4-9XHT': () => booking(),
      'POST /api/registrations/7KQ4-9XHT/check-in': () => booking({ status: 'CHECKED_IN' }),
    });
    const { user } = renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    await user.click(await screen.findByRole('button', { name: 'Check-in' }));

    await waitFor(() => expect(screen.getByTestId('reg-status')).toHaveTextContent('Sudah check-in'));
    expect(await screen.findByText('Check-in berhasil. Nomor antrean Anda INT-012.')).toBeInTheDocument();
    expect(
      screen.getByText('Silakan menunggu di depan Poli Penyakit Dalam sampai nomor Anda dipanggil.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Pasien baru/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Batalkan pendaftaran' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/registrations/7KQ4-9XHT/check-in')).toHaveLength(1);
  });

  it('sends a new patient who checked in by phone to the registration counter first, as the kiosk does', async () => {
    mockApi({
      'GET /api/registrations/7KQ4-9XHT': () => booking({ newPatient: true }),
      'POST /api/registrations/7KQ4-9XHT/check-in': () => booking({ status: 'CHECKED_IN', newPatient: true }),
    });
    const { user } = renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    await user.click(await screen.findByRole('button', { name: 'Check-in' }));

    expect(
      await screen.findByText(
        'Pasien baru: silakan ke loket pendaftaran terlebih dahulu dengan membawa KTP.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Silakan menunggu di depan Poli Penyakit Dalam sampai nomor Anda dipanggil.'),
    ).toBeInTheDocument();
  });

  it('shows why the check-in was refused', async () => {
    mockApi({
      'GET /api/registrations/7KQ4-9XHT': () => booking(),
      'POST /api/registrations/7KQ4-9XHT/check-in': () =>
        apiError(409, 'INVALID_STATE', 'Jam praktik dokter sudah berakhir; check-in tidak dapat dilakukan.'),
    });
    const { user } = renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    await user.click(await screen.findByRole('button', { name: 'Check-in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Jam praktik dokter sudah berakhir; check-in tidak dapat dilakukan.',
    );
    expect(screen.getByTestId('reg-status')).toHaveTextContent('Terdaftar');
  });

  it('offers no check-in before the day, and cancels after asking', async () => {
    const fetchMock = mockApi({
      'GET /api/registrations/7KQ4-9XHT': () => booking({ date: nextWeek }),
      'POST /api/registrations/7KQ4-9XHT/cancel': () => booking({ date: nextWeek, status: 'CANCELLED' }),
    });
    const { user } = renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    await user.click(await screen.findByRole('button', { name: 'Batalkan pendaftaran' }));
    expect(screen.queryByRole('button', { name: 'Check-in' })).not.toBeInTheDocument();
    expect(
      screen.getByText(`Check-in dapat dilakukan pada hari berobat, ${formatDayDate(nextWeek)}.`),
    ).toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Batalkan pendaftaran?' });
    expect(dialog).toHaveTextContent(
      `Pendaftaran INT-012 di Poli Penyakit Dalam pada ${formatDayDate(nextWeek)} akan dibatalkan`,
    );
    // Enter on the dialog keeps the booking: the focus waits on "Tidak", not on the red button.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Tidak' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'POST /api/registrations/7KQ4-9XHT/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Batalkan pendaftaran' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ya, batalkan' }));
    await waitFor(() => expect(screen.getByTestId('reg-status')).toHaveTextContent('Dibatalkan'));
    expect(await screen.findByText('Pendaftaran INT-012 dibatalkan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Batalkan pendaftaran' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'INT-012 · Poli Penyakit Dalam' })).toHaveFocus();
    expect(screen.queryByText('Antrean di depan Anda')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/registrations/7KQ4-9XHT/cancel')).toHaveLength(1);
  });

  it('shows why the cancellation was refused', async () => {
    mockApi({
      'GET /api/registrations/7KQ4-9XHT': () => booking({ date: nextWeek }),
      'POST /api/registrations/7KQ4-9XHT/cancel': () =>
        apiError(409, 'INVALID_STATE', 'Pendaftaran yang sudah check-in tidak dapat dibatalkan.'),
    });
    const { user } = renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    await user.click(await screen.findByRole('button', { name: 'Batalkan pendaftaran' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ya, batalkan' }));
    expect(
      await screen.findByText('Pendaftaran yang sudah check-in tidak dapat dibatalkan.'),
    ).toBeInTheDocument();
  });

  it('follows the queue every 30 seconds until the patient has been served', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let served = booking({ status: 'CHECKED_IN' });
    const fetchMock = mockApi({ 'GET /api/registrations/7KQ4-9XHT': () => served });
    renderApp('/registrasi/lacak?kode=7KQ4-9XHT');
    expect(await screen.findByTestId('reg-status')).toHaveTextContent('Sudah check-in');

    served = booking({ status: 'CALLED', serving: 'INT-012', waitingAhead: 0 });
    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_REFETCH_MS));
    expect(
      await screen.findByText('Nomor Anda sedang dipanggil. Silakan masuk ke ruang Poli Penyakit Dalam.'),
    ).toBeInTheDocument();

    served = booking({ status: 'SERVED', serving: null, waitingAhead: 0 });
    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_REFETCH_MS));
    await waitFor(() => expect(screen.getByTestId('reg-status')).toHaveTextContent('Selesai dilayani'));
    const reads = requestsTo(fetchMock, 'GET /api/registrations/7KQ4-9XHT').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * REGISTRATION_REFETCH_MS));
    expect(requestsTo(fetchMock, 'GET /api/registrations/7KQ4-9XHT')).toHaveLength(reads);
  });
});
