import { once } from 'node:events';
import http2 from 'node:http2';
import { connect as tlsConnect } from 'node:tls';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { Agent, fetch } from 'undici';
import { createClinic, randomPrefix } from '../support/clinics.ts';
import { bookByApi, checkInAtDesk } from '../support/booking.ts';
import { type ProxiedPortal, startBehindNginx } from '../support/nginx.ts';
import { type StaffSession } from '../support/staff.ts';

// The production kit (deploy/) as a hospital runs it: the built portal with deploy/portal.env.example behind
// Debian's nginx with deploy/nginx/portal.conf, reached over HTTPS like a browser or a ward's TV does.
// One portal and one nginx for the whole file (its project runs the file's tests in order, in one worker).

let portal: ProxiedPortal;
/** Connections to nginx that trust its certificate. */
let tls: Agent;

test.beforeAll(async () => {
  // A fresh embedded database with the demo data: about 10 s, three times that on a busy machine.
  test.setTimeout(120_000);
  portal = await startBehindNginx();
  tls = new Agent({ connect: { ca: portal.certificate } });
});

test.afterAll(async () => {
  await tls?.destroy();
  await portal?.stop();
});

/** An API caller through nginx (HTTP/1.1, as Playwright's requests are). */
const caller = () => request.newContext({ baseURL: portal.https, ignoreHTTPSErrors: true });

/** A staff member's API caller through nginx, logged in. */
async function staffCaller(username: string): Promise<{ api: APIRequestContext; session: StaffSession }> {
  const api = await caller();
  const login = await api.post('/api/auth/login', { data: { username, password: `rahasia-${username}` } });
  expect(login.status(), await login.text()).toBe(200);
  return { api, session: (await login.json()) as StaffSession };
}

/** One request over HTTP/2 to nginx, as a browser makes it. */
async function http2Get(path: string) {
  const client = http2.connect(portal.https, { ca: portal.certificate });
  try {
    const stream = client.request({ ':path': path });
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    stream.setEncoding('utf8');
    let body = '';
    for await (const chunk of stream) body += chunk;
    return { status: headers[':status'], headers, body };
  } finally {
    client.close();
  }
}

test('answers over TLS with its certificate and HTTP/2 offered, with the portal’s HSTS once', async () => {
  const socket = tlsConnect({
    host: '127.0.0.1',
    port: Number(new URL(portal.https).port),
    ca: portal.certificate,
    ALPNProtocols: ['h2', 'http/1.1'],
  });
  await once(socket, 'secureConnect');
  expect(socket.authorized).toBe(true);
  expect(socket.alpnProtocol).toBe('h2');
  socket.end();

  const health = await http2Get('/api/health');
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
  // From the portal (COOKIE_SECURE=true), not repeated by nginx: two would be joined here.
  expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
});

test('plain HTTP is sent to HTTPS for good, with the path and query kept', async () => {
  const answer = await fetch(`${portal.http}/registrasi/lacak?kode=ABCD-EFGH`, { redirect: 'manual' });
  expect(answer.status).toBe(301);
  // The test's nginx listens on another port; a hospital's on 443, which the address leaves out.
  expect(answer.headers.get('location')).toBe('https://127.0.0.1/registrasi/lacak?kode=ABCD-EFGH');
});

