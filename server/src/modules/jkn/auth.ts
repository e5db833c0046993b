import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { jknCredentials, jknTokenAttempts, jknTokens } from '../../db/schema/index.js';
import { type Actor, audit } from '../../lib/audit.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { FAILURE_LIMIT, lockKeys, failuresHoldBack } from '../../lib/throttle.js';
import { JknRefusal } from './envelope.js';

// Who may call the Mobile JKN web service: BPJS, with the user name and password the hospital gave
// it, trading them for a token that every other call carries. Only hashes are kept.

/**
 * Failures of the user from everywhere within the window, past which it is guessed at from many addresses:
 * only BPJS's trusted addresses (JKN_TRUSTED_ADDRESSES) and those that got a token lately may still ask.
 */
const USER_FAILURE_LIMIT = FAILURE_LIMIT * 4;
/** Failures from one address, whatever the user name, past which that address waits (unless trusted). */
const ADDRESS_FAILURE_LIMIT = FAILURE_LIMIT * 4;
/** An address that got a token within this many days is BPJS's, as far as failures elsewhere go. */
const KNOWN_ADDRESS_DAYS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function getJknCredentials(db: Database) {
  const [row] = await db
    .select({ username: jknCredentials.username, updatedAt: jknCredentials.updatedAt })
    .from(jknCredentials);
  return row ? { username: row.username, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Sets the one user and password; tokens handed out under the old ones stop working at once. */
export async function setJknCredentials(
  db: Database,
  actor: Actor,
  input: { username: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const values = {
      username: input.username,
      passwordHash,
      updatedAt: new Date(),
      updatedBy: actor.staffId,
    };
    await tx
      .insert(jknCredentials)
      .values(values)
      .onConflictDoUpdate({ target: jknCredentials.id, set: values });
    await tx.delete(jknTokens);
    await audit(
      tx,
      actor,
      'jkn.credentials',
      { type: 'jkn_credentials', id: 1 },
      { username: input.username },
    );
  });
  return getJknCredentials(db);
}

/**
 * `GET /token`: the user name and password for a token valid `minutes`. Failures from elsewhere never stop
 * BPJS: they are counted per user name and address, and a refusal goes to the address that failed. Refused
 * (without checking) while
 * - the user name has failed FAILURE_LIMIT times from this address within the window;
 * - unless the address is `trusted` (JKN_TRUSTED_ADDRESSES) or got a token for the user name within
 *   KNOWN_ADDRESS_DAYS:
 *   - the address has failed ADDRESS_FAILURE_LIMIT times, whatever the user names, or
 *   - the user name has failed USER_FAILURE_LIMIT times from everywhere (guessed from many addresses).
 * Counted in the database, under advisory locks, so the limits hold across requests and server processes.
 */
export async function issueToken(
  db: Database,
  input: { username: string; password: string; address: string },
  options: { minutes: number; trusted: (address: string) => boolean },
): Promise<string> {
  const outcome = await db.transaction(async (tx) => {
    await lockKeys(tx, `jkn-token-address:${input.address}`, `jkn-token-user:${input.username}`);
    const record = (result: 'success' | 'failed' | 'throttled') =>
      tx
        .insert(jknTokenAttempts)
        .values({ username: input.username, address: input.address, outcome: result });
    const retryAfter = await throttled(tx, input.username, input.address, options.trusted);
    if (retryAfter !== null) {
      await record('throttled');
      return { kind: 'throttled', retryAfter } as const;
    }
    const [credentials] = await tx.select().from(jknCredentials);
    // One password check either way: a wrong user name takes as long as a wrong password (the decoy).
    const known = credentials?.username === input.username;
    const matches = await verifyPassword(known ? credentials.passwordHash : null, input.password);
    if (!known || !matches) {
      await record('failed');
      return { kind: 'failed' } as const;
    }
    await record('success');
    const token = randomBytes(32).toString('base64url');
    await tx.delete(jknTokens).where(lt(jknTokens.expiresAt, new Date()));
    await tx.insert(jknTokens).values({
      tokenHash: hashToken(token),
      username: input.username,
      expiresAt: new Date(Date.now() + options.minutes * 60_000),
    });
    return { kind: 'issued', token } as const;
  });
  if (outcome.kind === 'throttled') {
    throw new JknRefusal(
      `Terlalu banyak percobaan yang gagal. Coba lagi dalam ${outcome.retryAfter} detik.`,
      outcome.retryAfter,
    );
  }
  if (outcome.kind === 'failed') throw new JknRefusal('Username atau Password Tidak Sesuai');
  return outcome.token;
}

/** Seconds to wait when the token request is held back (see issueToken), else null. */
async function throttled(
  tx: Transaction,
  username: string,
  address: string,
  trusted: (address: string) => boolean,
): Promise<number | null> {
  const failed = eq(jknTokenAttempts.outcome, 'failed');
  const user = eq(jknTokenAttempts.username, username);
  const here = eq(jknTokenAttempts.address, address);
  const failures = (where: SQL | undefined, limit: number) =>
    failuresHoldBack(tx, jknTokenAttempts, jknTokenAttempts.at, where, limit);

  const userHere = await failures(and(user, here, failed), FAILURE_LIMIT);
  if (userHere !== null) return userHere;
  if (trusted(address)) return null;
  // BPJS calls from its own servers, not from behind a shared NAT: an address that got a token lately is
  // BPJS's, and its own mistakes are bounded by the limit above.
  const [known] = await tx
    .select({ id: jknTokenAttempts.id })
    .from(jknTokenAttempts)
    .where(
      and(
        user,
        here,
        eq(jknTokenAttempts.outcome, 'success'),
        gt(jknTokenAttempts.at, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  if (known) return null;

  return (
    (await failures(and(here, failed), ADDRESS_FAILURE_LIMIT)) ??
    (await failures(and(user, failed), USER_FAILURE_LIMIT))
  );
}

/** Every other call: the token must be one handed out to this user name and not expired. */
export async function checkToken(db: Database, username: string, token: string): Promise<void> {
  const [row] = await db
    .select({ username: jknTokens.username, expiresAt: jknTokens.expiresAt })
    .from(jknTokens)
    .where(eq(jknTokens.tokenHash, hashToken(token)));
  if (!row || row.username !== username) throw new JknRefusal('Token Tidak Valid');
  if (row.expiresAt <= new Date()) throw new JknRefusal('Token Expired');
}
