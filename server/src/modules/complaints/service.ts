import {
  COMPLAINT_NOT_FOUND,
  type ComplaintAnswerRequest,
  type ComplaintCategory,
  type ComplaintCreated,
  type ComplaintStatus,
  complaintStatusMoves,
  type DeskComplaint,
  type DeskComplaintCategory,
  type DeskComplaintDetail,
  type DeskComplaintPage,
  INVALID_REQUEST,
  normalizePhone,
  type PublicComplaint,
} from '@portal/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { type RowOf, single } from '../../db/rows.js';
import { complaintCategories, complaintResponses, complaints } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { limitPublicWrites, type PublicClient } from '../../lib/public-writes.js';
import { formatTrackingCode, parseTrackingCode, withNewTrackingCode } from '../../lib/tracking-code.js';
import { getDuty } from '../duty/service.js';
import { enqueue } from '../notifications/service.js';
import { staffNames } from '../staff/service.js';
import type { PublicLinks } from '../notifications/templates.js';
import { inviteToSurvey, pendingSurveyToken } from '../surveys/service.js';
import {
  answerMessage,
  complaintStatusMessage,
  complaintStatusWord,
  newComplaintMessage,
} from './messages.js';

type Reader = Database | Transaction;

const categoryColumns = {
  code: complaintCategories.code,
  name: complaintCategories.name,
  sort: complaintCategories.sort,
  active: complaintCategories.active,
};

/** What the complaint form offers. */
export async function listCategories(db: Database): Promise<ComplaintCategory[]> {
  return db
    .select({ code: complaintCategories.code, name: complaintCategories.name })
    .from(complaintCategories)
    .where(eq(complaintCategories.active, true))
    .orderBy(asc(complaintCategories.sort), asc(complaintCategories.name));
}

/** Every category, also the inactive ones, for the desk's filter and the admins' list. */
export async function listAllCategories(db: Database): Promise<DeskComplaintCategory[]> {
  return db
    .select(categoryColumns)
    .from(complaintCategories)
    .orderBy(asc(complaintCategories.sort), asc(complaintCategories.name));
}

export async function createCategory(
  db: Database,
  actor: Actor,
  input: { code: string; name: string; sort?: number },
): Promise<DeskComplaintCategory> {
  try {
    return await db.transaction(async (tx) => {
      const category = single(await tx.insert(complaintCategories).values(input).returning(categoryColumns));
      await audit(
        tx,
        actor,
        'complaint.category.create',
        { type: 'complaint_category', id: input.code },
        input,
      );
      return category;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('CATEGORY_CODE_TAKEN', `Kode kategori ${input.code} sudah dipakai.`);
    }
    throw err;
  }
}

export async function updateCategory(
  db: Database,
  actor: Actor,
  code: string,
  input: { name?: string; active?: boolean; sort?: number },
): Promise<DeskComplaintCategory> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(categoryColumns)
      .from(complaintCategories)
      .where(eq(complaintCategories.code, code))
      .for('update');
    if (!before) throw notFound('Kategori pengaduan tidak ditemukan.');
    if (Object.keys(input).length === 0) return before;
    const after = single(
      await tx
        .update(complaintCategories)
        .set(input)
        .where(eq(complaintCategories.code, code))
        .returning(categoryColumns),
    );
    await audit(
      tx,
      actor,
      'complaint.category.update',
      { type: 'complaint_category', id: code },
      { before, after: input },
    );
    return after;
  });
}

/**
 * Takes a complaint from the public. The complaint and the message to the customer-service officer
 * are written in one transaction, under the per-address limit on public writes.
 */
