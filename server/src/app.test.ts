import { connect } from 'node:net';
import type { ErrorResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    bodyLimit: 2048,
    extend(app) {
      app.post(
        '/api/test/echo',
        { schema: { body: z.object({ name: z.string().min(3), age: z.number().int() }) } },
        async (request) => request.body,
      );
      app.get('/api/test/crash', async () => {
        throw new Error('relation "secret_table" does not exist at SELECT password FROM staff');
      });
    },
  });
});
afterAll(() => t.app.close());

describe('error envelope', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json<ErrorResponse>().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Alamat API tidak ditemukan.',
    });
  });

  it('names each invalid field in Bahasa Indonesia and echoes nothing back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A', age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<ErrorResponse>();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Data yang dikirim tidak valid.');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['age', 'name']);
    expect(error.fields?.name).toMatch(/Terlalu kecil/);
  });

  it('reports a missing body as a validation error of the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().error.fields).toHaveProperty('body');
  });

  it('refuses malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().error.message).toBe('Isi permintaan bukan JSON yang valid.');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorResponse>().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers what Node refuses before routing (a URL over 16 kB, a malformed request) in the envelope', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const long = await fetch(`${base}/api/health?q=${'a'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(long.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await long.json()) as ErrorResponse).error.code).toBe('HEADERS_TOO_LARGE');

    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end('GET /api/health HTTP/1.1\r\nHost x\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Permintaan HTTP tidak valid.' },
    });
  });

  it('hides internals of an unexpected error and logs it with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret_table|SELECT|password|at /);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json<ErrorResponse>().error).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(res.json<ErrorResponse>().error.message).toContain(String(requestId));
    const logged = t.logs.find((l) => l.reqId === requestId && l.level === 50);
    expect(JSON.stringify(logged)).toContain('secret_table');
  });
});

describe('logging', () => {
  it('never writes cookies, authorization or passwords to the log', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie: 'sid=SESSION-SECRET', authorization: 'Bearer TOKEN-SECRET' },
      payload: { name: 'Budi', age: 30 },
    });
    t.app.log.info({ password: 'PLAIN-SECRET', req: { headers: { cookie: 'sid=SESSION-SECRET' } } }, 'probe');
    const all = JSON.stringify(t.logs);
    expect(all).toContain('probe');
    expect(all).not.toMatch(/SESSION-SECRET|TOKEN-SECRET|PLAIN-SECRET/);
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3 document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']?.get).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/health'])).toContain('pglite');
  });

  it('documents the paths of API.md for orders and complaints, and the desks', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: [string, string][] = [
      ['/api/ambulance-orders', 'post'],
      ['/api/hearse-orders', 'post'],
      ['/api/orders/{code}', 'get'],
      ['/api/complaint-categories', 'get'],
      ['/api/complaints', 'post'],
      ['/api/complaints/{code}', 'get'],
      ['/api/desk/orders/{id}/status', 'post'],
      ['/api/desk/complaints/{id}/responses', 'post'],
      ['/api/desk/outbox/{id}/retry', 'post'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
