import { normalizePhone } from '@portal/contract';
import type { Database } from '../db/client.js';
import { isLegacyFlag } from '../db/legacy/row.js';
import { patientToLegacy } from '../db/legacy/tables/patients.js';
import { AppError } from '../errors.js';
import { type AuditActor, audit } from '../lib/audit.js';
import type { SimrsClient, SimrsQueries, SimrsValue } from './client.js';
import { mirrorRows } from './link.js';

// What the portal writes through to the SIMRS in linked mode, in the same user action: a new or corrected
// patient, an operation's status, the officers on duty, and a copy of every Mobile JKN booking. The SIMRS
// is written first; if the portal's own write then fails, what was written to the SIMRS is taken back, and
// both sides stay as they were. A row the SIMRS changed meanwhile is not overwritten: the SIMRS wins.

/** The SIMRS's errors a clerk can act on: a character its latin1 tables cannot hold; a value too long. */
const refusedValue = new Set([1366, 1406]);
/**
 * Taken again with the next number: the number was taken meanwhile (1062), or the SIMRS chose this
 * insert as a deadlock's victim (1213; 1467 when it happened on the table's auto-increment lock).
 */
const tryAgain = new Set([1062, 1213, 1467]);

const errno = (err: unknown) => (err as { errno?: unknown }).errno;

/** What a refusal names: the data refused, and what is not saved when the SIMRS does not answer. */
interface Subject {
  data: string;
  unsaved: string;
}

const newPatient: Subject = { data: 'data pasien ini', unsaved: 'pasien baru belum bisa didaftarkan' };
const correctedPatient: Subject = {
  data: 'data pasien ini',
  unsaved: 'perubahan data pasien belum tersimpan',
};
const operation: Subject = { data: 'status operasi ini', unsaved: 'status operasi belum berubah' };
const officer: Subject = { data: 'data petugas ini', unsaved: 'serah terima tugas belum tercatat' };
const jknBooking: Subject = { data: 'antrean Mobile JKN ini', unsaved: 'antrean Mobile JKN belum tercatat' };

/** The SIMRS did not answer or refused: the clerk is told, nothing is written anywhere. */
function simrsRefusal(err: unknown, subject: Subject): AppError {
  if (err instanceof AppError) return err;
  if (refusedValue.has(errno(err) as number))
    return new AppError(
      422,
      'SIMRS_REFUSED_VALUE',
      `SIMRS menolak ${subject.data}: ada huruf yang tidak bisa disimpannya (misalnya huruf beraksen di luar ` +
        'Latin) atau isian yang terlalu panjang. Tulis ulang dengan huruf biasa lalu simpan lagi.',
    );
  return new AppError(
    503,
    'SIMRS_UNAVAILABLE',
    `SIMRS tidak menjawab: ${subject.unsaved}. Tidak ada yang tersimpan; coba lagi sebentar lagi.`,
  );
}

/**
 * The highest numeric medical record number in the SIMRS, + 1, as the hospital writes them (6 digits); past
 * `portalHighest`, the portal's highest, so that a number the SIMRS removed is never given to another person.
 */
async function nextNumber(simrs: SimrsClient, portalHighest: number): Promise<string> {
  const [row] = await simrs.rows<{ next: string | number }>(
    `select greatest(coalesce(max(cast(kode as unsigned)), 0), ?) + 1 as next from master_pasien where kode regexp '^[0-9]{1,18}$'`,
    [portalHighest],
  );
  return String(row?.next ?? 1).padStart(6, '0');
}

type Columns = Record<string, SimrsValue>;

/** `?? = ?` for each column, joined by commas, with its names and values (a SET clause). */
const assigning = (values: Columns) => pairs(values, '=', ', ');
/** `?? <=> ?` for each column (equal, NULL to NULL), joined by `and` (a WHERE clause). */
const matching = (values: Columns) => pairs(values, '<=>', ' and ');

function pairs(values: Columns, operator: string, joiner: string): { sql: string; values: SimrsValue[] } {
  const columns = Object.keys(values);
  return {
    sql: columns.map(() => `?? ${operator} ?`).join(joiner),
    values: columns.flatMap((column) => [column, values[column] ?? null]),
  };
}

