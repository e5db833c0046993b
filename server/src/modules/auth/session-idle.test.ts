import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createStaffMember, loginAs } from '../../test/factories.js';

// Issue 31, point 8: with SESSION_IDLE_MINUTES=1, a session used every 20 seconds ended after a minute, as
// its last use was written once a minute. The database's clock cannot be faked: the session's times are
// moved back instead, as if the time between two requests had passed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ session: { idleMinutes: 1 } });
});
afterAll(() => t.app.close());

/** As if `seconds` had passed since the session's times were written. */
const wait = (seconds: number) =>
  t.database.db.update(sessions).set({
    lastSeenAt: sql`${sessions.lastSeenAt} - make_interval(secs => ${seconds})`,
    createdAt: sql`${sessions.createdAt} - make_interval(secs => ${seconds})`,
    expiresAt: sql`${sessions.expiresAt} - make_interval(secs => ${seconds})`,
  });

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('a session with an idle time of one minute', () => {
  it('stays logged in while used every 20 seconds for 3 minutes', async () => {
    const staff = await createStaffMember(t.database.db, { roles: ['cs'] });
    const { cookie } = await loginAs(t.app, staff);
    for (let second = 20; second <= 180; second += 20) {
      await wait(20);
      expect((await me(cookie)).statusCode, `after ${second} s`).toBe(200);
    }
  });

  it('ends after a minute without a request', async () => {
    const staff = await createStaffMember(t.database.db, { roles: ['cs'] });
    const { cookie } = await loginAs(t.app, staff);
    await wait(40);
    expect((await me(cookie)).statusCode).toBe(200);
    await wait(61);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
