import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dutyEvents, dutyPosts, loginAttempts } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createStaffMember, type LoggedIn, loginAs, type TestStaff } from '../../test/factories.js';

let t: TestApp;
let piket: TestStaff[];
let cs: TestStaff;
let bothRoles: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  // Names out of alphabetical order, to see the candidates sorted.
  piket = [
    await createStaffMember(db, { roles: ['piket'], name: 'Sertu Yusuf' }),
    await createStaffMember(db, { roles: ['piket'], name: 'Bripda Ahmad' }),
    await createStaffMember(db, { roles: ['piket', 'ward'], name: 'Ns. Maria' }),
  ];
  cs = await createStaffMember(db, { roles: ['cs'], name: 'Citra CS' });
  bothRoles = await createStaffMember(db, { roles: ['piket', 'cs'], name: 'Dedi Serbabisa' });
  admin = await createStaffMember(db, { roles: ['admin'], name: 'Admin Uji' });
});
afterAll(() => t.app.close());

beforeEach(async () => {
  // Each test starts from the same posts and a clean throttle.
  const { db } = t.database;
  await db.delete(dutyEvents);
  await db.delete(loginAttempts);
  await db.delete(dutyPosts);
  await db.insert(dutyPosts).values([
    { role: 'piket', staffId: piket[0]!.id },
    { role: 'cs', staffId: cs.id },
  ]);
  // GET /api/duty answers from memory: built again once the app has heard of these direct writes, at once on
  // PGlite, moments later on PostgreSQL.
  await t.app.changesHeard();
});

