import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { staff } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { hashPassword } from '../../lib/passwords.js';
import { tooManyAttempts } from '../../lib/throttle.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { type AuthenticatedSession, canAct, checkStaffPassword, endSessions } from '../auth/service.js';

const wrongCurrentPassword = () =>
  new AppError(400, 'WRONG_CURRENT_PASSWORD', 'Kata sandi lama salah.', {
    fields: { currentPassword: 'Kata sandi lama salah.' },
  });

/**
 * A logged-in staff member sets a new password, proving the current one. A wrong current password is a 400
 * (the session stays: it is not a failed login) but counts against the account's one budget of failures. The person's
 * other sessions end; this one stays.
 */
export async function changeOwnPassword(
  db: Database,
  session: AuthenticatedSession,
  input: { currentPassword: string; newPassword: string; address: string },
): Promise<void> {
  refuseWeakPassword(input.newPassword, session, 'newPassword');
  const outcome = await db.transaction(async (tx) => {
    const attempt = await checkStaffPassword(
      tx,
      {
        kind: 'password',
        staffId: session.id,
        username: session.username,
        address: input.address,
        password: input.currentPassword,
      },
      async () => {
        const [member] = await tx
          .select({ passwordHash: staff.passwordHash })
          .from(staff)
          .where(and(eq(staff.id, session.id), canAct))
          .for('no key update');
        return member;
      },
    );
    if (attempt.kind !== 'ok') return attempt;
    await tx
      .update(staff)
      .set({ passwordHash: await hashPassword(input.newPassword), passwordChangeRequired: false })
      .where(eq(staff.id, session.id));
    const sessionsEnded = await endSessions(tx, session.id, session.tokenHash);
    await audit(
      tx,
      { staffId: session.id, address: input.address },
      'staff.password.change',
      { type: 'staff', id: session.id },
      { sessionsEnded },
    );
    return attempt;
  });
  if (outcome.kind === 'throttled') throw tooManyAttempts(outcome.retryAfter);
  if (outcome.kind === 'wrong') throw wrongCurrentPassword();
}
