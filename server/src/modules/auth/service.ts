import { createHash, randomBytes } from 'node:crypto';
import type {
  OwnAttemptPage,
  OwnAttemptQuery,
  PasswordCheckKind,
  SessionInfo,
  StaffRole,
  StaffSession,
} from '@portal/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { loginAttempts, sessions, staff } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import {
  FAILURE_LIMIT,
  lockKeys,
  failuresHoldBack,
  secondsUntilOut,
  tooManyAttempts,
  windowBegan,
  withinBudgets,
} from '../../lib/throttle.js';
import { knownDevice, withDevice } from './device.js';

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

export interface AuthenticatedSession extends SessionInfo {
  tokenHash: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Nama pengguna atau kata sandi salah.');

const wrongCredentials = (err: unknown) => err instanceof AppError && err.code === 'INVALID_CREDENTIALS';

/**
 * Checks a staff login (see checkStaffPassword for its throttle) and opens a session. `device` is the
 * known-device cookie as sent; answers it renewed for this account, for the browser to keep.
 */
export async function login(
  db: Database,
  input: { username: string; password: string; address: string; userAgent?: string; device?: string },
  policy: SessionPolicy,
): Promise<{ token: string; session: SessionInfo; device: string }> {
  const username = input.username.trim().toLowerCase();
  const [member] = await db
    .select({ id: staff.id, passwordHash: staff.passwordHash })
    .from(staff)
    .where(and(eq(staff.username, username), canAct));
  const device = knownDevice(input.device, member);
  const attempt = () =>
    db.transaction(async (tx) => {
      const check = await checkStaffPassword(
        tx,
        {
          kind: 'login',
          staffId: member?.id ?? null,
          username,
          address: input.address,
          password: input.password,
          knownDevice: device !== null,
        },
        async () => member,
      );
      if (check.kind !== 'ok') return check;
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
        staffId: check.found.id,
        csrfToken: newToken(),
        expiresAt: sql`now() + make_interval(hours => ${policy.maxHours})`,
        address: input.address,
        userAgent: input.userAgent?.slice(0, 300),
      });
      return { kind: 'ok', token, passwordHash: check.found.passwordHash ?? '' } as const;
    });

  // A known device is past the rules of addresses, but has a budget of its own: someone else at a shared
  // computer where the owner once logged in gets no more guesses than anywhere else.
  const outcome =
    member && device !== null
      ? await withinBudgets(
          db,
          [
            {
              key: `password-device:${member.id}:${device}`,
              limit: FAILURE_LIMIT,
              counts: 'failures',
              refusal: tooManyAttempts,
            },
          ],
          async () => {
            const result = await attempt();
            if (result.kind === 'wrong') throw invalidCredentials();
            return result;
          },
          wrongCredentials,
        )
      : await attempt();

  if (outcome.kind === 'throttled') throw tooManyAttempts(outcome.retryAfter);
  if (outcome.kind === 'wrong' || !member) throw invalidCredentials();
  const session = await authenticate(db, outcome.token, policy);
  if (!session) throw invalidCredentials();
  const { tokenHash: _tokenHash, ...info } = session;
  return {
    token: outcome.token,
    session: info,
    device: withDevice(input.device, { id: member.id, passwordHash: outcome.passwordHash }),
  };
}

/** Sessions neither past their end nor idle longer than the policy's `idleMinutes` (or its placeholder). */
const live = (idleMinutes: number | Placeholder) =>
  and(
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
  );

/**
 * The statement of `authenticate`, built once (every staff request runs it): its values are `tokenHash` and
 * the policy's `idleMinutes`.
 */
const sessionStatement = preparedStatement(
  () => 'session',
  (_: void, db) =>
    db
      .select({
        id: staff.id,
        name: staff.name,
        username: staff.username,
        roles: staff.roles,
        passwordChangeRequired: sql<boolean>`${staff.passwordChangeRequired}`.as('passwordChangeRequired'),
        csrfToken: sql<string>`${sessions.csrfToken}`.as('csrfToken'),
        // Written again once a quarter of the idle time has passed (at most a minute): a session used at
        // shorter intervals than three quarters of it never ends. A fixed minute ended every session of an
        // idle time of one minute at its first minute, however busy.
        stale:
          sql<boolean>`${sessions.lastSeenAt} < now() - least(interval '1 minute', make_interval(secs => ${sql.placeholder('idleMinutes')} * 15))`.as(
            'stale',
          ),
      })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          live(sql.placeholder('idleMinutes')),
          canAct,
        ),
      )
      .getSQL(),
);