/** Sets `values` on the rows of `table` whose columns hold `where`; answers how many rows matched. */
async function update(simrs: SimrsQueries, table: string, values: Columns, where: Columns): Promise<number> {
  const set = assigning(values);
  const match = matching(where);
  const { affectedRows } = await simrs.run(`update ?? set ${set.sql} where ${match.sql}`, [
    table,
    ...set.values,
    ...match.values,
  ]);
  return affectedRows;
}

const pick = <T>(row: Record<string, T>, columns: string[]): Record<string, T> =>
  Object.fromEntries(columns.map((column) => [column, row[column] as T]));

/** A patient's fields as the portal records them (see `patientToLegacy`). */
export type PatientFields = Parameters<typeof patientToLegacy>[0];

/** One write made in the SIMRS, for the audit log: the table, the row's key, the values written. */
export interface SimrsWrite {
  table: string;
  key: string | number;
  values: Record<string, SimrsValue>;
}

/**
 * A write that only applies to the row as the portal knows it: written, or refused because the SIMRS
 * changed the row first (`current`: the SIMRS's row now, undefined when it is gone from the SIMRS). The
 * caller takes `current` into the portal's copy (`mirror`) once its own transaction is over.
 */
export type GuardedWrite =
  { written: SimrsWrite } | { refused: SimrsWrite; current: Record<string, unknown> | undefined };

/** The columns of a refused write as the SIMRS holds them now (for the audit log and the clerk). */
const simrsHolds = (outcome: { refused: SimrsWrite; current: Record<string, unknown> | undefined }) =>
  Object.fromEntries(
    Object.keys(outcome.refused.values).map((column) => [column, outcome.current?.[column] ?? null]),
  );

/** An operation's state as the portal holds it (`emr_template.status_operasi` and `batal`). */
export interface OperationState {
  status: string;
  cancelled: boolean;
}

/** The two posts and where the SIMRS marks their officer (`'1'`, every other row `'0'`). */
const postTables = {
  piket: { table: 'bhpdet_dbs', flag: 'piket' },
  cs: { table: 'emr_soap_o', flag: 'aktif' },
} as const;

/** The staff member taking a post, with the SIMRS row they are known by, if any. */
export interface PostOfficer {
  recNo: number | null;
  name: string;
  phone: string;
  /** The rows other members are known by: never theirs, whatever the phone. */
  othersRows: readonly number[];
}

/** A Mobile JKN booking's copy in `ntrol_referensi_mobilejkn_bpjs`, by its columns. */
export type JknBookingRow = Record<string, SimrsValue> & { nobooking: string };

/**
 * The SIMRS writes of one user action: each is taken back, newest first, when the action fails after
 * it (`run`). Standalone (no SIMRS) it writes nothing and `linked` is false.
 */
export class WriteThrough {
  private readonly undos: (() => Promise<void>)[] = [];

  constructor(private readonly simrs?: SimrsClient) {}

  get linked(): boolean {
    return this.simrs !== undefined;
  }

  /** Runs the portal's side of the action; when it throws, the SIMRS writes made so far are undone. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      await this.undo();
      throw err;
    }
  }

  /** Takes back every SIMRS write of the action so far. */
  async undo(): Promise<void> {
    for (const undo of this.undos.splice(0).reverse()) await undo();
  }

  /** The SIMRS, or a programming error: the callers write through only when `linked`. */
  private client(): SimrsClient {
    if (!this.simrs) throw new Error('not linked to a SIMRS');
    return this.simrs;
  }

  /** Runs SIMRS work; what it throws becomes the clerk's reason (see `simrsRefusal`). */
  private async attempt<T>(subject: Subject, work: (simrs: SimrsClient) => Promise<T>): Promise<T> {
    const simrs = this.client();
    try {
      return await work(simrs);
    } catch (err) {
      throw simrsRefusal(err, subject);
    }
  }

