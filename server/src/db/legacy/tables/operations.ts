import { mrnSchema, operationInputSchema } from '@portal/contract';
import { isNotNull } from 'drizzle-orm';
import { doctors, operations } from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, patientsByMrn, upsert } from '../table.js';

type Status = NonNullable<(typeof operations.$inferInsert)['status']>;
const statuses: Status[] = ['Menunggu', 'Sedang Berlangsung', 'Selesai'];

function status(row: LegacyRow): Status {
  const written = row.text('status_operasi');
  if (written === null) return 'Menunggu';
  const spaced = written.replace(/\s+/g, ' ').toUpperCase();
  return (
    statuses.find((s) => s.toUpperCase() === spaced) ??
    row.reject('status_operasi', `status operasi tidak dikenali: "${written.slice(0, 30)}"`)
  );
}

type OperationRow = Omit<typeof operations.$inferInsert, 'id' | 'patientId' | 'createdAt' | 'updatedAt'> & {
  legacyRecNo: number;
  mrn: string;
};

/** `emr_template`: the operating schedule, by the legacy record number (`sr_recno`). */
export const operationsTable = legacyTable({
  file: 'emr_template.csv',
  columns: ['sr_recno', 'tanggaloperasi', 'urut', 'norm', 'tindakan', 'kamar'],
  keyColumn: 'sr_recno',
  async prepare(tx) {
    // The surgeons by their legacy code: a hospital has a few hundred doctors.
    const rows = await tx
      .select({ id: doctors.id, code: doctors.code })
      .from(doctors)
      .where(isNotNull(doctors.code));
    return new Map(rows.map((doctor) => [doctor.code as string, doctor.id]));
  },
  read(row, surgeons): OperationRow {
    const surgeon = row.code('kddokter');
    const cancelled = row.flag('batal');
    return {
      legacyRecNo: row.requiredInteger('sr_recno', 'sr_recno'),
      date: row.requiredDate('tanggaloperasi', 'tanggal operasi'),
      queueOrder: row.requiredInteger('urut', 'urutan', { min: 1 }),
      mrn: row.requiredCode('norm', 'nomor rekam medis (norm)', { max: formMax(mrnSchema) }),
      procedure: row.required('tindakan', 'tindakan', { max: formMax(operationInputSchema.shape.procedure) }),
      theatre: row.required('kamar', 'kamar operasi', { max: formMax(operationInputSchema.shape.theatre) }),
      plannedStart: row.time('jam'),
      surgeonId:
        surgeon === null
          ? null
          : (surgeons.get(surgeon) ?? row.reject('kddokter', `dokter tidak dikenal: "${surgeon}"`)),
      status: status(row),
      cancelled,
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (operation) => String(operation.legacyRecNo),
  async write(tx, batch, _context, outcome) {
    const patientOf = await patientsByMrn(
      tx,
      batch.map(({ row }) => row.mrn),
      outcome,
    );
    const rows = batch.flatMap(({ line, row: { mrn, ...operation } }) => {
      const patientId = patientOf.get(mrn);
      if (patientId !== undefined) return [{ line, row: { ...operation, patientId } }];
      patientOf.reject(outcome, line, 'norm', mrn);
      return [];
    });
    return upsert(tx, operations, rows, [operations.legacyRecNo], outcome);
  },
});