export async function createComplaint(
  db: Database,
  input: { name?: string; phone: string; category: string; unit?: string; message: string },
  client: PublicClient,
): Promise<ComplaintCreated> {
  const phone = normalizePhone(input.phone);
  if (!phone) {
    throw new AppError(400, 'VALIDATION_ERROR', INVALID_REQUEST, {
      fields: { phone: 'Nomor HP tidak valid.' },
    });
  }
  const { cs } = await getDuty(db);
  return limitPublicWrites(db, client, () =>
    db.transaction(async (tx) => {
      const [category] = await tx
        .select({ name: complaintCategories.name })
        .from(complaintCategories)
        .where(and(eq(complaintCategories.code, input.category), eq(complaintCategories.active, true)));
      if (!category) {
        throw new AppError(400, 'VALIDATION_ERROR', INVALID_REQUEST, {
          fields: { category: 'Kategori pengaduan tidak dikenal; pilih dari daftar.' },
        });
      }
      const complaint = await withNewTrackingCode(async (code) => {
        const [row] = await tx
          .insert(complaints)
          .values({
            code,
            category: input.category,
            unit: input.unit || null,
            message: input.message,
            name: input.name || null,
            phone,
            address: client.address,
          })
          .onConflictDoNothing({ target: complaints.code })
          .returning();
        return row;
      });
      await enqueue(tx, {
        eventKey: `complaint:${complaint.id}:created`,
        recipient: cs?.phone ?? null,
        noRecipient: 'Tidak ada petugas customer service yang bertugas saat pengaduan masuk.',
        message: newComplaintMessage({ ...complaint, categoryName: category.name }),
      });
      return { code: formatTrackingCode(complaint.code), status: complaint.status };
    }),
  );
}

function complaintsWithCategory(db: Reader) {
  return db
    .select({
      id: complaints.id,
      code: complaints.code,
      categoryCode: complaintCategories.code,
      categoryName: complaintCategories.name,
      unit: complaints.unit,
      name: complaints.name,
      phone: complaints.phone,
      message: complaints.message,
      status: complaints.status,
      createdAt: complaints.createdAt,
      updatedAt: complaints.updatedAt,
    })
    .from(complaints)
    .innerJoin(complaintCategories, eq(complaintCategories.code, complaints.category))
    .$dynamic();
}

type ComplaintRow = RowOf<typeof complaintsWithCategory>;

