import type { OutboxBacklog, OutboxMessage } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings, SETTINGS_KEY } from '../../components/settings';
import i18n from '../../i18n';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

// The outbox screen stands for the desks' shared parts: its table (DeskTable) and its filter and paging
// (useDeskFilter) are those of the orders, complaints and duty-log desks.

const message = (id: number, status: OutboxMessage['status']): OutboxMessage => ({
  id,
  channel: 'whatsapp',
  recipient: '081234567890',
  message: `Pesan ${id}`,
  status,
  attempts: status === 'failed' ? 5 : 1,
  lastError: status === 'failed' ? 'gateway 502' : null,
  reply: null,
  nextAttemptAt: null,
  createdAt: '2030-01-05T06:00:00.000Z',
  sentAt: status === 'sent' ? '2030-01-05T06:01:00.000Z' : null,
});

const calm: OutboxBacklog[] = [
  {
    channel: 'whatsapp',
    pending: 0,
    failed: 0,
    oldestPendingAt: null,
    stuck: 0,
    oldestStuckAt: null,
    lastSentAt: null,
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
];

const query = (url: string) => Object.fromEntries(new URL(url, 'http://portal').searchParams);

describe('the WhatsApp outbox desk', () => {
  it('keeps its filter and page in the address, and a new filter starts again on the first page', async () => {
    setStaffHint();
    const fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith(['admin']),
      'GET /api/desk/outbox/backlog': () => calm,
      'GET /api/desk/outbox': (request) => {
        const { status = 'sent', page } = query(request.url);
        return { items: [message(Number(page) * 10, status as OutboxMessage['status'])], total: 45 };
      },
    });
    const { user, router } = renderApp('/notifikasi?page=2');
    const table = await screen.findByRole('table', { name: 'Notifikasi WhatsApp dan laporan BPJS' });
    expect(await within(table).findByText('Pesan 20', { exact: true })).toBeInTheDocument();
    expect(query(requestsTo(fetchMock, 'GET /api/desk/outbox')[0]!.url)).toEqual({
      page: '2',
      pageSize: '20',
    });

    await user.click(screen.getByRole('button', { name: 'Halaman 3' }));
    expect(await within(table).findByText('Pesan 30', { exact: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');

    await user.selectOptions(screen.getByLabelText('Status'), 'Gagal');
    expect(await within(table).findByText('Pesan 10', { exact: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=failed');
    expect(query(requestsTo(fetchMock, 'GET /api/desk/outbox').at(-1)!.url)).toEqual({
      page: '1',
      pageSize: '20',
      status: 'failed',
    });

    // Back: the previous page and filter, as they were.
    router.navigate(-1);
    expect(await within(table).findByText('Pesan 30', { exact: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Semua');
  });

  it('says when the list could not be loaded, rather than that it is empty, and loads it again', async () => {
    setStaffHint();
    let down = true;
    mockApi({
      'GET /api/auth/me': () => sessionWith(['admin']),
      'GET /api/desk/outbox/backlog': () => calm,
      'GET /api/desk/outbox': () =>
        down
          ? apiError(503, 'UNAVAILABLE', 'Basis data tidak tersedia.')
          : { items: [message(1, 'sent')], total: 1 },
    });
    const { user } = renderApp('/notifikasi');
    const reload = await screen.findByRole('button', { name: 'Muat ulang' });
    // Beside the button, not only in the passing error toast.
    expect(reload.closest('[role="alert"]')).toHaveTextContent('Basis data tidak tersedia.');
    expect(screen.getByText('Daftar belum dapat dimuat.')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada pesan.')).not.toBeInTheDocument();

    down = false;
    await user.click(reload);
    expect(await screen.findByText('Pesan 1', { exact: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Daftar belum dapat dimuat.')).not.toBeInTheDocument());
  });

  it('says which channel is not configured and how many of its messages wait for it', async () => {
    setStaffHint();
    mockApi({
      'GET /api/auth/me': () => sessionWith(['cs']),
      'GET /api/desk/outbox': () => ({ items: [message(1, 'pending')], total: 1 }),
      'GET /api/desk/outbox/backlog': () => [{ ...calm[0], pending: 12, configured: false }, calm[1]],
    });
    renderApp('/notifikasi');
    const held = await screen.findByRole('region', { name: 'Tertahan' });
    expect(held).toHaveTextContent(
      'WhatsApp: belum dikonfigurasi (WHATSAPP_GATEWAY_URL); 12 pesan menunggu di sini dan baru terkirim setelah diatur.',
    );
    expect(held).toHaveTextContent('BPJS Antrean: tidak ada yang tertahan.');
  });

  it('in English, counts one waiting message as one', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, language: 'en' }));
    await i18n.changeLanguage('en');
    setStaffHint();
    mockApi({
      'GET /api/auth/me': () => sessionWith(['cs']),
      'GET /api/desk/outbox': () => ({ items: [message(1, 'pending')], total: 1 }),
      'GET /api/desk/outbox/backlog': () => [{ ...calm[0], pending: 1, configured: false }, calm[1]],
    });
    renderApp('/notifikasi');
    const held = await screen.findByRole('region', { name: 'Held up' });
    expect(held).toHaveTextContent(
      'WhatsApp: not configured (WHATSAPP_GATEWAY_URL); 1 message waits here and goes out once it is set.',
    );
  });

  it('shows what is held up per channel and since when, and resends every failed BPJS report at one click', async () => {
    setStaffHint();
    let failed = 140;
    const fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith(['piket']),
      'GET /api/desk/outbox': () => ({ items: [message(1, 'failed')], total: 1 }),
      'GET /api/desk/outbox/backlog': () => [
        calm[0],
        {
          channel: 'bpjs',
          pending: 300,
          failed,
          oldestPendingAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
          stuck: failed + 300,
          oldestStuckAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
          lastSentAt: null,
          configured: true,
        },
      ],
      'POST /api/desk/outbox/retry-failed': () => {
        const retried = failed;
        failed = 0;
        return { retried };
      },
    });
    const { user } = renderApp('/notifikasi');
    const held = await screen.findByRole('region', { name: 'Tertahan' });
    await waitFor(() =>
      expect(held).toHaveTextContent(
        'BPJS Antrean: 440 pesan tertahan (gagal dicoba), yang tertua dibuat 3 jam yang lalu; 140 gagal permanen.',
      ),
    );
    expect(held).toHaveTextContent('WhatsApp: tidak ada yang tertahan.');
    expect(
      within(held).queryByRole('button', { name: 'Kirim ulang semua yang gagal: WhatsApp' }),
    ).not.toBeInTheDocument();

    await user.click(
      within(held).getByRole('button', { name: 'Kirim ulang semua yang gagal: BPJS Antrean' }),
    );
    expect(await screen.findByText('140 pesan dijadwalkan untuk dikirim ulang.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/desk/outbox/retry-failed').map((r) => r.body)).toEqual([
      { channel: 'bpjs' },
    ]);
    await waitFor(() =>
      expect(
        within(held).queryByRole('button', { name: 'Kirim ulang semua yang gagal: BPJS Antrean' }),
      ).not.toBeInTheDocument(),
    );
  });
});
