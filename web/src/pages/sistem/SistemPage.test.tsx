import type { SystemStatus } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

// The server's clock when it answered: 13.00 WIB.
const checkedAt = '2030-01-05T06:00:00.000Z';

const status = (changes: Partial<SystemStatus> = {}): SystemStatus => ({
  checkedAt,
  version: '0.1.0',
  commit: 'c172880aa07c1d2f3e4b5a6978695a4b3c2d1e0f',
  node: 'v22.12.0',
  database: { kind: 'postgres', sizeBytes: 52_428_800 },
  startedAt: '2030-01-02T06:00:00.000Z',
  uptimeSeconds: 3 * 24 * 60 * 60,
  workers: 4,
  staffSessions: 7,
  outbox: [
    {
      channel: 'whatsapp',
      pending: 3,
      failed: 1,
      oldestPendingAt: '2030-01-05T03:30:00.000Z',
      stuck: 1,
      oldestStuckAt: '2030-01-05T03:30:00.000Z',
      lastSentAt: '2030-01-05T05:55:00.000Z',
      configured: true,
    },
    {
      channel: 'bpjs',
      pending: 0,
      failed: 0,
      oldestPendingAt: null,
      stuck: 0,
      oldestStuckAt: null,
      lastSentAt: null,
      configured: true,
    },
  ],
  backup: {
    finishedAt: '2030-01-04T02:00:00.000Z',
    file: '/var/backups/portal/portal-postgres-20300104-0900.dump',
    sizeBytes: 15_728_640,
    kind: 'postgres',
    drilledAt: null,
  },
  warnings: [],
  simrsLink: null,
  ...changes,
});

const linked: SystemStatus['simrsLink'] = {
  target: 'mysql://simrs@10.1.2.3:3306/simrs',
  tables: [
    {
      table: 'master_pasien',
      rowsMirrored: 120_345,
      rowsRejected: 2,
      lastRejection: 'tanggal lahir tidak terbaca',
      fullDone: true,
      fullRecno: 120_347,
      syncedAt: '2030-01-05T05:59:00.000Z',
      lastError: null,
      lastErrorAt: null,
    },
    {
      table: 'registrasi',
      rowsMirrored: 5_000,
      rowsRejected: 0,
      lastRejection: null,
      fullDone: false,
      fullRecno: 5_000,
      syncedAt: null,
      lastError: 'SIMRS tidak menjawab: connect ECONNREFUSED 10.1.2.3:3306',
      lastErrorAt: '2030-01-05T05:48:00.000Z',
    },
  ],
};

function open(answer: SystemStatus, roles: Parameters<typeof sessionWith>[0] = ['admin']) {
  setStaffHint();
  const fetchMock = mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/system': () => answer,
  });
  renderApp('/sistem');
  return fetchMock;
}

const card = async (heading: string) =>
  (await screen.findByRole('heading', { name: heading, level: 2 })).closest('section') as HTMLElement;

