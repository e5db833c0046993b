import {
  type AmbulanceOrderRequest,
  type DeskOrder,
  type DeskOrderDetail,
  type DeskOrderPage,
  INVALID_REQUEST,
  normalizePhone,
  ORDER_NOT_FOUND,
  type OrderAssignment,
  type OrderKind,
  type OrderStatus,
  type OrderStatusChange,
  orderStatusMoves,
  type PublicOrder,
} from '@portal/contract';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { orderEvents, orders } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { localDayStart } from '../../lib/dates.js';
import { limitPublicWrites, type PublicClient } from '../../lib/public-writes.js';
import { formatTrackingCode, parseTrackingCode, withNewTrackingCode } from '../../lib/tracking-code.js';
import { getDuty } from '../duty/service.js';
import { enqueue } from '../notifications/service.js';
import { staffNames } from '../staff/service.js';
import type { PublicLinks } from '../notifications/templates.js';
import { inviteToSurvey, pendingSurveyToken } from '../surveys/service.js';
import { assignmentMessage, kindWord, newOrderMessage, statusMessage } from './messages.js';

/** An order as the public sends it; `patientName` is the deceased's for a hearse. */
export type NewOrder = AmbulanceOrderRequest & { kind: OrderKind };

type OrderRow = typeof orders.$inferSelect;
type Reader = Database | Transaction;

const statusWord: Record<OrderStatus, string> = {
  NEW: 'Baru',
  CONFIRMED: 'Dikonfirmasi',
  ON_THE_WAY: 'Dalam perjalanan',
  DONE: 'Selesai',
  CANCELLED: 'Dibatalkan',
};

// One answer whatever was wrong (code, phone, or both): the status page reveals nothing to guessers.
const orderNotFound = () => notFound(ORDER_NOT_FOUND);

/**
 * Takes an order from the public. The order, its first timeline entry and the message to the on-duty
 * officer are written in one transaction, under the per-address limit on public writes.
 */
export async function createOrder(db: Database, input: NewOrder, client: PublicClient): Promise<PublicOrder> {
  const phone = normalizePhone(input.phone);
  if (!phone) {
    throw new AppError(400, 'VALIDATION_ERROR', INVALID_REQUEST, {
      fields: { phone: 'Nomor HP tidak valid.' },
    });
  }
  const { piket } = await getDuty(db);
  return limitPublicWrites(db, client, () =>
    db.transaction(async (tx) => {
      const order = await withNewTrackingCode(async (code) => {
        const [row] = await tx
          .insert(orders)
          .values({
            code,
            kind: input.kind,
            requesterName: input.requesterName,
            phone,
            patientName: input.patientName,
            pickupAddress: input.pickupAddress,
            destination: input.destination,
            scheduledAt: new Date(input.scheduledAt),
            notes: input.notes || null,
            address: client.address,
          })
          .onConflictDoNothing({ target: orders.code })
          .returning();
        return row;
      });
      await tx.insert(orderEvents).values({ orderId: order.id, status: 'NEW' });
      await enqueue(tx, {
        eventKey: `order:${order.id}:created`,
        recipient: piket?.phone ?? null,
        noRecipient: 'Tidak ada petugas piket yang bertugas saat pesanan masuk.',
        message: newOrderMessage(order),
      });
      return toPublicOrder(tx, order);
    }),
  );
}

/** What the requester and the desk both see of an order. */
const toOrderView = (order: OrderRow) => ({
  code: formatTrackingCode(order.code),
  kind: order.kind,
  status: order.status,
  requesterName: order.requesterName,
  patientName: order.patientName,
  pickupAddress: order.pickupAddress,
  destination: order.destination,
  scheduledAt: order.scheduledAt.toISOString(),
  notes: order.notes,
  vehicle: order.vehicle,
  driver: order.driver,
  createdAt: order.createdAt.toISOString(),
});

async function toPublicOrder(db: Reader, order: OrderRow): Promise<PublicOrder> {
  const history = await db
    .select({ status: orderEvents.status, note: orderEvents.note, at: orderEvents.at })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  return {
    ...toOrderView(order),
    history: history.map((h) => ({ status: h.status, note: h.note, at: h.at.toISOString() })),
    survey:
      order.status === 'DONE' ? await pendingSurveyToken(db, { unit: 'ambulance', orderId: order.id }) : null,
  };
}

/** The status page: the code and the requester's phone must both match. */
export async function findOrder(db: Database, code: string, phone: string | undefined): Promise<PublicOrder> {
  const stored = parseTrackingCode(code);
  const normalized = phone === undefined ? null : normalizePhone(phone);
  if (!stored || !normalized) throw orderNotFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, stored), eq(orders.phone, normalized)));
  if (!order) throw orderNotFound();
  return toPublicOrder(db, order);
}