  /**
   * Writes a new patient into `master_pasien` under the SIMRS's next medical record number and answers
   * it. Two systems registering at once cannot take one number: the SIMRS's unique key refuses the
   * second, which then takes the next (so does an insert the SIMRS gave up on in a deadlock). The number
   * comes after `portalHighest`, the highest the portal holds (a record the SIMRS removed keeps its
   * number in the portal).
   */
  async newPatient(fields: PatientFields, portalHighest: number): Promise<string> {
    return this.attempt(newPatient, async (simrs) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const mrn = await nextNumber(simrs, portalHighest);
        try {
          const row = { ...patientToLegacy(fields), kode: mrn };
          const { insertId } = await simrs.run('insert into master_pasien (??) values (?)', [
            Object.keys(row),
            Object.values(row),
          ]);
          this.undos.push(async () => {
            await simrs.run('delete from master_pasien where sr_recno = ? and kode = ?', [insertId, mrn]);
          });
          return mrn;
        } catch (err) {
          if (!tryAgain.has(errno(err) as number)) throw err;
        }
      }
      throw new Error('no free medical record number in the SIMRS after 20 attempts');
    });
  }

  /**
   * Writes a patient's corrected fields into `master_pasien` with a compare-and-set: the UPDATE matches
   * the record only while its columns still hold what the portal's copy holds (`before`), so a record
   * the SIMRS changed meanwhile is left as the SIMRS has it (`refused`).
   */
  async correctPatient(mrn: string, before: PatientFields, after: PatientFields): Promise<GuardedWrite> {
    const from = patientToLegacy(before);
    const to = patientToLegacy(after);
    const changed = Object.keys(to).filter((column) => to[column] !== from[column]);
    const write = { table: 'master_pasien', key: mrn, values: pick(to, changed) };
    if (changed.length === 0) return { written: write };
    return this.attempt(correctedPatient, async (simrs) => {
      // Matched by the number and by the old values: a record the SIMRS changed meanwhile matches nothing.
      if ((await update(simrs, write.table, write.values, { kode: mrn, ...pick(from, changed) })) === 0) {
        const [current] = await simrs.rows<Record<string, unknown>>(
          'select * from master_pasien where kode = ?',
          [mrn],
        );
        return { refused: write, current };
      }
      this.undos.push(async () => {
        await update(simrs, write.table, pick(from, changed), { kode: mrn, ...write.values });
      });
      return { written: write };
    });
  }

  /**
   * Writes an operation's status and cancellation into `emr_template` (record `recNo`), unless the SIMRS
   * holds another state for it than the portal did (`before`): compared and written under the row's lock.
   */
  async operationState(recNo: number, before: OperationState, after: OperationState): Promise<GuardedWrite> {
    const write = {
      table: 'emr_template',
      key: recNo,
      values: { status_operasi: after.status, batal: after.cancelled ? 'Ya' : 'Tidak' },
    };
    return this.attempt(operation, (simrs) =>
      simrs.transaction(async (tx): Promise<GuardedWrite> => {
        const [current] = await tx.rows<Record<string, unknown>>(
          'select * from emr_template where sr_recno = ? for update',
          [recNo],
        );
        if (!current || !sameOperation(current, before)) return { refused: write, current };
        await update(tx, write.table, write.values, { sr_recno: recNo });
        const was = pick(current as Columns, Object.keys(write.values));
        this.undos.push(async () => {
          await update(simrs, write.table, was, { sr_recno: recNo, ...write.values });
        });
        return { written: write };
      }),
    );
  }

  /**
   * Marks the officer of a post in the SIMRS, in one SIMRS transaction: their row `'1'`, every other row
   * `'0'`. Their row is the one of their record number, else a live one with their phone that no other
   * member is known by (as the legacy import matches them); a member with neither gets a new row (name
   * and phone; the password column stays empty). Answers the row's record number, which the portal keeps.
   */
  async handover(
    role: keyof typeof postTables,
    member: PostOfficer,
  ): Promise<{ recNo: number; write: SimrsWrite }> {
    const { table, flag } = postTables[role];
    return this.attempt(officer, (simrs) =>
      simrs.transaction(async (tx) => {
        const rows = await tx.rows<{
          recNo: number | string;
          phone: string | null;
          flag: string;
          deleted: string;
        }>('select sr_recno as recNo, telp as phone, ?? as flag, sr_deleted as deleted from ?? for update', [
          flag,
          table,
        ]);
        const live = rows.filter((row) => !isLegacyFlag(row.deleted));
        const own =
          live.find((row) => Number(row.recNo) === member.recNo) ??
          live.find(
            (row) =>
              !member.othersRows.includes(Number(row.recNo)) &&
              row.phone !== null &&
              normalizePhone(row.phone) === member.phone,
          );
        const inserted = own
          ? undefined
          : (
              await tx.run('insert into ?? (nama, telp, ??) values (?, ?, ?)', [
                table,
                flag,
                member.name,
                member.phone,
                '0',
              ])
            ).insertId;
        const recNo = own ? Number(own.recNo) : (inserted as number);
        const wanted = (row: { recNo: number | string }) => (Number(row.recNo) === recNo ? '1' : '0');
        await tx.run('update ?? set ?? = if(sr_recno = ?, ?, ?) where ?? <> if(sr_recno = ?, ?, ?)', [
          table,
          flag,
          recNo,
          '1',
          '0',
          flag,
          recNo,
          '1',
          '0',
        ]);
        // Taken back row by row to what each held; a row made for the member goes again.
        const moved = rows.filter((row) => row.flag !== wanted(row));
        this.undos.push(() =>
          simrs.transaction(async (undo) => {
            for (const row of moved) await update(undo, table, { [flag]: row.flag }, { sr_recno: row.recNo });
            if (inserted !== undefined)
              await undo.run('delete from ?? where sr_recno = ?', [table, inserted]);
          }),
        );
        return { recNo, write: { table, key: recNo, values: { [flag]: '1' } } };
      }),
    );
  }

  /** Copies a new Mobile JKN booking into `ntrol_referensi_mobilejkn_bpjs` for the SIMRS's side. */
  async jknBooking(row: JknBookingRow): Promise<SimrsWrite> {
    return this.attempt(jknBooking, async (simrs) => {
      await simrs.run('insert into ntrol_referensi_mobilejkn_bpjs (??) values (?)', [
        Object.keys(row),
        Object.values(row),
      ]);
      this.undos.push(async () => {
        await simrs.run('delete from ntrol_referensi_mobilejkn_bpjs where nobooking = ?', [row.nobooking]);
      });
      return { table: 'ntrol_referensi_mobilejkn_bpjs', key: row.nobooking, values: row };
    });
  }

  /**
   * Moves a Mobile JKN booking's copy along (status, task, `validasi`). Undefined when the SIMRS has no
   * copy of it (a booking made before the portal was linked): nothing is written.
   */
  async jknProgress(code: string, values: Columns): Promise<SimrsWrite | undefined> {
    return this.attempt(jknBooking, async (simrs) => {
      const columns = Object.keys(values);
      const [was] = await simrs.rows<Columns>(
        'select ?? from ntrol_referensi_mobilejkn_bpjs where nobooking = ?',
        [columns, code],
      );
      if (!was) return undefined;
      const table = 'ntrol_referensi_mobilejkn_bpjs';
      await update(simrs, table, values, { nobooking: code });
      this.undos.push(async () => {
        await update(simrs, table, was, { nobooking: code });
      });
      return { table, key: code, values };
    });
  }

  /**
   * The SIMRS changed the row first, and wins: its row is taken into the portal's copy now (see
   * `mirrorRows`: the clerk sees the SIMRS's values) and the conflict is audited, with the values refused
   * and the SIMRS's. Answers whether the row is still in the SIMRS.
   */
  async simrsWins(
    db: Database,
    actor: AuditActor,
    entity: { type: string; id: number },
    outcome: Extract<GuardedWrite, { refused: unknown }>,
  ): Promise<boolean> {
    const { refused, current } = outcome;
    if (current) await mirrorRows(db, this.client(), refused.table, [current]);
    await audit(db, actor, 'simrs.conflict', entity, { ...refused, simrs: simrsHolds(outcome) });
    return current !== undefined;
  }
}

/** Whether the SIMRS's operation row holds the state the portal holds (as the importer reads it). */
function sameOperation(row: Record<string, unknown>, state: OperationState): boolean {
  const status =
    String(row.status_operasi ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase() || 'MENUNGGU';
  return (
    status === state.status.toUpperCase() && isLegacyFlag(row.batal as string | null) === state.cancelled
  );
}
