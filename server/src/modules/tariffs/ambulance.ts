import {
  type AmbulanceTariff,
  type AmbulanceTariffChange,
  type AmbulanceTariffField,
  type AmbulanceTariffHistoryEntry,
  type AmbulanceTariffImportMode,
  type AmbulanceTariffImportResult,
  type AmbulanceTariffImportRow,
  type AmbulanceTariffInput,
  ambulanceTariffFields,
  ambulanceTariffInputSchema,
} from '@portal/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { ambulanceTariffs } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { type Actor, audit, auditTrail } from '../../lib/audit.js';
import { contains } from '../../lib/search.js';
import { type CsvLayout, type CsvTable, checkCsvRow, readCsvTable, rowsRefused } from './csv.js';

const ENTITY = 'ambulance_tariff';
/** The partial unique index: one tariff in use per destination, whatever its case. */
const DESTINATION_INDEX = 'ambulance_tariffs_destination';

const columns = {
  id: ambulanceTariffs.id,
  destination: ambulanceTariffs.destination,
  price: ambulanceTariffs.price,
  notes: ambulanceTariffs.notes,
};

const inUse = isNull(ambulanceTariffs.deletedAt);

export async function listAmbulanceTariffs(db: Database, q?: string): Promise<AmbulanceTariff[]> {
  const search = q
    ? or(contains(ambulanceTariffs.destination, q), contains(ambulanceTariffs.notes, q))
    : undefined;
  return db
    .select(columns)
    .from(ambulanceTariffs)
    .where(and(inUse, search))
    .orderBy(asc(ambulanceTariffs.price), asc(ambulanceTariffs.destination));
}

/** What the server keeps of the input: notes left out or blank are none. */
const stored = (input: AmbulanceTariffInput) => ({
  destination: input.destination,
  price: input.price,
  notes: input.notes || null,
});

type Values = Omit<AmbulanceTariff, 'id'>;
type Changes = Partial<
  Record<AmbulanceTariffField, { from: string | number | null; to: string | number | null }>
>;

/** The fields that differ between `before` (null: nothing yet) and `after`, with both values. */
function changesOf(before: Values | null, after: Values): Changes {
  const changes: Changes = {};
  for (const field of ambulanceTariffFields) {
    const from = before ? before[field] : null;
    if (from !== after[field]) changes[field] = { from, to: after[field] };
  }
  return changes;
}

/** A unique violation on the destination is a 409 that names it; anything else goes on as it was. */
function destinationTaken(err: unknown, destination: string): unknown {
  return isUniqueViolation(err, DESTINATION_INDEX)
    ? conflict(
        'DESTINATION_TAKEN',
        `Tujuan "${destination}" sudah ada di daftar tarif. Ubah tarif yang ada, atau nonaktifkan dulu.`,
      )
    : err;
}

/** The tariff in use, locked until the transaction ends, so that the audit's old values are the ones replaced. */
async function lockInUse(tx: Transaction, id: number): Promise<AmbulanceTariff> {
  const [tariff] = await tx
    .select(columns)
    .from(ambulanceTariffs)
    .where(and(eq(ambulanceTariffs.id, id), inUse))
    .for('update');
  if (!tariff) throw notFound('Tarif ambulans tidak ditemukan.');
  return tariff;
}

export async function createAmbulanceTariff(
  db: Database,
  actor: Actor,
  input: AmbulanceTariffInput,
): Promise<AmbulanceTariff> {
  const values = stored(input);
  try {
    return await db.transaction(async (tx) => {
      const tariff = single(await tx.insert(ambulanceTariffs).values(values).returning(columns));
      const changes = changesOf(null, values);
      await audit(tx, actor, `${ENTITY}.create`, { type: ENTITY, id: tariff.id }, { changes });
      return tariff;
    });
  } catch (err) {
    throw destinationTaken(err, values.destination);
  }
}