const toDeskOrder = (order: OrderRow): DeskOrder => ({
  ...toOrderView(order),
  id: order.id,
  phone: order.phone,
  cancelReason: order.cancelReason,
  updatedAt: order.updatedAt.toISOString(),
});

/** The desk's list, by pickup time, newest first; `from`/`to` are whole days in the server's zone. */
export async function listOrders(
  db: Database,
  query: {
    kind?: OrderKind;
    status?: OrderStatus;
    from?: string;
    to?: string;
    page: number;
    pageSize: number;
  },
): Promise<DeskOrderPage> {
  const filters: (SQL | undefined)[] = [
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.from ? gte(orders.scheduledAt, localDayStart(query.from)) : undefined,
    query.to ? lt(orders.scheduledAt, localDayStart(query.to, 1)) : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.scheduledAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { items: rows.map(toDeskOrder), total: total?.n ?? 0 };
}

async function toDeskDetail(db: Reader, order: OrderRow): Promise<DeskOrderDetail> {
  const history = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  const names = await staffNames(
    db,
    history.flatMap((h) => (h.staffId === null ? [] : [h.staffId])),
  );
  return {
    ...toDeskOrder(order),
    history: history.map((h) => ({
      id: h.id,
      status: h.status,
      note: h.note,
      at: h.at.toISOString(),
      staff: h.staffId === null ? null : { id: h.staffId, name: names.get(h.staffId) ?? '' },
    })),
  };
}

export async function getDeskOrder(db: Database, id: number): Promise<DeskOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound('Pesanan tidak ditemukan.');
  return toDeskDetail(db, order);
}

/** The lock makes concurrent changes of one order wait for each other, so each sees the last state. */
async function lockOrder(tx: Transaction, id: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound('Pesanan tidak ditemukan.');
  return order;
}

/**
 * Moves an order along NEW → CONFIRMED → ON_THE_WAY → DONE, or cancels it (with a reason) before it
 * is done. The timeline entry, the audit row and the message to the requester go in one transaction.
 */
export async function changeOrderStatus(
  db: Database,
  actor: Actor,
  id: number,
  input: OrderStatusChange,
  links: PublicLinks,
): Promise<DeskOrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const to = input.status;
    if (to === 'NEW' || !orderStatusMoves[order.status].includes(to)) {
      throw conflict(
        'ILLEGAL_STATUS_CHANGE',
        `Status pesanan tidak dapat diubah dari "${statusWord[order.status]}" ke "${statusWord[to]}".`,
      );
    }
    const note = input.note || null;
    const updated = single(
      await tx
        .update(orders)
        .set({
          status: to,
          updatedAt: sql`now()`,
          ...(to === 'CANCELLED' ? { cancelReason: note } : {}),
        })
        .where(eq(orders.id, id))
        .returning(),
    );
    const event = single(
      await tx
        .insert(orderEvents)
        .values({ orderId: id, status: to, note, staffId: actor.staffId })
        .returning({ id: orderEvents.id }),
    );
    await audit(tx, actor, 'order.status', { type: 'order', id }, { from: order.status, to, note });
    await enqueue(tx, {
      eventKey: `order:${id}:status:${event.id}`,
      recipient: order.phone,
      message: statusMessage(updated, to, note),
    });
    if (to === 'DONE') {
      await inviteToSurvey(
        tx,
        { unit: 'ambulance', orderId: id },
        { phone: order.phone, service: `layanan ${kindWord[order.kind]}` },
        links,
      );
    }
    return toDeskDetail(tx, updated);
  });
}

/** Names the vehicle and driver of an open order; the requester is told. */
export async function assignOrder(
  db: Database,
  actor: Actor,
  id: number,
  input: OrderAssignment,
): Promise<DeskOrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status === 'DONE' || order.status === 'CANCELLED') {
      throw conflict('ORDER_CLOSED', 'Pesanan yang sudah selesai atau dibatalkan tidak dapat diubah.');
    }
    if (order.vehicle === input.vehicle && order.driver === input.driver) return toDeskDetail(tx, order);
    const updated = single(
      await tx
        .update(orders)
        .set({ vehicle: input.vehicle, driver: input.driver, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
        .returning(),
    );
    const event = single(
      await tx
        .insert(orderEvents)
        .values({
          orderId: id,
          status: order.status,
          note: `Kendaraan: ${input.vehicle}; pengemudi: ${input.driver}.`,
          staffId: actor.staffId,
        })
        .returning({ id: orderEvents.id }),
    );
    await audit(
      tx,
      actor,
      'order.assign',
      { type: 'order', id },
      { before: { vehicle: order.vehicle, driver: order.driver }, after: input },
    );
    await enqueue(tx, {
      eventKey: `order:${id}:assignment:${event.id}`,
      recipient: order.phone,
      message: assignmentMessage(order, input.vehicle, input.driver),
    });
    return toDeskDetail(tx, updated);
  });
}
