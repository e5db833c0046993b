import { patientToLegacy } from '../db/legacy/tables/patients.js';
import { AppError } from '../errors.js';
import type { SimrsClient } from './client.js';

// What the portal writes through to the SIMRS in linked mode, in the same user action: the SIMRS owns
// patients, so a new patient is written there first, under the number the SIMRS gives. If the portal's
// own write then fails, what was written to the SIMRS is taken back, and both sides stay as they were.

/** The SIMRS's errors a clerk can act on: a character its latin1 tables cannot hold; a value too long. */
const refusedValue = new Set([1366, 1406]);
/**
 * Taken again with the next number: the number was taken meanwhile (1062), or the SIMRS chose this
 * insert as a deadlock's victim (1213; 1467 when it happened on the table's auto-increment lock).
 */
const tryAgain = new Set([1062, 1213, 1467]);

const errno = (err: unknown) => (err as { errno?: unknown }).errno;

/** The SIMRS did not answer or refused: the clerk is told, nothing is written anywhere. */
function simrsRefusal(err: unknown): AppError {
  if (refusedValue.has(errno(err) as number))
    return new AppError(
      422,
      'SIMRS_REFUSED_VALUE',
      'SIMRS menolak data pasien ini: ada huruf yang tidak bisa disimpannya (misalnya huruf beraksen di luar ' +
        'Latin) atau isian yang terlalu panjang. Tulis ulang dengan huruf biasa lalu simpan lagi.',
    );
  return new AppError(
    503,
    'SIMRS_UNAVAILABLE',
    'SIMRS tidak menjawab: pasien baru belum bisa didaftarkan. Tidak ada yang tersimpan; coba lagi sebentar lagi.',
  );
}

/** The highest numeric medical record number in the SIMRS, + 1, as the hospital writes them (6 digits). */
async function nextNumber(simrs: SimrsClient): Promise<string> {
  const [row] = await simrs.rows<{ next: string | number }>(
    `select coalesce(max(cast(kode as unsigned)), 0) + 1 as next from master_pasien where kode regexp '^[0-9]{1,18}$'`,
  );
  return String(row?.next ?? 1).padStart(6, '0');
}

/** A patient's fields as the portal records them (see `patientToLegacy`). */
export type PatientFields = Parameters<typeof patientToLegacy>[0];

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

  /**
   * Writes a new patient into `master_pasien` under the SIMRS's next medical record number and answers
   * it. Two systems registering at once cannot take one number: the SIMRS's unique key refuses the
   * second, which then takes the next (so does an insert the SIMRS gave up on in a deadlock).
   */
  async newPatient(fields: PatientFields): Promise<string> {
    const { simrs } = this;
    if (!simrs) throw new Error('not linked to a SIMRS');
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        const mrn = await nextNumber(simrs);
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
    } catch (err) {
      throw err instanceof AppError ? err : simrsRefusal(err);
    }
  }
}
