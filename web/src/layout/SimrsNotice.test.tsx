import type { SimrsFreshness } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../test/fixtures';
import { apiError, mockApi, requestsTo } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

// The server's clock when it answered: 09.03 WIB.
const serverDate = 'Sat, 05 Jan 2030 02:03:00 GMT';

/** The freshness answer as the server sends it, with its Date header. */
const answer = (freshness: Partial<SimrsFreshness>) =>
  new Response(
    JSON.stringify({ linked: true, syncedAt: null, lastError: null, lastErrorAt: null, ...freshness }),
    { headers: { 'Content-Type': 'application/json', Date: serverDate } },
  );

function open(freshness: () => unknown, { loggedIn = true } = {}) {
  if (loggedIn) setStaffHint();
  const fetchMock = mockApi({
    'GET /api/auth/me': () =>
      loggedIn ? sessionWith(['piket']) : apiError(401, 'UNAUTHENTICATED', 'Belum masuk'),
    'GET /api/system/simrs': freshness,
  });
  renderApp('/');
  return fetchMock;
}

/** Waits until the layout has asked, then for the screen. */
async function asked(fetchMock: ReturnType<typeof open>) {
  await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/system/simrs')).toHaveLength(1));
  await screen.findByRole('heading', { level: 1, name: 'Beranda' });
}

const notice = () => screen.queryByText(/Data SIMRS/);

describe('the SIMRS notice on the staff screens', () => {
  it('says nothing standalone', async () => {
    await asked(open(() => ({ linked: false, syncedAt: null, lastError: null, lastErrorAt: null })));
    expect(notice()).not.toBeInTheDocument();
  });

  it('says nothing while the copy is current', async () => {
    await asked(open(() => answer({ syncedAt: '2030-01-05T02:02:00.000Z' })));
    expect(notice()).not.toBeInTheDocument();
  });

  it('says since when the data is, and how long ago, once the copy is over 2 minutes behind', async () => {
    open(() => answer({ syncedAt: '2030-01-05T01:51:00.000Z' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Data SIMRS per 08.51 WIB (12 menit yang lalu): perubahan terbaru di SIMRS belum masuk — layar ini memakai salinan terakhir.',
    );
  });

  it('says the SIMRS does not answer while the link fails, however recent the copy', async () => {
    open(() =>
      answer({
        syncedAt: '2030-01-05T02:02:00.000Z',
        lastError: 'connect ECONNREFUSED 10.1.2.3:3306',
        lastErrorAt: '2030-01-05T02:02:30.000Z',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Data SIMRS per 09.02 WIB (1 menit yang lalu): SIMRS tidak menjawab — layar ini memakai salinan terakhir.',
    );
  });

  it('says the data is incomplete during the first mirror', async () => {
    open(() => answer({}));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Data SIMRS belum lengkap: salinan pertama dari SIMRS masih dibuat.',
    );
  });

  it('shows nothing, and keeps the staff member logged in, when the question is refused', async () => {
    await asked(open(() => apiError(401, 'UNAUTHENTICATED', 'Sesi berakhir')));
    expect(notice()).not.toBeInTheDocument();
    expect(screen.queryByText('Sesi berakhir')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keluar' })).toBeInTheDocument();
  });

  it('is not asked for the public', async () => {
    const fetchMock = open(() => answer({ syncedAt: '2030-01-05T01:51:00.000Z' }), { loggedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Beranda' });
    expect(requestsTo(fetchMock, 'GET /api/system/simrs')).toEqual([]);
    expect(notice()).not.toBeInTheDocument();
  });
});