const handover = (role: string, staffId: number, password: string, remoteAddress = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/duty/${role}/handover`,
    payload: { staffId, password },
    remoteAddress,
  });
const duty = async () => (await t.app.inject({ method: 'GET', url: '/api/duty' })).json();

describe('GET /api/duty and candidates (database-backed)', () => {
  it('shows who holds each post', async () => {
    expect(await duty()).toEqual({
      piket: { id: piket[0]!.id, name: 'Sertu Yusuf', phone: piket[0]!.phone },
      cs: { id: cs.id, name: 'Citra CS', phone: cs.phone },
    });
  });

  it('lists eligible staff who are not on duty, by name, with nothing but id, name and phone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/duty/piket/candidates' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual([
      'Bripda Ahmad',
      'Dedi Serbabisa',
      'Ns. Maria',
    ]);
    for (const candidate of res.json())
      expect(Object.keys(candidate).sort()).toEqual(['id', 'name', 'phone']);
    expect(res.body).not.toMatch(/argon2|sandi-uji|password/i);

    const csCandidates = await t.app.inject({ method: 'GET', url: '/api/duty/cs/candidates' });
    expect(csCandidates.json().map((c: { name: string }) => c.name)).toEqual(['Dedi Serbabisa']);
  });

  it('answers 404 for a post that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/duty/dokter/candidates' })).statusCode).toBe(404);
    expect((await handover('dokter', piket[1]!.id, piket[1]!.password)).statusCode).toBe(404);
  });
});

describe('POST /api/duty/{role}/handover', () => {
  it('hands the post over when the password, trimmed, is the new officer’s', async () => {
    const next = piket[1]!;
    const res = await handover('piket', next.id, `   ${next.password}  `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: next.id, name: next.name, phone: next.phone });
    expect((await duty()).piket.id).toBe(next.id);
    // The customer-service post is untouched.
    expect((await duty()).cs.id).toBe(cs.id);
  });

  it('changes nothing on a wrong password and says so with 401', async () => {
    const res = await handover('piket', piket[1]!.id, piket[2]!.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'WRONG_PASSWORD', message: 'Password salah.' } });
    expect((await duty()).piket.id).toBe(piket[0]!.id);
  });

  it('refuses staff who may not hold the post (404), and the officer already on duty (409)', async () => {
    expect((await handover('piket', cs.id, cs.password)).statusCode).toBe(404);
    expect((await handover('cs', piket[1]!.id, piket[1]!.password)).statusCode).toBe(404);
    expect((await handover('piket', 999999, 'apa saja')).statusCode).toBe(404);
    const again = await handover('piket', piket[0]!.id, piket[0]!.password);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_ON_DUTY');
    expect(await duty()).toMatchObject({ piket: { id: piket[0]!.id }, cs: { id: cs.id } });
  });

  it('validates the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/duty/cs/handover',
      payload: { staffId: 'dua', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['password', 'staffId']);
  });

  it('lets a person hold both posts when eligible for both', async () => {
    expect((await handover('piket', bothRoles.id, bothRoles.password)).statusCode).toBe(200);
    expect((await handover('cs', bothRoles.id, bothRoles.password)).statusCode).toBe(200);
    expect(await duty()).toMatchObject({ piket: { id: bothRoles.id }, cs: { id: bothRoles.id } });
  });
});

describe('handover throttling', () => {
  it('answers 429 to the address after five wrong passwords against one staff member there', async () => {
    const target = piket[2]!;
    const address = '10.8.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await handover('piket', target.id, `salah-${i}`, address)).statusCode).toBe(401);
    }
    const blocked = await handover('piket', target.id, target.password, address);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    // Until the first of these writes or failures, made seconds ago, is a minute old (it once said 1 s).
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().error.message).toContain(`Coba lagi dalam ${retryAfter} detik`);
    expect((await duty()).piket.id).toBe(piket[0]!.id);
    // Another staff member there is not blocked by it, nor is the same one elsewhere.
    expect((await handover('piket', piket[1]!.id, piket[1]!.password, address)).statusCode).toBe(200);
    expect((await handover('piket', target.id, target.password, '10.8.0.2')).statusCode).toBe(200);
  });

  it('answers 429 from an address that tries many people’s passwords, and not to a few mistakes there', async () => {
    const address = '10.7.0.1';
    const targets = [piket[1]!, piket[2]!, bothRoles];
    for (let i = 0; i < 9; i++) {
      expect((await handover('piket', targets[i % 3]!.id, 'salah', address)).statusCode).toBe(401);
    }
    // Nine failures against three people (once 429 after five): the ward's computer still works.
    expect((await handover('piket', piket[1]!.id, piket[1]!.password, address)).statusCode).toBe(200);

    const sprayed = [];
    for (let i = 0; i < 8; i++) sprayed.push(await createStaffMember(t.database.db, { roles: ['piket'] }));
    for (const member of sprayed) await handover('piket', member.id, 'salah', address);
    const blocked = await handover('piket', piket[2]!.id, piket[2]!.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(30);
    expect((await handover('piket', piket[2]!.id, piket[2]!.password, '10.7.0.2')).statusCode).toBe(200);
  });
});

describe('one budget of failures per account and address: login, handover and password change', () => {
  const login = (username: string, password: string, remoteAddress = '10.6.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
  const changeOwn = (as: LoggedIn, currentPassword: string, remoteAddress = '10.6.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: as.headers,
      payload: { currentPassword, newPassword: 'sandi-baru-sekali' },
      remoteAddress,
    });

  it('refuses the handover and the password change from the address where logins failed', async () => {
    const target = await createStaffMember(t.database.db, { roles: ['piket'] });
    const session = await loginAs(t.app, target);
    const address = '10.6.1.1';
    for (let i = 0; i < 5; i++) {
      expect((await login(target.username, `salah-${i}`, address)).statusCode).toBe(401);
    }
    const blocked = await handover('piket', target.id, target.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(30);
    expect((await duty()).piket.id).toBe(piket[0]!.id);
    expect((await changeOwn(session, target.password, address)).statusCode).toBe(429);
  });

  it('counts wrong handover passwords towards the login lock, and wrong current passwords towards the handover', async () => {
    const target = await createStaffMember(t.database.db, { roles: ['piket'] });
    for (let i = 0; i < 5; i++) {
      expect((await handover('piket', target.id, `salah-${i}`, '10.6.2.1')).statusCode).toBe(401);
    }
    const blocked = await login(target.username, target.password, '10.6.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(30);

    const other = await createStaffMember(t.database.db, { roles: ['piket'] });
    const session = await loginAs(t.app, other);
    for (let i = 0; i < 3; i++) expect((await changeOwn(session, `salah-${i}`)).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) await login(other.username, `salah-login-${i}`);
    expect((await handover('piket', other.id, other.password, '10.6.0.1')).statusCode).toBe(429);
  });
});

describe('concurrent handovers', () => {
  it('leave exactly one officer per post, with an unbroken chain of handovers', async () => {
    const contenders = [piket[1]!, piket[2]!, bothRoles, piket[0]!];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const who = contenders[i % contenders.length]!;
        return handover('piket', who.id, who.password, `10.6.${Math.floor(i / 10)}.${i % 10}`);
      }),
    );
    for (const res of results) expect([200, 409]).toContain(res.statusCode);

    const posts = await t.database.db.select().from(dutyPosts).where(eq(dutyPosts.role, 'piket'));
    expect(posts).toHaveLength(1);
    const successes = await t.database.db
      .select({ staffId: dutyEvents.staffId, previous: dutyEvents.previousStaffId })
      .from(dutyEvents)
      .where(eq(dutyEvents.outcome, 'success'))
      .orderBy(asc(dutyEvents.id));
    expect(successes.length).toBe(results.filter((r) => r.statusCode === 200).length);
    // Each handover took the post from the one before it: none overlapped another.
    let holder = piket[0]!.id;
    for (const s of successes) {
      expect(s.previous).toBe(holder);
      holder = s.staffId;
    }
    expect(posts[0]?.staffId).toBe(holder);
    expect((await duty()).piket.id).toBe(holder);
  });
});

describe('GET /api/duty/log', () => {
  it('shows every handover and failed attempt, newest first, to admin and piket staff', async () => {
    await handover('piket', piket[1]!.id, 'salah', '10.5.0.1');
    await handover('piket', piket[1]!.id, piket[1]!.password, '10.5.0.2');
    await handover('cs', bothRoles.id, bothRoles.password, '10.5.0.3');

    const { cookie } = await loginAs(t.app, admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/duty/log?pageSize=2', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({
      role: 'cs',
      outcome: 'success',
      staff: { id: bothRoles.id, name: bothRoles.name },
      previous: { id: cs.id, name: cs.name },
      address: '10.5.0.3',
    });
    expect(new Date(body.items[0].at).toString()).not.toBe('Invalid Date');
    expect(body.items[1]).toMatchObject({
      role: 'piket',
      outcome: 'success',
      previous: { id: piket[0]!.id },
    });

    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/duty/log?pageSize=2&page=2',
      headers: { cookie },
    });
    expect(page2.json().items).toEqual([
      expect.objectContaining({ outcome: 'wrong_password', previous: null, address: '10.5.0.1' }),
    ]);
    const onlyCs = await t.app.inject({ method: 'GET', url: '/api/duty/log?role=cs', headers: { cookie } });
    expect(onlyCs.json().total).toBe(1);

    const officer = await loginAs(t.app, piket[0]!);
    const asPiket = await t.app.inject({
      method: 'GET',
      url: '/api/duty/log',
      headers: { cookie: officer.cookie },
    });
    expect(asPiket.statusCode).toBe(200);
  });

  it('is 401 anonymous and 403 for other roles, before looking at the query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/duty/log?page=zero' })).statusCode).toBe(401);
    const { cookie } = await loginAs(t.app, cs);
    const res = await t.app.inject({ method: 'GET', url: '/api/duty/log?page=zero', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('rejects a bad page with 400 for those allowed to read', async () => {
    const { cookie } = await loginAs(t.app, admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/duty/log?page=0', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('page');
  });
});