export async function updateAmbulanceTariff(
  db: Database,
  actor: Actor,
  id: number,
  input: AmbulanceTariffInput,
): Promise<AmbulanceTariff> {
  const values = stored(input);
  try {
    return await db.transaction(async (tx) => {
      const { id: _id, ...before } = await lockInUse(tx, id);
      const changes = changesOf(before, values);
      if (Object.keys(changes).length === 0) return { id, ...before };
      const tariff = single(
        await tx
          .update(ambulanceTariffs)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(ambulanceTariffs.id, id))
          .returning(columns),
      );
      await audit(tx, actor, `${ENTITY}.update`, { type: ENTITY, id }, { changes });
      return tariff;
    });
  } catch (err) {
    throw destinationTaken(err, values.destination);
  }
}

/** Takes a tariff out of use: the public list no longer shows it, its destination may be added again. */
export async function retireAmbulanceTariff(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { id: _id, ...tariff } = await lockInUse(tx, id);
    const now = new Date();
    await tx
      .update(ambulanceTariffs)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(ambulanceTariffs.id, id));
    await audit(tx, actor, `${ENTITY}.retire`, { type: ENTITY, id }, { tariff });
  });
}

/** What each audit action of a tariff was, for its history. */
const historyActions: Record<string, Pick<AmbulanceTariffHistoryEntry, 'action' | 'imported'>> = {
  [`${ENTITY}.create`]: { action: 'create', imported: false },
  [`${ENTITY}.update`]: { action: 'update', imported: false },
  [`${ENTITY}.retire`]: { action: 'retire', imported: false },
  [`${ENTITY}.import.create`]: { action: 'create', imported: true },
  [`${ENTITY}.import.update`]: { action: 'update', imported: true },
};

/** Every change of a tariff, in use or retired, newest first: who, when, and each field's old and new value. */
export async function ambulanceTariffHistory(
  db: Database,
  id: number,
): Promise<AmbulanceTariffHistoryEntry[]> {
  const [tariff] = await db
    .select({ id: ambulanceTariffs.id })
    .from(ambulanceTariffs)
    .where(eq(ambulanceTariffs.id, id));
  if (!tariff) throw notFound('Tarif ambulans tidak ditemukan.');
  const rows = await auditTrail(db, ENTITY, id);
  return rows.flatMap((row) => {
    const kind = historyActions[row.action];
    if (!kind) return [];
    const { changes = {} } = (row.details ?? {}) as { changes?: Changes };
    return [
      {
        id: row.id,
        at: row.at.toISOString(),
        ...kind,
        staff: row.staff,
        changes: ambulanceTariffFields.flatMap((field): AmbulanceTariffChange[] => {
          const change = changes[field];
          return change ? [{ field, ...change }] : [];
        }),
      },
    ];
  });
}

type ImportColumn = 'destination' | 'price' | 'notes';
const importLayout: CsvLayout<ImportColumn> = {
  columns: {
    destination: ['tujuan', 'destination', 'zona'],
    price: ['tarif', 'price', 'harga'],
    notes: ['keterangan', 'notes', 'catatan', 'ket'],
  },
  required: ['destination', 'price'],
};

/** How destinations are matched: case-insensitively, as the unique index compares them. */
const keyOf = (destination: string) => destination.toUpperCase();

interface Planned {
  row: AmbulanceTariffImportRow;
  /** What the row writes: a new tariff, or the tariff in use it updates with its values before. */
  write?: { values: Values; target?: AmbulanceTariff };
}

/**
 * What importing `csv` does to the tariffs in use: each row added, updated, unchanged or rejected (with
 * why). A file without a notes column leaves the notes of the tariffs it updates as they are.
 */
