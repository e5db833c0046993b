import { createHash, randomBytes } from 'node:crypto';
import type { SessionInfo, StaffRole } from '@portal/contract';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { loginAttempts, sessions, staff } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { FAILURE_LIMIT, lockKeys, recentFailures, tooManyAttempts } from '../../lib/throttle.js';

// Sessions and login attempts are this module's. It reads the staff table (who may log in, and as whom)
// but never writes it: the staff module, which ends sessions when it changes a person, sits above.

/** Staff who may act at all: not deleted, not deactivated, and with a password to prove who they are. */
export const canAct = and(isNull(staff.deletedAt), eq(staff.active, true), isNotNull(staff.passwordHash));

export const hasRole = (role: StaffRole) => sql`${staff.roles} @> array[${role}]::text[]`;

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMinutes: number;
  /** A session ends this long after login, however busy. */
  maxHours: number;
}

/** A shared office computer serves many staff: its address may fail more often than one account. */
const ADDRESS_FAILURE_LIMIT = FAILURE_LIMIT * 4;

export interface AuthenticatedSession extends SessionInfo {
  tokenHash: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Nama pengguna atau kata sandi salah.');

/**
 * Seconds to wait when the account or the address has failed too often within the window, else null.
 * Call it under `lockKeys(tx, 'login-address:…', 'login-account:…')`.
 */
async function throttled(tx: Transaction, username: string, address: string): Promise<number | null> {
  const byAccount = await recentFailures(
    tx,
    loginAttempts,
    loginAttempts.at,
    and(eq(loginAttempts.username, username), eq(loginAttempts.outcome, 'failed')),
  );
  const byAddress = await recentFailures(
    tx,
    loginAttempts,
    loginAttempts.at,
    and(eq(loginAttempts.address, address), eq(loginAttempts.outcome, 'failed')),
  );
  if (byAccount.failures < FAILURE_LIMIT && byAddress.failures < ADDRESS_FAILURE_LIMIT) return null;
  return Math.max(byAccount.retryAfter, byAddress.retryAfter);
}

/**
 * Checks a staff login and opens a session. Failures are counted per account and per address in
 * the database, so the limit holds across requests in flight and across server processes.
 */
export async function login(
  db: Database,
  input: { username: string; password: string; address: string; userAgent?: string },
  policy: SessionPolicy,
): Promise<{ token: string; session: SessionInfo }> {
  const username = input.username.trim().toLowerCase();
  const outcome = await db.transaction(async (tx) => {
    await lockKeys(tx, `login-address:${input.address}`, `login-account:${username}`);
    const record = (result: 'success' | 'failed' | 'throttled', staffId: number | null) =>
      tx.insert(loginAttempts).values({ username, staffId, address: input.address, outcome: result });

    const retryAfter = await throttled(tx, username, input.address);
    if (retryAfter !== null) {
      await record('throttled', null);
      return { kind: 'throttled', retryAfter } as const;
    }
    const [member] = await tx
      .select({ id: staff.id, passwordHash: staff.passwordHash })
      .from(staff)
      .where(and(eq(staff.username, username), canAct));
    const passwordMatches = await verifyPassword(member?.passwordHash, input.password);
    if (!member || !passwordMatches) {
      await record('failed', member?.id ?? null);
      return { kind: 'failed' } as const;
    }
    await record('success', member.id);
    // Ended sessions are swept here rather than by a timer: logins are frequent enough.
    await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, sql`now()`),
          lt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${policy.idleMinutes})`),
        ),
      );
    const token = newToken();
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      staffId: member.id,
      csrfToken: newToken(),
      expiresAt: sql`now() + make_interval(hours => ${policy.maxHours})`,
      address: input.address,
      userAgent: input.userAgent?.slice(0, 300),
    });
    return { kind: 'ok', token } as const;
  });

  if (outcome.kind === 'throttled') throw tooManyAttempts(outcome.retryAfter);
  if (outcome.kind === 'failed') throw invalidCredentials();
  const session = await authenticate(db, outcome.token, policy);
  if (!session) throw invalidCredentials();
  const { tokenHash: _tokenHash, ...info } = session;
  return { token: outcome.token, session: info };
}

/** The live session of a cookie token, or null once it is unknown, idle too long or past its end. */
export async function authenticate(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<AuthenticatedSession | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: staff.id,
      name: staff.name,
      username: staff.username,
      roles: staff.roles,
      csrfToken: sessions.csrfToken,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${policy.idleMinutes})`),
        canAct,
      ),
    );
  if (!row) return null;
  // Idle time is kept to the minute: one write a minute per session, not one per request.
  if (row.stale)
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
  return {
    tokenHash,
    id: row.id,
    name: row.name,
    username: row.username ?? '',
    roles: row.roles as StaffRole[],
    csrfToken: row.csrfToken,
  };
}

export async function logout(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a staff member, except the one of `keepTokenHash`; answers how many ended. */
export async function endSessions(
  db: Database | Transaction,
  staffId: number,
  keepTokenHash?: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.staffId, staffId),
        keepTokenHash === undefined ? undefined : ne(sessions.tokenHash, keepTokenHash),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

type PasswordAttempt = { kind: 'ok' } | { kind: 'wrong' } | { kind: 'throttled'; retryAfter: number };

/**
 * Checks the password of a logged-in person as strictly as a login, under the same locks: refused while the
 * account or the address has failed too often, and a wrong password counts as a failed login of the account,
 * so that a session left open cannot be used to guess the password faster than the login page allows.
 * Answers rather than throws, so that the caller's transaction commits the attempt it recorded.
 */
export async function checkPasswordAsLogin(
  tx: Transaction,
  who: { staffId: number; username: string; address: string },
  matches: () => Promise<boolean>,
): Promise<PasswordAttempt> {
  const { staffId, username, address } = who;
  await lockKeys(tx, `login-address:${address}`, `login-account:${username}`);
  const record = (outcome: 'failed' | 'throttled') =>
    tx.insert(loginAttempts).values({ username, staffId, address, outcome });

  const retryAfter = await throttled(tx, username, address);
  if (retryAfter !== null) {
    await record('throttled');
    return { kind: 'throttled', retryAfter };
  }
  if (!(await matches())) {
    await record('failed');
    return { kind: 'wrong' };
  }
  return { kind: 'ok' };
}
