import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { ApiError, apiFetch, apiPost, setCsrfToken } from './client';

function respond(body: string, status: number): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiFetch', () => {
  it('returns the JSON body of a successful answer', async () => {
    respond('{"status":"ok","database":"pglite"}', 200);
    await expect(apiFetch('/api/health')).resolves.toEqual({ status: 'ok', database: 'pglite' });
  });

  it("carries the API's error envelope, field errors included", async () => {
    respond(
      '{"error":{"code":"VALIDATION","message":"Data tidak valid","fields":{"phone":"Wajib diisi"}}}',
      400,
    );
    const error = await failure(apiFetch('/api/complaints'));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Data tidak valid',
      fields: { phone: 'Wajib diisi' },
    });
  });

  it('words in English the refusals whose code says it all, and keeps the server’s words for others', async () => {
    await i18n.changeLanguage('en');
    const taken =
      '{"error":{"code":"USERNAME_TAKEN","message":"Nama pengguna sudah dipakai.","fields":{"username":"Nama pengguna sudah dipakai."}}}';
    respond(taken, 409);
    expect(await failure(apiFetch('/api/staff'))).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'This username is already taken.',
      fields: { username: 'This username is already taken.' },
    });
    respond('{"error":{"code":"DATE_NOT_BOOKABLE","message":"Poli tutup pada tanggal ini."}}', 400);
    expect(await failure(apiFetch('/api/registrations'))).toMatchObject({
      message: 'Poli tutup pada tanggal ini.',
    });

    await i18n.changeLanguage('id');
    respond(taken, 409);
    expect(await failure(apiFetch('/api/staff'))).toMatchObject({ message: 'Nama pengguna sudah dipakai.' });
  });

  it('explains in Indonesian when something other than the API answered', async () => {
    respond('<html>Internal Server Error</html>', 500);
    const error = await failure(apiFetch('/api/health'));
    expect(error).toMatchObject({ status: 500, code: 'HTTP_500' });
    expect(error.message).toBe('Terjadi kesalahan pada server. Silakan coba lagi.');
  });

  it('says the server is restarting when a gateway answered for it', async () => {
    for (const status of [502, 503, 504]) {
      respond('<html>Bad Gateway</html>', status);
      const error = await failure(apiFetch('/api/health'));
      expect(error).toMatchObject({ status, code: `HTTP_${status}` });
      expect(error.message).toMatch(/^Server sedang tidak dapat dihubungi, mungkin sedang dimulai ulang/);
    }
  });

  it('explains in Indonesian when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiFetch('/api/health'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.message).toMatch(/Tidak dapat terhubung ke server/);
  });

  it('lets a cancelled request end quietly instead of reporting it as a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('Aborted', 'AbortError');
      }),
    );
    await expect(apiFetch('/api/health', { signal: controller.signal })).rejects.toThrow(DOMException);
  });

  it('sends the CSRF token of the session with state-changing requests, never with reads', async () => {
    respond('{}', 200);
    setCsrfToken('token-1');
    await apiFetch('/api/duty');
    await apiPost('/api/auth/logout');
    const [read, write] = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(read?.has('x-csrf-token')).toBe(false);
    expect(write?.get('x-csrf-token')).toBe('token-1');
  });

  it('posts JSON with its content type, and nothing at all without a body', async () => {
    respond('{}', 200);
    await apiPost('/api/duty/piket/handover', { staffId: 2, password: 'x' });
    await apiPost('/api/auth/logout');
    const [withBody, without] = vi.mocked(fetch).mock.calls.map(([, init]) => init);
    expect(withBody?.body).toBe('{"staffId":2,"password":"x"}');
    expect(new Headers(withBody?.headers).get('Content-Type')).toBe('application/json');
    expect(without?.body).toBeUndefined();
    expect(new Headers(without?.headers).has('Content-Type')).toBe(false);
  });

  it('answers undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiPost('/api/auth/logout')).resolves.toBeUndefined();
  });
});
