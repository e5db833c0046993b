import type { OptOut } from '@portal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outbox, whatsappOptOuts } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { OPTED_OUT, phoneKey } from './service.js';

// Numbers that asked for no more WhatsApp messages. `enqueue` records what would go to them as failed; what
// already waited for them is failed here, when they opt out.

/** A recipient as typed (`0812 4455 6677`, `+62812…`) in the 08… form, in SQL (as `normalizePhone`). */
const recipientKey = sql`coalesce('0' || substring(regexp_replace(${outbox.recipient}, '[\\s.()-]', '', 'g') from '^(?:\\+62|62|0)(8[0-9]{7,12})$'), ${outbox.recipient})`;

export async function optOut(
  db: Database,
  phone: string,
  source: OptOut['source'],
  actor?: Actor,
): Promise<void> {
  const key = phoneKey(phone);
  await db.transaction(async (tx) => {
    await tx
      .insert(whatsappOptOuts)
      .values({ phone: key, source, staffId: actor?.staffId ?? null })
      .onConflictDoNothing({ target: whatsappOptOuts.phone });
    await tx
      .update(outbox)
      .set({ status: 'failed', lastError: OPTED_OUT, lockedUntil: null })
      .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.status, 'pending'), eq(recipientKey, key)));
    if (actor) await audit(tx, actor, 'whatsapp.opt_out', { type: 'phone', id: key });
  });
}

/** The number may be sent messages again (it asked, e.g. by writing to the hospital). */
export async function removeOptOut(db: Database, actor: Actor, phone: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(whatsappOptOuts)
      .where(eq(whatsappOptOuts.phone, phoneKey(phone)))
      .returning({ phone: whatsappOptOuts.phone });
    if (removed.length === 0) throw notFound('Nomor ini tidak ada di daftar berhenti.');
    await audit(tx, actor, 'whatsapp.opt_in', { type: 'phone', id: phoneKey(phone) });
  });
}

export async function listOptOuts(db: Database): Promise<OptOut[]> {
  const rows = await db.select().from(whatsappOptOuts).orderBy(desc(whatsappOptOuts.createdAt));
  return rows.map((row) => ({
    phone: row.phone,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** What a patient writes to stop the messages: STOP, BERHENTI (any case, alone on the line). */
const STOP = /^\s*(stop|berhenti|unsubscribe)\s*[.!]?\s*$/i;

/** A message from a patient, posted by the gateway: a STOP opts the sender out; anything else is left. */
export async function inboundMessage(
  db: Database,
  input: { from: string; message: string },
): Promise<{ optedOut: boolean }> {
  if (!STOP.test(input.message)) return { optedOut: false };
  await optOut(db, input.from, 'reply');
  return { optedOut: true };
}