/** The live session of a cookie token, or null once it is unknown, idle too long or past its end. */
export async function authenticate(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<AuthenticatedSession | null> {
  const tokenHash = hashToken(token);
  const [row] = await sessionStatement<{
    id: number;
    name: string;
    username: string | null;
    roles: string[];
    passwordChangeRequired: boolean;
    csrfToken: string;
    stale: boolean;
  }>(db, undefined, { tokenHash, idleMinutes: policy.idleMinutes });
  if (!row) return null;
  // Idle time is kept to the minute (to a quarter of a shorter idle time): one write a minute per session at
  // most, not one per request.
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
    // Said only while it holds: the answer of everyone else stays as it was.
    ...(row.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
  };
}

export async function logout(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** The live sessions of a staff member, the most recently used first; `current` marks the caller's. */
export async function listSessions(
  db: Database,
  staffId: number,
  policy: SessionPolicy,
  callerTokenHash: string,
): Promise<StaffSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      startedAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      address: sessions.address,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.staffId, staffId), live(policy.idleMinutes)))
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.id));
  return rows.map(({ tokenHash, startedAt, lastSeenAt, expiresAt, ...row }) => ({
    ...row,
    startedAt: startedAt.toISOString(),
    lastSeenAt: lastSeenAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    current: tokenHash === callerTokenHash,
  }));
}

/** How many sessions would be let in now (as `authenticate` would), of all staff. */
export async function countLiveSessions(db: Database, policy: Pick<SessionPolicy, 'idleMinutes'>) {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(live(policy.idleMinutes), canAct));
  return row?.n ?? 0;
}

/**
 * Ends one session of a staff member: its next request is refused (401). Answers what the session was, for
 * the audit log, or undefined when the person has no such session (ended already, or someone else's).
 */
export async function endSession(
  db: Database | Transaction,
  staffId: number,
  sessionId: number,
): Promise<{ tokenHash: string; address: string; userAgent: string | null } | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.staffId, staffId), eq(sessions.id, sessionId)))
    .returning({ tokenHash: sessions.tokenHash, address: sessions.address, userAgent: sessions.userAgent });
  return ended;
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

export interface PasswordAttempt {
  /** Why the password is checked. Each is a guess at the account's password, and all share one budget. */
  kind: PasswordCheckKind;
  /** Whose password it is; null for a user name that names nobody who may log in. */
  staffId: number | null;
  /** As typed at login; null when the person was chosen rather than named (a handover). */
  username: string | null;
  address: string;
  password: string;
  /** From a browser where the account logged in before (the caller checked its cookie, and limits it). */
  knownDevice?: boolean;
}

/**
 * The checks of a staff member's own password, newest first, by every route (login, handover, password
 * change): their logins, and the failed and throttled attempts that someone, perhaps not they, made.
 */
export async function ownAttempts(
  db: Database,
  staffId: number,
  query: OwnAttemptQuery,
): Promise<OwnAttemptPage> {
  const where = and(
    eq(loginAttempts.staffId, staffId),
    query.outcome === undefined ? undefined : eq(loginAttempts.outcome, query.outcome),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: loginAttempts.id,
        at: loginAttempts.at,
        kind: loginAttempts.kind,
        outcome: loginAttempts.outcome,
        address: loginAttempts.address,
      })
      .from(loginAttempts)
      .where(where)
      .orderBy(desc(loginAttempts.at), desc(loginAttempts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(loginAttempts).where(where),
  ]);
  return { total: total?.n ?? 0, items: items.map((row) => ({ ...row, at: row.at.toISOString() })) };
}

/** On a match, what `load` found (see checkStaffPassword). */
export type PasswordCheck<T> =
  { kind: 'ok'; found: T } | { kind: 'wrong' } | { kind: 'throttled'; retryAfter: number };

/**
 * Failures of one account from everywhere within the window, past which it is guessed at from many
 * addresses: only the places where its owner is known may still try (see checkStaffPassword).
 */
const ACCOUNT_FAILURE_LIMIT = FAILURE_LIMIT * 4;
/**
 * Failures from one address against this many real accounts within the window are password spraying, and
 * stop the address for everyone not known there (see checkStaffPassword). User names that name nobody are
 * not counted: made-up names cannot stop a hospital's NAT.
 */
const SPRAYED_ACCOUNTS = FAILURE_LIMIT * 2;
/** A person who succeeded from an address within this many days is known there (see checkStaffPassword). */
const KNOWN_ADDRESS_DAYS = 30;