describe('the system screen (admins)', () => {
  it('shows the version, the database, how long the server runs and the staff sessions', async () => {
    open(status());
    expect(await screen.findByRole('heading', { name: 'Sistem', level: 1 })).toBeInTheDocument();
    const server = await card('Server');
    expect(within(server).getByText('c172880')).toHaveAttribute('title', status().commit);
    expect(server).toHaveTextContent('Berjalan sejak2 Jan 2030 13.00 WIB (3 hari yang lalu)');
    expect(server).toHaveTextContent('Proses server4');
    expect(server).toHaveTextContent('Sesi staf aktif7');
    const database = await card('Basis data');
    expect(database).toHaveTextContent('PostgreSQL');
    expect(database).toHaveTextContent('Ukuran50 MB');
    // Nothing to do: said so, rather than an empty card.
    expect(await card('Perlu perhatian')).toHaveTextContent(
      'Tidak ada yang perlu diperhatikan pada konfigurasi.',
    );
  });

  it('shows each configuration warning as an alert', async () => {
    open(
      status({
        warnings: [
          { code: 'WHATSAPP_GATEWAY_OFF', message: 'Gateway WhatsApp belum dikonfigurasi.' },
          { code: 'EMBEDDED_DATABASE', message: 'Basis data tertanam.' },
        ],
      }),
    );
    const warnings = await card('Perlu perhatian');
    const alerts = within(warnings).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Gateway WhatsApp belum dikonfigurasi (WHATSAPP_GATEWAY_URL): pesan ke pasien menunggu di outbox.',
      'Basis data tertanam (PGlite) cukup untuk uji coba; untuk produksi pakai PostgreSQL (DATABASE_URL).',
    ]);
  });

  it('shows per channel what waits and since when, what failed and the last delivery', async () => {
    open(status());
    const table = await screen.findByRole('table', { name: 'Outbox' });
    const whatsapp = within(table).getByRole('cell', { name: 'WhatsApp' }).closest('tr') as HTMLElement;
    const cells = within(whatsapp).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'WhatsApp',
      '3',
      '1',
      '5 Jan 2030 10.30 WIB (2 jam yang lalu)',
      '5 Jan 2030 12.55 WIB (5 menit yang lalu)',
    ]);
    const bpjs = within(table).getByRole('cell', { name: 'BPJS Antrean' }).closest('tr') as HTMLElement;
    expect(
      within(bpjs)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['BPJS Antrean', '0', '0', '–', 'Belum pernah']);
  });

  it('flags a backup older than 26 hours, and shows what it was', async () => {
    open(status());
    const backup = await card('Cadangan terakhir');
    expect(within(backup).getByRole('alert')).toHaveTextContent(
      'Cadangan terakhir lebih dari 26 jam yang lalu.',
    );
    expect(backup).toHaveTextContent('Selesai4 Jan 2030 09.00 WIB (1 hari yang lalu)');
    expect(backup).toHaveTextContent('/var/backups/portal/portal-postgres-20300104-0900.dump');
    expect(backup).toHaveTextContent('Ukuran15 MB');
    expect(backup).toHaveTextContent('Uji pemulihan berhasilBelum pernah');
  });

  it('leaves a recent backup unflagged', async () => {
    open(status({ backup: { ...status().backup!, finishedAt: '2030-01-05T05:00:00.000Z' } }));
    const backup = await card('Cadangan terakhir');
    expect(backup).toHaveTextContent('Selesai5 Jan 2030 12.00 WIB (1 jam yang lalu)');
    expect(within(backup).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when there is no backup at all', async () => {
    open(status({ backup: null }));
    const backup = await card('Cadangan terakhir');
    expect(within(backup).getByRole('alert')).toHaveTextContent('Belum ada cadangan.');
  });

  it('has no SIMRS link section standalone', async () => {
    open(status());
    await card('Server');
    expect(screen.queryByRole('heading', { name: 'Tautan SIMRS' })).not.toBeInTheDocument();
  });

  it('shows the SIMRS it mirrors and, per table, how far the copy is and what went wrong', async () => {
    open(status({ simrsLink: linked }));
    expect(await card('Tautan SIMRS')).toHaveTextContent('Alamat SIMRSmysql://simrs@10.1.2.3:3306/simrs');
    const table = await screen.findByRole('table', { name: 'Tautan SIMRS' });
    const row = (name: string) =>
      within(within(table).getByRole('cell', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('master_pasien')).toEqual([
      'master_pasien',
      '120.345',
      '2Terakhir: tanggal lahir tidak terbaca',
      'Selesai',
      '5 Jan 2030 12.59 WIB (1 menit yang lalu)',
      '–',
    ]);
    expect(row('registrasi')).toEqual([
      'registrasi',
      '5.000',
      '0',
      'sampai sr_recno 5000',
      'Belum ada (cermin pertama berjalan)',
      'SIMRS tidak menjawab: connect ECONNREFUSED 10.1.2.3:33065 Jan 2030 12.48 WIB (12 menit yang lalu)',
    ]);
  });

  it('is not for staff without the admin role', async () => {
    const fetchMock = open(status(), ['piket']);
    expect(await screen.findByText('Anda tidak berhak membuka keadaan sistem.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/system')).toEqual([]);
  });
});
