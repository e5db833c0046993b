import type { AdmissionTicket, RegistrationStatusView, Sep } from '@portal/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { KIOSK_IDLE_MS } from './kiosk';

const booking: RegistrationStatusView = {
  bookingCode: 'K7QD-2MXP',
  queueNumber: 'INT-012',
  queueSeq: 12,
  estimatedAt: '2026-12-07T02:50:00.000Z',
  clinic: { id: 1, code: 'INT', name: 'Poli Penyakit Dalam' },
  doctor: { id: 3, name: 'dr. Andi Wijaya, Sp.PD' },
  date: '2026-12-07',
  start: '08:00',
  end: '12:00',
  payer: 'UMUM',
  status: 'CHECKED_IN',
  waitingAhead: 4,
  serving: null,
  newPatient: false,
  survey: null,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function typeCode(code: string) {
  fireEvent.click(await screen.findByRole('button', { name: /Check-in dengan kode booking/ }));
  for (const key of code) fireEvent.click(screen.getByRole('button', { name: key }));
  fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
}

describe('the lobby kiosk', () => {
  it('checks in with the code typed on its keypad and shows the queue number large', async () => {
    const fetchMock = mockApi({ 'POST /api/registrations/K7QD-2MXP/check-in': () => booking });
    renderApp('/anjungan');
    await typeCode('K7QD2MXP');

    expect(await screen.findByRole('heading', { name: 'Check-in berhasil' })).toBeInTheDocument();
    expect(screen.getByText('INT-012')).toBeInTheDocument();
    expect(screen.getByText('Poli Penyakit Dalam')).toBeInTheDocument();
    expect(screen.getByText('dr. Andi Wijaya, Sp.PD')).toBeInTheDocument();
    expect(screen.getByText('pukul 09.50 WIB')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/registrations/K7QD-2MXP/check-in')).toHaveLength(1);
  });

  it("issues a returning JKN patient's SEP after check-in and prints it on its own", async () => {
    const sep = {
      number: '0301R0011226V000012',
      date: '2026-12-07',
      bookingCode: 'K7QD-2MXP',
      basis: {
        cardNo: '0001234567890',
        name: 'BUDI SANTOSO',
        birthDate: '1980-01-01',
        sex: 'L',
        mrn: '000123',
        careClass: { code: '3', name: 'KELAS III' },
        participantType: 'PEGAWAI SWASTA',
        clinic: { code: 'INT', name: 'PENYAKIT DALAM' },
        doctor: { code: '31574', name: 'dr. Andi Wijaya, Sp.PD' },
        referral: {
          number: '0114B0031126P000101',
          date: '2026-12-01',
          source: 'primary',
          referrer: { code: '0114B003', name: 'PUSKESMAS MENTENG' },
        },
        controlLetter: null,
      },
      input: { diagnosisCode: 'I10', note: '', cob: false, phone: '081234567890', accident: null },
      diagnosis: 'I10 - Essential (primary) hypertension',
      issuedAt: '2026-12-07T01:10:00.000Z',
      issuedBy: 'Anjungan mandiri',
    } satisfies Sep;
    const print = vi.fn(() => {
      // On paper goes the SEP, with the patient's diagnosis, while the print dialog is open.
      expect(screen.getByText('I10 - Essential (primary) hypertension')).toBeInTheDocument();
    });
    vi.stubGlobal('print', print);
    const fetchMock = mockApi({
      'POST /api/registrations/K7QD-2MXP/check-in': () => ({ ...booking, payer: 'JKN' }),
      'POST /api/registrations/K7QD-2MXP/sep': () => ({ sep, reason: null }),
    });
    renderApp('/anjungan');
    await typeCode('K7QD2MXP');
    expect(await screen.findByText('0301R0011226V000012')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/registrations/K7QD-2MXP/sep')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cetak SEP' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('I10 - Essential (primary) hypertension')).not.toBeInTheDocument();
  });

  it('sends a returning JKN patient to the counter for the SEP with the reason', async () => {
    mockApi({
      'POST /api/registrations/K7QD-2MXP/check-in': () => ({ ...booking, payer: 'JKN' }),
      'POST /api/registrations/K7QD-2MXP/sep': () => ({ sep: null, reason: 'Data Rujukan Tidak Ditemukan' }),
    });
    renderApp('/anjungan');
    await typeCode('K7QD2MXP');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SEP belum dapat dibuat: Data Rujukan Tidak Ditemukan Silakan ke loket pendaftaran untuk SEP Anda.',
    );
  });

  it('sends a new patient to the admission counter first', async () => {
    mockApi({ 'POST /api/registrations/K7QD-2MXP/check-in': () => ({ ...booking, newPatient: true }) });
    renderApp('/anjungan');
    await typeCode('K7QD2MXP');
    expect(await screen.findByText(/Pasien baru: silakan ke loket pendaftaran/)).toBeInTheDocument();
  });

  it('says in Indonesian when the code is unknown, and when it is for another day', async () => {
    mockApi({
      'POST /api/registrations/K7QD-2MXP/check-in': () =>
        apiError(404, 'NOT_FOUND', 'Kode booking tidak ditemukan.'),
      'POST /api/registrations/ABCD-2345/check-in': () =>
        apiError(409, 'NOT_TODAY', 'Check-in hanya bisa dilakukan pada hari kunjungan.'),
      'GET /api/registrations/ABCD-2345': () => ({ ...booking, bookingCode: 'ABCD-2345', status: 'BOOKED' }),
    });
    renderApp('/anjungan');
    await typeCode('K7QD2MXP');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode booking K7QD-2MXP tidak dikenal.');

    fireEvent.click(screen.getByRole('button', { name: 'Selesai' }));
    await typeCode('ABCD2345');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kode ABCD-2345 untuk kunjungan Senin, 7 Des 2026, bukan hari ini.',
    );
  });

  it('gives a walk-in patient a number of the kind they choose, the priority lane said on its button', async () => {
    const ticket: AdmissionTicket = {
      number: 'P-007',
      kind: 'PRIORITAS',
      seq: 7,
      date: '2026-12-07',
      issuedAt: '2026-12-07T01:05:00.000Z',
    };
    const fetchMock = mockApi({ 'POST /api/public/admission-tickets': () => ticket });
    renderApp('/anjungan');
    fireEvent.click(await screen.findByRole('button', { name: /Ambil nomor antrean pendaftaran/ }));
    expect(screen.getByRole('button', { name: /^BPJS/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Umum/ })).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: /^Prioritas Lansia, penyandang disabilitas, ibu hamil/ }),
    );
    expect(await screen.findByText('P-007')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/public/admission-tickets').map((r) => r.body)).toEqual([
      { kind: 'PRIORITAS' },
    ]);
    expect(screen.getByText('Prioritas')).toBeInTheDocument();
    expect(screen.getByText('7 Des 2026 08.05 WIB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cetak/ })).toBeInTheDocument();
  });

  it('has no link out of it, and goes back to its start screen after a minute without a touch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({});
    renderApp('/anjungan');
    fireEvent.click(await screen.findByRole('button', { name: /Check-in dengan kode booking/ }));
    fireEvent.click(screen.getByRole('button', { name: 'K' }));
    expect(screen.getByLabelText('Kode booking')).toHaveValue('K');
    expect(screen.queryAllByRole('link')).toEqual([]);

    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
    expect(screen.getByLabelText('Kode booking')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByLabelText('Kode booking')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Check-in dengan kode booking/ })).toBeInTheDocument();
  });
});
