import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jknCredentials, jknTokenAttempts, jknTokens } from '../../db/schema/index.js';
import { type Actor, audit } from '../../lib/audit.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { FAILURE_LIMIT, lockKeys, recentFailures } from '../../lib/throttle.js';
import { JknRefusal } from './envelope.js';

// Who may call the Mobile JKN web service: BPJS, with the user name and password the hospital gave
// it, trading them for a token that every other call carries. Only hashes are kept.

/** BPJS calls from a few addresses: one address may fail more often than one user name. */
const ADDRESS_FAILURE_LIMIT = FAILURE_LIMIT * 4;

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
 * `GET /token`: the user name and password for a token valid `minutes`. Failures are counted per user
 * name and per address in the database, so the limit holds across requests and server processes.
 */
export async function issueToken(
  db: Database,
  input: { username: string; password: string; address: string },
  minutes: number,
): Promise<string> {
  const outcome = await db.transaction(async (tx) => {
    await lockKeys(tx, `jkn-token-address:${input.address}`, `jkn-token-user:${input.username}`);
    const record = (result: 'success' | 'failed' | 'throttled') =>
      tx
        .insert(jknTokenAttempts)
        .values({ username: input.username, address: input.address, outcome: result });
    const failed = (where: ReturnType<typeof eq>) =>
      recentFailures(
        tx,
        jknTokenAttempts,
        jknTokenAttempts.at,
        and(where, eq(jknTokenAttempts.outcome, 'failed')),
      );
    const [byUser, byAddress] = [
      await failed(eq(jknTokenAttempts.username, input.username)),
      await failed(eq(jknTokenAttempts.address, input.address)),
    ];
    if (byUser.failures >= FAILURE_LIMIT || byAddress.failures >= ADDRESS_FAILURE_LIMIT) {
      await record('throttled');
      return { kind: 'throttled', retryAfter: Math.max(byUser.retryAfter, byAddress.retryAfter) } as const;
    }
    const [credentials] = await tx.select().from(jknCredentials);
    const matches =
      credentials?.username === input.username &&
      (await verifyPassword(credentials.passwordHash, input.password));
    if (!matches) {
      // The decoy check keeps a wrong user name as slow as a wrong password.
      if (!credentials || credentials.username !== input.username) await verifyPassword(null, input.password);
      await record('failed');
      return { kind: 'failed' } as const;
    }
    await record('success');
    const token = randomBytes(32).toString('base64url');
    await tx.delete(jknTokens).where(lt(jknTokens.expiresAt, new Date()));
    await tx.insert(jknTokens).values({
      tokenHash: hashToken(token),
      username: input.username,
      expiresAt: new Date(Date.now() + minutes * 60_000),
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

/** Every other call: the token must be one handed out to this user name and not expired. */
export async function checkToken(db: Database, username: string, token: string): Promise<void> {
  const [row] = await db
    .select({ username: jknTokens.username, expiresAt: jknTokens.expiresAt })
    .from(jknTokens)
    .where(eq(jknTokens.tokenHash, hashToken(token)));
  if (!row || row.username !== username) throw new JknRefusal('Token Tidak Valid');
  if (row.expiresAt <= new Date()) throw new JknRefusal('Token Expired');
}