const accountOf = (who: Pick<PasswordAttempt, 'staffId' | 'username'>) =>
  who.staffId !== null
    ? { key: `staff:${who.staffId}`, where: eq(loginAttempts.staffId, who.staffId) }
    : {
        key: `name:${who.username}`,
        where: and(isNull(loginAttempts.staffId), eq(loginAttempts.username, who.username ?? '')),
      };

/**
 * Checks a staff password: the one way every route that takes one (login, duty handover, password change)
 * does, so that the same budgets hold whichever route guesses. An attacker elsewhere slows only themselves:
 * failures are counted per account and address, and a refusal (429 with Retry-After) goes to that address.
 * Refused (without checking) while
 * - the account has failed FAILURE_LIMIT times from this address within the window, by any route;
 * - unless the person is known at the address (succeeded from it within KNOWN_ADDRESS_DAYS and has not
 *   failed from it within the window):
 *   - the account has failed ACCOUNT_FAILURE_LIMIT times from everywhere (guessed from many addresses), or
 *   - the address has failed against SPRAYED_ACCOUNTS real accounts (spraying one password over many).
 * An attempt from a known device (`knownDevice`, see device.ts) skips these: its caller limits it.
 * Every attempt runs one password check, against a decoy hash when nobody is found, so that the time of
 * an answer does not tell which user names exist. Every check is recorded, under advisory locks on the
 * address and the account (taken first, before any row lock of `load`, in one order everywhere), so that
 * concurrent guesses, also through other server processes, are counted one by one. `load` reads the person
 * with the password's hash under those locks (undefined for nobody); it may throw to refuse before any
 * check (a post already held). Answers rather than throws, so that the caller's transaction commits what
 * was recorded.
 */
export async function checkStaffPassword<T extends { passwordHash: string | null }>(
  tx: Transaction,
  attempt: PasswordAttempt,
  load: () => Promise<T | undefined>,
): Promise<PasswordCheck<T>> {
  const { kind, staffId, username, address } = attempt;
  const account = accountOf(attempt);
  await lockKeys(tx, `password-address:${address}`, `password-account:${account.key}`);
  const found = await load();
  const record = (outcome: 'success' | 'failed' | 'throttled') =>
    tx.insert(loginAttempts).values({ kind, staffId, username, address, outcome });

  const retryAfter = attempt.knownDevice ? null : await throttled(tx, account.where, address);
  if (retryAfter !== null) {
    await record('throttled');
    return { kind: 'throttled', retryAfter };
  }
  // Checked whether or not anyone was found (verifyPassword then checks a decoy).
  const matches = await verifyPassword(found?.passwordHash, attempt.password);
  if (!found || !matches) {
    await record('failed');
    return { kind: 'wrong' };
  }
  await record('success');
  return { kind: 'ok', found };
}

/** Seconds to wait when the account is stopped at the address (see checkStaffPassword), else null. */
async function throttled(tx: Transaction, account: SQL | undefined, address: string): Promise<number | null> {
  const failed = eq(loginAttempts.outcome, 'failed');
  const here = eq(loginAttempts.address, address);
  const failures = (where: SQL | undefined, limit: number) =>
    failuresHoldBack(tx, loginAttempts, loginAttempts.at, where, limit);
  const byAccountHere = await failures(and(account, here, failed), FAILURE_LIMIT);
  if (byAccountHere !== null) return byAccountHere;

  const [known] = await tx
    .select({
      failedHere: sql<boolean>`bool_or(${loginAttempts.outcome} = 'failed' and ${loginAttempts.at} > ${windowBegan})`,
      succeededHere: sql<boolean>`bool_or(${loginAttempts.outcome} = 'success')`,
    })
    .from(loginAttempts)
    .where(
      and(account, here, gt(loginAttempts.at, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`)),
    );
  if (known?.succeededHere && !known.failedHere) return null;

  const byAccount = await failures(and(account, failed), ACCOUNT_FAILURE_LIMIT);
  if (byAccount !== null) return byAccount;

  // Per real account failing from the address, the seconds until its last failure leaves the window: the
  // address is stopped until fewer than SPRAYED_ACCOUNTS are left.
  const sprayed = await tx
    .select({ retryAfter: secondsUntilOut(sql`max(${loginAttempts.at})`) })
    .from(loginAttempts)
    .where(and(here, failed, isNotNull(loginAttempts.staffId), gt(loginAttempts.at, windowBegan)))
    .groupBy(loginAttempts.staffId)
    .orderBy(sql`1 desc`)
    .limit(SPRAYED_ACCOUNTS);
  const last = sprayed[SPRAYED_ACCOUNTS - 1];
  return last ? Math.max(1, Number(last.retryAfter)) : null;
}