const toDeskComplaint = (row: ComplaintRow): DeskComplaint => ({
  id: row.id,
  code: formatTrackingCode(row.code),
  category: { code: row.categoryCode, name: row.categoryName },
  unit: row.unit,
  name: row.name,
  phone: row.phone,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function responsesOf(db: Reader, complaintId: number) {
  return db
    .select()
    .from(complaintResponses)
    .where(eq(complaintResponses.complaintId, complaintId))
    .orderBy(asc(complaintResponses.id));
}

// One answer whatever was wrong: the status page reveals nothing to guessers.
const complaintNotFound = () => notFound(COMPLAINT_NOT_FOUND);

/** The status page: the code and the complainant's phone must both match. */
export async function findComplaint(
  db: Database,
  code: string,
  phone: string | undefined,
): Promise<PublicComplaint> {
  const stored = parseTrackingCode(code);
  const normalized = phone === undefined ? null : normalizePhone(phone);
  if (!stored || !normalized) throw complaintNotFound();
  const [row] = await complaintsWithCategory(db).where(
    and(eq(complaints.code, stored), eq(complaints.phone, normalized)),
  );
  if (!row) throw complaintNotFound();
  const responses = await responsesOf(db, row.id);
  return {
    code: formatTrackingCode(row.code),
    category: { code: row.categoryCode, name: row.categoryName },
    unit: row.unit,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    responses: responses.map((r) => ({ message: r.message, at: r.at.toISOString() })),
    survey:
      row.status === 'RESOLVED'
        ? await pendingSurveyToken(db, { unit: 'complaints', complaintId: row.id })
        : null,
  };
}

/** The desk's list, newest first. */
export async function listComplaints(
  db: Database,
  query: { status?: ComplaintStatus; category?: string; page: number; pageSize: number },
): Promise<DeskComplaintPage> {
  const filters: (SQL | undefined)[] = [
    query.status ? eq(complaints.status, query.status) : undefined,
    query.category ? eq(complaints.category, query.category) : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    complaintsWithCategory(db)
      .where(where)
      .orderBy(desc(complaints.createdAt), desc(complaints.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(complaints).where(where),
  ]);
  return { items: rows.map(toDeskComplaint), total: total?.n ?? 0 };
}

export async function getDeskComplaint(db: Reader, id: number): Promise<DeskComplaintDetail> {
  const [row] = await complaintsWithCategory(db).where(eq(complaints.id, id));
  if (!row) throw notFound('Pengaduan tidak ditemukan.');
  const responses = await responsesOf(db, id);
  const names = await staffNames(
    db,
    responses.map((r) => r.staffId),
  );
  return {
    ...toDeskComplaint(row),
    responses: responses.map((r) => ({
      id: r.id,
      message: r.message,
      at: r.at.toISOString(),
      staff: { id: r.staffId, name: names.get(r.staffId) ?? '' },
    })),
  };
}

/** The lock makes concurrent changes of one complaint wait for each other. */
async function lockComplaint(tx: Transaction, id: number) {
  const [complaint] = await tx
    .select({ id: complaints.id, code: complaints.code, phone: complaints.phone, status: complaints.status })
    .from(complaints)
    .where(eq(complaints.id, id))
    .for('update');
  if (!complaint) throw notFound('Pengaduan tidak ditemukan.');
  return complaint;
}

/** A resolved complaint invites its complainant to the satisfaction survey, after the status message. */
const inviteResolved = (tx: Transaction, complaint: { id: number; phone: string }, links: PublicLinks) =>
  inviteToSurvey(
    tx,
    { unit: 'complaints', complaintId: complaint.id },
    { phone: complaint.phone, service: 'layanan pengaduan' },
    links,
  );

function checkMove(from: ComplaintStatus, to: ComplaintStatus) {
  if (!complaintStatusMoves[from].includes(to)) {
    throw conflict(
      'ILLEGAL_STATUS_CHANGE',
      `Status pengaduan tidak dapat diubah dari "${complaintStatusWord[from]}" ke "${complaintStatusWord[to]}".`,
    );
  }
}

/**
 * Adds the hospital's answer, optionally moving the complaint on (a `status` equal to the current one
 * is no move). The answer, the audit row and the message to the complainant go in one transaction.
 */
export async function answerComplaint(
  db: Database,
  actor: Actor,
  id: number,
  input: ComplaintAnswerRequest,
  links: PublicLinks,
): Promise<DeskComplaintDetail> {
  return db.transaction(async (tx) => {
    const complaint = await lockComplaint(tx, id);
    const movedTo = input.status && input.status !== complaint.status ? input.status : null;
    if (movedTo) checkMove(complaint.status, movedTo);
    const response = single(
      await tx
        .insert(complaintResponses)
        .values({ complaintId: id, message: input.message, staffId: actor.staffId })
        .returning({ id: complaintResponses.id }),
    );
    await tx
      .update(complaints)
      .set({ updatedAt: sql`now()`, ...(movedTo ? { status: movedTo } : {}) })
      .where(eq(complaints.id, id));
    await audit(
      tx,
      actor,
      'complaint.answer',
      { type: 'complaint', id },
      { responseId: response.id, from: complaint.status, to: movedTo ?? complaint.status },
    );
    await enqueue(tx, {
      eventKey: `complaint:${id}:response:${response.id}`,
      recipient: complaint.phone,
      message: answerMessage(complaint.code, input.message, movedTo),
    });
    if (movedTo === 'RESOLVED') await inviteResolved(tx, complaint, links);
    return getDeskComplaint(tx, id);
  });
}

/** Moves a complaint on (RECEIVED → IN_PROGRESS → RESOLVED, or straight to RESOLVED). */
export async function changeComplaintStatus(
  db: Database,
  actor: Actor,
  id: number,
  status: ComplaintStatus,
  links: PublicLinks,
): Promise<DeskComplaintDetail> {
  return db.transaction(async (tx) => {
    const complaint = await lockComplaint(tx, id);
    checkMove(complaint.status, status);
    await tx
      .update(complaints)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(complaints.id, id));
    await audit(
      tx,
      actor,
      'complaint.status',
      { type: 'complaint', id },
      { from: complaint.status, to: status },
    );
    // Statuses only move forward, so each is reached at most once: it names the event.
    await enqueue(tx, {
      eventKey: `complaint:${id}:status:${status}`,
      recipient: complaint.phone,
      message: complaintStatusMessage(complaint.code, status),
    });
    if (status === 'RESOLVED') await inviteResolved(tx, complaint, links);
    return getDeskComplaint(tx, id);
  });
}