test('a patient books through the proxy, and the queue board’s live stream shows the desk’s check-in', async () => {
  const { api: desk, session: fajar } = await staffCaller('fajar');
  const clinic = await createClinic({ request: desk }, fajar, randomPrefix('N'));
  const visitor = await caller();
  const { bookingCode } = await bookByApi(
    visitor,
    { clinicId: clinic.id },
    {
      name: 'Andi Baso Tallo',
      birthDate: '1968-03-12',
      sex: 'L',
      address: 'Jl. Urip Sumoharjo No. 12, Makassar',
    },
  );

  // The waiting room's TV: the board's event stream over HTTP/2, as a browser opens it.
  const client = http2.connect(portal.https, { ca: portal.certificate });
  try {
    const stream = client.request({ ':path': '/api/queue/board/stream', accept: 'text/event-stream' });
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toContain('text/event-stream');
    stream.setEncoding('utf8');
    const boards = (async function* () {
      let buffered = '';
      for await (const chunk of stream) {
        buffered += chunk;
        const events = buffered.split('\n\n');
        buffered = events.pop() ?? '';
        for (const event of events) {
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (data) yield JSON.parse(data) as { clinics: { clinic: { id: number }; waiting: number }[] };
        }
      }
    })();
    /** Reads the stream until the board shows `count` waiting at the clinic (10 s at most). */
    const boardShowsWaiting = async (count: number) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the board never showed ${count} waiting`)), 10_000);
      });
      try {
        for (;;) {
          const next = await Promise.race([boards.next(), deadline]);
          if (next.done) throw new Error('the stream ended');
          if (next.value.clinics.find((row) => row.clinic.id === clinic.id)?.waiting === count) return;
        }
      } finally {
        clearTimeout(timer);
      }
    };
    await boardShowsWaiting(0);

    await checkInAtDesk(desk, fajar, bookingCode);
    await boardShowsWaiting(1);
  } finally {
    client.close();
    await desk.dispose();
    await visitor.dispose();
  }
});

test('the portal records the caller’s own address, whatever X-Forwarded-For the caller sends', async () => {
  // Another loopback address than the one nginx itself talks to the portal from.
  const from = new Agent({ localAddress: '127.0.0.2', connect: { ca: portal.certificate } });
  try {
    const login = await fetch(`${portal.https}/api/auth/login`, {
      dispatcher: from,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ username: 'agus', password: 'rahasia-agus' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const attempts = await fetch(`${portal.https}/api/auth/attempts`, {
      dispatcher: from,
      headers: { cookie },
    });
    expect(attempts.status).toBe(200);
    const { items } = (await attempts.json()) as {
      items: { kind: string; outcome: string; address: string }[];
    };
    expect(items[0]).toMatchObject({ kind: 'login', outcome: 'success', address: '127.0.0.2' });
  } finally {
    await from.destroy();
  }
});

test('hashed assets are cached for a year, the page itself is revalidated', async () => {
  const page = await fetch(`${portal.https}/`, { dispatcher: tls });
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeDefined();

  const asset = await fetch(`${portal.https}${script}`, { dispatcher: tls });
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toContain('javascript');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  await asset.body?.cancel();
});

test('a body as large as BODY_LIMIT reaches the portal, one byte more is refused with 413', async () => {
  const limit = Number(portal.env.BODY_LIMIT);
  const post = (path: string, type: string, body: string) =>
    fetch(`${portal.https}${path}`, {
      dispatcher: tls,
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
  const json = (size: number) => `{"note":"${'x'.repeat(size - '{"note":""}'.length)}"}`;

  // Read and refused by the portal itself (it carries the portal's request id): no login in it.
  const taken = await post('/api/auth/login', 'application/json', json(limit));
  expect(taken.status).toBe(400);
  expect(taken.headers.get('x-request-id')).toBeTruthy();
  await taken.body?.cancel();

  const refused = await post('/api/auth/login', 'application/json', json(limit + 1));
  expect(refused.status).toBe(413);
  expect(await refused.json()).toEqual({
    error: { code: 'PAYLOAD_TOO_LARGE', message: 'Data yang dikirim terlalu besar.' },
  });

  // A tariff book's CSV may be larger (the portal takes 5 MiB there): it reaches the portal, which asks
  // who is sending it.
  const csv = `kode,nama,tarif\n${'K001,Konsultasi dokter spesialis,150000\n'.repeat((2 * limit) / 40)}`;
  const tariffs = await post('/api/tariff-books/1/import', 'text/csv', csv);
  expect(tariffs.status).toBe(401);
  await tariffs.body?.cancel();
});

test('/metrics answers on the portal’s own port only, never through nginx', async () => {
  const authorization = `Bearer ${portal.env.METRICS_TOKEN}`;
  const direct = await fetch(`${portal.direct}/metrics`, { headers: { authorization } });
  expect(direct.status).toBe(200);
  expect(await direct.text()).toContain('portal_http_requests_total');

  for (const path of ['/metrics', '/metrics/', '/%6Detrics', '//metrics']) {
    const proxied = await fetch(`${portal.https}${path}`, { dispatcher: tls, headers: { authorization } });
    expect(proxied.status, path).toBe(404);
    expect(await proxied.text(), path).not.toContain('portal_http_requests_total');
  }
});

test('lists and exports leave nginx compressed, the portal’s event streams pass through as they are', async () => {
  const tariffs = await fetch(`${portal.https}/api/ambulance-tariffs`, {
    dispatcher: tls,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(tariffs.status).toBe(200);
  expect(tariffs.headers.get('content-encoding')).toBe('gzip');
  expect(tariffs.headers.get('vary')).toContain('Accept-Encoding');
  // Read as the browser reads it, unpacked.
  expect(((await tariffs.json()) as unknown[]).length).toBeGreaterThan(5);

  const stream = await fetch(`${portal.https}/api/beds/stream`, {
    dispatcher: tls,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-encoding')).toBeNull();
  await stream.body?.cancel();
});

// Last in the file: it stops the portal, as an upgrade does, with nginx left running.
test('while the portal is stopped, a page says so in Indonesian and tries again, and the API answers in its envelope', async ({
  page,
}) => {
  await portal.stopPortal();

  const response = await page.goto(`${portal.https}/registrasi`);
  expect(response?.status()).toBe(503);
  expect(response?.headers()['retry-after']).toBe('15');
  await expect(page.getByRole('heading', { name: 'Portal sedang diperbarui' })).toBeVisible();
  await expect(page.getByText('mencoba lagi sendiri setiap 15 detik')).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '15');

  const api = await fetch(`${portal.https}/api/clinics`, { dispatcher: tls });
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('15');
  expect(await api.json()).toEqual({
    error: {
      code: 'SERVICE_UNAVAILABLE',
      message: 'Portal sedang dimulai ulang atau diperbarui. Coba lagi dalam beberapa saat.',
    },
  });
  // The limit of a body is still nginx's own refusal, whether or not the portal runs.
  const tooLarge = await fetch(`${portal.https}/api/auth/login`, {
    dispatcher: tls,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: 'x'.repeat(Number(portal.env.BODY_LIMIT) + 1),
  });
  expect(tooLarge.status).toBe(413);
  await tooLarge.body?.cancel();
});
