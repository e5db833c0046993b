import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedUrl } from './app.js';
import { createTestApp, type TestApp } from './test/app.js';

// Issue 31, point 8: booking codes and survey tokens appeared in the request log's URLs. Whoever reads the
// log (an operator, a log shipper, a backup of the logs) could open the booking or answer the survey.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** The URLs of the request log's lines since `mark`. */
const urlsSince = (mark: number) =>
  t.logs
    .slice(mark)
    .map((line) => (line.req as { url?: string } | undefined)?.url)
    .filter((url): url is string => url !== undefined);

describe('the request log', () => {
  const secrets: [string, string, string, string][] = [
    // method, URL, the secret in it, what the log shows instead
    ['GET', '/api/registrations/KQ7M-X4PZ', 'KQ7M-X4PZ', '/api/registrations/:code'],
    ['GET', '/api/registrations/KQ7MX4PZ/qr.png', 'KQ7MX4PZ', '/api/registrations/:code/qr.png'],
    [
      'GET',
      '/api/public/surveys/Zb3kQp9wXy2LmN7vRt4sUa6c',
      'Zb3kQp9wXy2LmN7vRt4sUa6c',
      '/api/public/surveys/:token',
    ],
    ['GET', '/api/orders/HN4T-8WQR?phone=081244556677', 'HN4T-8WQR', '/api/orders/:code?[redacted]'],
    ['GET', '/api/complaints/PX2R-7KMD', 'PX2R-7KMD', '/api/complaints/:code'],
    [
      'DELETE',
      '/api/admin/whatsapp-opt-outs/6281244556677',
      '6281244556677',
      '/api/admin/whatsapp-opt-outs/:phone',
    ],
    // No route: the web app's page of the survey link sent by WhatsApp, and a method no route has.
    ['GET', '/survei/Zb3kQp9wXy2LmN7vRt4sUa6c', 'Zb3kQp9wXy2LmN7vRt4sUa6c', '/survei/[disembunyikan]'],
    ['PATCH', '/api/registrations/KQ7M-X4PZ', 'KQ7M-X4PZ', '/api/registrations/[disembunyikan]'],
  ];

  it.each(secrets)('%s %s: shows the route, not the secret', async (method, url, secret, shown) => {
    const mark = t.logs.length;
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expect(urlsSince(mark)).toContain(shown);
    expect(JSON.stringify(t.logs.slice(mark))).not.toContain(secret);
  });

  it('keeps the paths of routes without values as they are', async () => {
    const mark = t.logs.length;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/jadwal-dokter' });
    expect(urlsSince(mark)).toEqual(['/api/health', '/jadwal-dokter']);
  });

  it('hides every segment of an unrouted path that is not a word, and the whole query', () => {
    expect(loggedUrl('/pasien/123/ubah', undefined)).toBe('/pasien/[disembunyikan]/ubah');
    expect(loggedUrl('/api/x/Budi%20Santoso?nik=3174012345678901', undefined)).toBe(
      '/api/x/[disembunyikan]?[redacted]',
    );
    expect(loggedUrl('/api/patients/42?q=x', '/api/patients/:id')).toBe('/api/patients/:id?[redacted]');
    expect(loggedUrl(undefined, undefined)).toBeUndefined();
  });
});
