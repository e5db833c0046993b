import type { StaffSession } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { endSession, endSessions, listSessions, type SessionPolicy } from '../auth/service.js';
import { personOf } from './service.js';

/** An admin, with the session they act from: ending it is logging themselves out. */
export type SessionActor = Actor & { tokenHash: string };

/** The live sessions of a staff member who is not deleted (404 otherwise). */
export async function staffSessions(
  db: Database,
  actor: SessionActor,
  staffId: number,
  policy: SessionPolicy,
): Promise<StaffSession[]> {
  await personOf(db, staffId);
  return listSessions(db, staffId, policy, actor.tokenHash);
}

/**
 * Ends one session of a staff member (404 when it has ended already); its next request gets 401. Answers
 * whether it was the admin's own, which logs them out.
 */
export async function endStaffSession(
  db: Database,
  actor: SessionActor,
  staffId: number,
  sessionId: number,
): Promise<{ own: boolean }> {
  return db.transaction(async (tx) => {
    const ended = await endSession(tx, staffId, sessionId);
    if (!ended) throw notFound('Sesi tidak ditemukan atau sudah berakhir.');
    await audit(
      tx,
      actor,
      'staff.session.end',
      { type: 'staff', id: staffId },
      { session: sessionId, address: ended.address, userAgent: ended.userAgent },
    );
    return { own: ended.tokenHash === actor.tokenHash };
  });
}

/**
 * Ends every session of a staff member who is not deleted (404 otherwise); for the admin's own account every
 * session but the one they act from, as a password change does. Answers how many ended.
 */
export async function endStaffSessions(db: Database, actor: SessionActor, staffId: number): Promise<number> {
  await personOf(db, staffId);
  return db.transaction(async (tx) => {
    const sessionsEnded = await endSessions(
      tx,
      staffId,
      staffId === actor.staffId ? actor.tokenHash : undefined,
    );
    await audit(tx, actor, 'staff.sessions.end', { type: 'staff', id: staffId }, { sessionsEnded });
    return sessionsEnded;
  });
}
