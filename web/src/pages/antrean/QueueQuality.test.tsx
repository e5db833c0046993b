import type { BpjsQueueView, QueueQuality, QueueQualityCounts } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const counts = (changes: Partial<QueueQualityCounts> = {}): QueueQualityCounts => ({
  jknVisits: 2,
  bookingAccepted: 2,
  task3: 2,
  task4: 1,
  task5: 1,
  task6: 0,
  task7: 0,
  complete: 1,
  failed: 0,
  ...changes,
});

const failure: QueueQuality['failures'][number] = {
  reportId: 41,
  bookingCode: 'G34E-WWS4',
  queueNumber: 'INT-002',
  clinicName: 'Poli Penyakit Dalam',
  patient: { name: 'Siti Rahmawati', mrn: '000123' },
  call: 'antrean/updatewaktu',
  taskId: 4,
  answer: 'BPJS menolak (201): Urutan Task Id tidak sesuai, harus dikirim berurutan',
  attempts: 3,
  resendable: true,
  status: 'failed',
  at: '2030-01-07T02:00:00.000Z',
};

function day(failures: QueueQuality['failures']): QueueQuality {
  return {
    date: '2030-01-07',
    clinics: [
      {
        clinicId: 1,
        clinicName: 'Poli Penyakit Dalam',
        bpjsCode: 'INT',
        ...counts({ failed: failures.length }),
      },
      { clinicId: 2, clinicName: 'Poli Anak', bpjsCode: null, ...counts({ jknVisits: 1, complete: 1 }) },
    ],
    total: counts({ jknVisits: 3, complete: 2, failed: failures.length }),
    failures,
  };
}

const monitorUrl = '/antrean?tab=mutu&tanggal=2030-01-07';

describe('the queue quality monitor', () => {
  it("shows per clinic what BPJS accepted, the refused report with BPJS's answer, and sends it again", async () => {
    setStaffHint();
    let resent = false;
    const fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith(['registration']),
      'GET /api/admin/clinics': () => [],
      'GET /api/queue/quality': () => day(resent ? [] : [failure]),
      'POST /api/queue/quality/reports/41/resend': () => {
        resent = true;
        return { status: 'pending' };
      },
    });
    const { user } = renderApp(monitorUrl);
    const table = await screen.findByRole('table', { name: /Mutu antrean online BPJS/ });
    const internal = await within(table).findByRole('row', { name: /Poli Penyakit Dalam/ });
    expect(
      within(internal)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Poli Penyakit DalamINT', '2', '2', '2', '1', '1', '0', '0', '1', '1']);
    expect(within(table).getByRole('row', { name: /Poli Anak/ })).toHaveTextContent(
      'belum dipetakan ke BPJS',
    );
    expect(within(table).getByRole('row', { name: /Semua poli/ })).toBeInTheDocument();
    expect(screen.getByText('2 dari 3 kunjungan JKN lengkap (67%).')).toBeInTheDocument();
    expect(new URL(requestsTo(fetchMock, 'GET /api/queue/quality')[0]!.url, 'http://portal').search).toBe(
      '?date=2030-01-07',
    );

    const failures = screen.getByRole('table', { name: 'Laporan yang ditolak atau gagal terkirim' });
    const row = within(failures).getByRole('row', { name: /G34E-WWS4/ });
    expect(row).toHaveTextContent('Siti Rahmawati');
    expect(row).toHaveTextContent('antrean/updatewaktu task 4');
    expect(row).toHaveTextContent('BPJS menolak (201): Urutan Task Id tidak sesuai, harus dikirim berurutan');
    await user.click(
      within(row).getByRole('button', {
        name: 'Kirim ulang laporan antrean/updatewaktu task 4 booking G34E-WWS4',
      }),
    );
    expect(await screen.findByText('Laporan dijadwalkan untuk dikirim ulang ke BPJS.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/queue/quality/reports/41/resend')).toHaveLength(1);
    expect(await within(failures).findByText('Tidak ada laporan yang gagal.')).toBeInTheDocument();
  });

  it("asks BPJS only on the button, and says why BPJS's view is unavailable", async () => {
    setStaffHint();
    const fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith(['registration']),
      'GET /api/admin/clinics': () => [],
      'GET /api/queue/quality': () => day([]),
      'GET /api/queue/quality/bpjs': (): BpjsQueueView => ({
        available: false,
        date: '2030-01-07',
        reason: 'Data BPJS tidak dapat diambil: BPJS tidak dapat dihubungi (ECONNREFUSED)',
      }),
    });
    const { user } = renderApp(monitorUrl);
    await screen.findByRole('table', { name: /Mutu antrean online BPJS/ });
    expect(requestsTo(fetchMock, 'GET /api/queue/quality/bpjs')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ambil data BPJS' }));
    expect(
      await screen.findByText(
        'Data BPJS tidak tersedia: Data BPJS tidak dapat diambil: BPJS tidak dapat dihubungi (ECONNREFUSED)',
      ),
    ).toBeInTheDocument();
    // The portal's side stays.
    expect(screen.getByRole('table', { name: /Mutu antrean online BPJS/ })).toHaveTextContent('Poli Anak');
  });

  it("sets BPJS's bookings and waiting times beside the portal's", async () => {
    setStaffHint();
    mockApi({
      'GET /api/auth/me': () => sessionWith(['admin']),
      'GET /api/admin/clinics': () => [],
      'GET /api/queue/quality': () => day([]),
      'GET /api/queue/quality/bpjs': (): BpjsQueueView => ({
        available: true,
        date: '2030-01-07',
        bpjsBookings: 4,
        bpjsJkn: 3,
        onlyAtBpjs: [
          {
            bookingCode: 'MJKN-1',
            bpjsCode: 'INT',
            bpjsStatus: 'Belum dilayani',
            bpjsTasks: null,
            portalTasks: [],
          },
        ],
        onlyInPortal: [],
        tasksDiffer: [
          {
            bookingCode: 'G34E-WWS4',
            bpjsCode: 'INT',
            bpjsStatus: 'Selesai dilayani',
            bpjsTasks: [3, 4],
            portalTasks: [3, 4, 5],
          },
        ],
        waitingTimes: [
          {
            bpjsCode: 'INT',
            clinicName: 'PENYAKIT DALAM',
            queued: 3,
            averageSeconds: [0, 0, 905, 600, 0, 0],
          },
        ],
      }),
    });
    const { user } = renderApp(monitorUrl);
    await user.click(await screen.findByRole('button', { name: 'Ambil data BPJS' }));
    expect(
      await screen.findByText('BPJS mencatat 4 antrean pada tanggal ini, 3 di antaranya JKN.'),
    ).toBeInTheDocument();
    const differences = screen.getByRole('table', { name: 'Selisih portal dan BPJS' });
    expect(within(differences).getByRole('row', { name: /MJKN-1/ })).toHaveTextContent('Hanya di BPJS');
    expect(within(differences).getByRole('row', { name: /G34E-WWS4/ })).toHaveTextContent('Task berbeda');
    const waits = screen.getByRole('table', { name: 'Rata-rata waktu tunggu menurut BPJS' });
    await waitFor(() =>
      expect(within(waits).getByRole('row', { name: /PENYAKIT DALAM/ })).toHaveTextContent('15 mnt 5 dtk'),
    );
  });
});