function planImport({ present, rows }: CsvTable<ImportColumn>, current: AmbulanceTariff[]): Planned[] {
  const byKey = new Map(current.map((tariff) => [keyOf(tariff.destination), tariff]));
  const firstLine = new Map<string, number>();
  return rows.map((csvRow) => {
    const row: AmbulanceTariffImportRow = {
      line: csvRow.line,
      status: 'rejected',
      destination: csvRow.cells.destination ?? '',
      price: null,
      notes: csvRow.cells.notes || null,
      previous: null,
      reason: null,
    };
    const checked = checkCsvRow(csvRow, importLayout, ambulanceTariffInputSchema);
    if ('problem' in checked) return { row: { ...row, reason: checked.problem } };
    const input = stored(checked.value);
    const key = keyOf(input.destination);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      return { row: { ...row, price: input.price, reason: `tujuan: sama dengan baris ${earlier}.` } };
    }
    firstLine.set(key, csvRow.line);
    const target = byKey.get(key);
    if (!target) return { row: { ...row, ...input, status: 'added' }, write: { values: input } };
    // The destination keeps its spelling: the file only finds the tariff by it.
    const values = {
      destination: target.destination,
      price: input.price,
      notes: present.has('notes') ? input.notes : target.notes,
    };
    const unchanged = values.price === target.price && values.notes === target.notes;
    return {
      row: {
        ...row,
        price: values.price,
        notes: values.notes,
        status: unchanged ? 'unchanged' : 'updated',
        previous: { price: target.price, notes: target.notes },
      },
      write: unchanged ? undefined : { values, target },
    };
  });
}

function summary(plan: Planned[], applied: boolean): AmbulanceTariffImportResult {
  const count = (status: AmbulanceTariffImportRow['status']) =>
    plan.filter(({ row }) => row.status === status).length;
  return {
    applied,
    added: count('added'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    rejected: count('rejected'),
    rows: plan.map(({ row }) => row),
  };
}

/**
 * Previews or applies a CSV file of ambulance tariffs. Applying takes all rows or none: with any row
 * rejected it is a 400 naming each bad line, as the tariff books' import is.
 */
export async function importAmbulanceTariffs(
  db: Database,
  actor: Actor,
  csv: string,
  mode: AmbulanceTariffImportMode,
): Promise<AmbulanceTariffImportResult> {
  const table = await readCsvTable(csv, importLayout);
  if (mode === 'preview') return summary(planImport(table, await listAmbulanceTariffs(db)), false);
  try {
    return await db.transaction(async (tx) => {
      const current = await tx.select(columns).from(ambulanceTariffs).where(inUse).for('update');
      const plan = planImport(table, current);
      const rejected = new Map(
        plan.flatMap(({ row }) => (row.status === 'rejected' ? [[row.line, row.reason ?? '']] : [])),
      );
      if (rejected.size > 0) throw rowsRefused(rejected);
      for (const { write } of plan) {
        if (!write) continue;
        const { values, target } = write;
        if (target) {
          await tx
            .update(ambulanceTariffs)
            .set({ price: values.price, notes: values.notes, updatedAt: new Date() })
            .where(eq(ambulanceTariffs.id, target.id));
          await audit(
            tx,
            actor,
            `${ENTITY}.import.update`,
            { type: ENTITY, id: target.id },
            {
              changes: changesOf(target, values),
            },
          );
        } else {
          const { id } = single(
            await tx.insert(ambulanceTariffs).values(values).returning({ id: ambulanceTariffs.id }),
          );
          await audit(
            tx,
            actor,
            `${ENTITY}.import.create`,
            { type: ENTITY, id },
            {
              changes: changesOf(null, values),
            },
          );
        }
      }
      return summary(plan, true);
    });
  } catch (err) {
    // Another admin added one of the file's destinations meanwhile.
    if (isUniqueViolation(err, DESTINATION_INDEX)) {
      throw conflict(
        'DESTINATION_TAKEN',
        'Daftar tarif berubah selama impor; tidak ada yang diimpor. Buat pratinjau ulang lalu terapkan lagi.',
      );
    }
    throw err;
  }
}
