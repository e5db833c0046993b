import {
  type PublicSurvey,
  SURVEY_ALREADY_SUBMITTED,
  SURVEY_NOT_FOUND,
  type SurveyAnswers,
  surveyElements,
  surveyGrade,
  type SurveyIndex,
  type SurveyIndexRow,
  type SurveyUnit,
} from '@portal/contract';
import { and, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { clinics, surveyInvitations } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { hospitalTimeZone, monthBounds } from '../../lib/dates.js';
import { limitPublicWrites, type PublicClient } from '../../lib/public-writes.js';
import { randomCode } from '../../lib/tracking-code.js';
import { enqueue } from '../notifications/service.js';
import { type PublicLinks, render, templateBody } from '../notifications/templates.js';

// Survei Kepuasan Masyarakat (PermenPAN-RB No. 14/2017). A served visit, a completed order or a resolved
// complaint invites its patient once (the source is unique in the table); the answers are taken once (one
// conditional UPDATE); staff read only the index, computed from integer sums as the regulation prescribes.

/** What a survey is about: one visit, one order or one complaint. */
export type SurveySource =
  | { unit: 'clinic'; registrationId: number; clinicId: number }
  | { unit: 'ambulance'; orderId: number }
  | { unit: 'complaints'; complaintId: number };

const unitNames: Record<Exclude<SurveyUnit, 'clinic'>, string> = {
  ambulance: 'Layanan Ambulans dan Mobil Jenazah',
  complaints: 'Layanan Pengaduan',
};
const ALL_UNITS = 'Seluruh Unit';

/** A unit's name as the survey and the index write it: the clinic's own, or the desk's. */
const unitNameOf = (unit: SurveyUnit, clinicName: string | null) =>
  unit === 'clinic' ? (clinicName ?? '') : unitNames[unit];

const TOKEN_LENGTH = 20;

/** 20 characters of the tracking codes' alphabet: 31^20 ≈ 2^99, past any guessing. */
export const newSurveyToken = (): string => randomCode(TOKEN_LENGTH);

export const surveyLink = (links: PublicLinks, token: string) => `${links.publicUrl}/survei/${token}`;

/** A source's columns in the table, its condition there, and the key of its WhatsApp message. */
function sourceOf(source: SurveySource): {
  columns: Partial<typeof surveyInvitations.$inferInsert>;
  where: SQL;
  key: string;
} {
  switch (source.unit) {
    case 'clinic':
      return {
        columns: { registrationId: source.registrationId, clinicId: source.clinicId },
        where: eq(surveyInvitations.registrationId, source.registrationId),
        key: `registration:${source.registrationId}`,
      };
    case 'ambulance':
      return {
        columns: { orderId: source.orderId },
        where: eq(surveyInvitations.orderId, source.orderId),
        key: `order:${source.orderId}`,
      };
    case 'complaints':
      return {
        columns: { complaintId: source.complaintId },
        where: eq(surveyInvitations.complaintId, source.complaintId),
        key: `complaint:${source.complaintId}`,
      };
  }
}

/**
 * Invites the patient of a served visit, a completed order or a resolved complaint, in the caller's
 * transaction: the invitation and its WhatsApp message (to `phone`, `service` naming what was used) commit
 * with the change. A source invited before (a serve undone and done again) gets nothing new.
 */
export async function inviteToSurvey(
  tx: Transaction,
  source: SurveySource,
  recipient: { phone: string; service: string },
  links: PublicLinks,
): Promise<void> {
  const [invitation] = await tx
    .insert(surveyInvitations)
    .values({ token: newSurveyToken(), unit: source.unit, ...sourceOf(source).columns })
    .onConflictDoNothing()
    .returning({ token: surveyInvitations.token });
  if (!invitation) return;
  const body = await templateBody(tx, 'survey_invitation');
  await enqueue(tx, {
    eventKey: `survey:${sourceOf(source).key}`,
    recipient: recipient.phone,
    message: render(body, { layanan: recipient.service, tautan_survei: surveyLink(links, invitation.token) }),
  });
}

/** The token of a source's survey while it waits for its answers (the status page offers it), else null. */
export async function pendingSurveyToken(
  db: Database | Transaction,
  source: SurveySource,
): Promise<string | null> {
  const [row] = await db
    .select({ token: surveyInvitations.token })
    .from(surveyInvitations)
    .where(and(sourceOf(source).where, isNull(surveyInvitations.submittedAt)));
  return row?.token ?? null;
}

const surveyNotFound = () => notFound(SURVEY_NOT_FOUND);

/** What a token can look like; anything else is not looked up (a NUL byte would not even reach the table). */
const tokenShape = /^[A-Z0-9]{1,64}$/;

/** What the link shows: the service it asks about, and whether it was answered. */
export async function getPublicSurvey(db: Database, token: string): Promise<PublicSurvey> {
  if (!tokenShape.test(token)) throw surveyNotFound();
  const [row] = await db
    .select({
      unit: surveyInvitations.unit,
      clinic: clinics.name,
      submittedAt: surveyInvitations.submittedAt,
    })
    .from(surveyInvitations)
    .leftJoin(clinics, eq(clinics.id, surveyInvitations.clinicId))
    .where(eq(surveyInvitations.token, token));
  if (!row) throw surveyNotFound();
  return {
    unit: row.unit,
    unitName: unitNameOf(row.unit, row.clinic),
    submitted: row.submittedAt !== null,
  };
}

/**
 * Takes the answers once: one UPDATE of the row still unanswered, so that of two submissions at the same
 * moment exactly one lands; the other, and any later one, is 409.
 */
export async function submitSurvey(
  db: Database,
  token: string,
  answers: SurveyAnswers,
  client: PublicClient,
): Promise<{ submitted: true }> {
  if (!tokenShape.test(token)) throw surveyNotFound();
  return limitPublicWrites(db, client, async () => {
    const { comment, ...scores } = answers;
    const [done] = await db
      .update(surveyInvitations)
      .set({ ...scores, comment: comment || null, submittedAt: sql`now()` })
      .where(and(eq(surveyInvitations.token, token), isNull(surveyInvitations.submittedAt)))
      .returning({ id: surveyInvitations.id });
    if (done) return { submitted: true as const };
    const [known] = await db
      .select({ id: surveyInvitations.id })
      .from(surveyInvitations)
      .where(eq(surveyInvitations.token, token));
    if (!known) throw surveyNotFound();
    throw conflict('SURVEY_ALREADY_SUBMITTED', SURVEY_ALREADY_SUBMITTED);
  });
}

/** One group's integer sums as the regulation turns them into NRR, IKM × 25 and the letter. */
export function indexOf(respondents: number, sums: readonly number[]) {
  const nrr = Object.fromEntries(
    surveyElements.map((element, i) => [element, (sums[i] ?? 0) / respondents]),
  ) as SurveyIndexRow['nrr'];
  // Σ (NRR × 1/9) × 25, taken as one fraction of the integers so that no rounding creeps in.
  const total = sums.reduce((a, b) => a + b, 0);
  const index = (total * 25) / (9 * respondents);
  return { nrr, index, grade: surveyGrade(index) };
}

/**
 * The index per unit (each clinic, ambulance, complaints) and for all units together, per month of the
 * answers (the hospital's time zone), `from`–`to` both included. No row names a patient, a visit or an exact time.
 */
export async function surveyIndex(db: Database, from: string, to: string): Promise<SurveyIndex> {
  const timeZone = hospitalTimeZone();
  const s = surveyInvitations;
  const month = sql<string>`to_char(${s.submittedAt} at time zone ${timeZone}, 'YYYY-MM')`;
  const inPeriod = and(
    isNotNull(s.submittedAt),
    gte(s.submittedAt, monthBounds(from).from),
    lt(s.submittedAt, monthBounds(to).to),
  );
  const rows = await db
    .select({
      month: sql<string>`${month}`.as('month'),
      unit: s.unit,
      clinicId: s.clinicId,
      clinicName: sql<string | null>`min(${clinics.name})`,
      grouped: sql<number>`grouping(${s.unit}, ${s.clinicId})::int`,
      respondents: sql<number>`count(*)::int`,
      sums: sql<number[]>`array[${sql.join(
        surveyElements.map((element) => sql`sum(${s[element]})::int`),
        sql`, `,
      )}]`,
    })
    .from(s)
    .leftJoin(clinics, eq(clinics.id, s.clinicId))
    .where(inPeriod)
    // By the output column `month`: the same expression twice would be two parameters to PostgreSQL.
    .groupBy(sql`grouping sets ((month, ${s.unit}, ${s.clinicId}), (month))`)
    .orderBy(sql`1`, sql`grouping(${s.unit}, ${s.clinicId}) desc`, s.unit, sql`min(${clinics.name})`);
  const comments = await db
    .select({ month: month, unit: s.unit, clinicName: clinics.name, comment: s.comment })
    .from(s)
    .leftJoin(clinics, eq(clinics.id, s.clinicId))
    .where(and(inPeriod, isNotNull(s.comment)))
    .orderBy(desc(s.submittedAt))
    .limit(50);
  return {
    from,
    to,
    rows: rows.map((row): SurveyIndexRow => {
      const whole = row.grouped !== 0;
      return {
        month: row.month,
        unit: whole ? null : row.unit,
        clinic: !whole && row.clinicId !== null ? { id: row.clinicId, name: row.clinicName ?? '' } : null,
        unitName: whole ? ALL_UNITS : unitNameOf(row.unit, row.clinicName),
        respondents: row.respondents,
        ...indexOf(row.respondents, row.sums.map(Number)),
      };
    }),
    comments: comments.map((row) => ({
      month: row.month,
      unitName: unitNameOf(row.unit, row.clinicName),
      comment: row.comment ?? '',
    })),
  };
}
