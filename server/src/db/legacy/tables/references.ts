import { referenceCodeSchema, referenceInputSchema } from '@portal/contract';
import { referenceCodes, type referenceKinds } from '../../schema/index.js';
import { formMax } from '../row.js';
import { legacyTable, upsert } from '../table.js';

type ReferenceKind = (typeof referenceKinds)[number];
type ReferenceRow = Omit<typeof referenceCodes.$inferInsert, 'id'>;

/** The legacy code lists, by the kind of code patients carry (`golpaskd`, `satuankd`, `pangkd`, `perushkd`). */
const lists: { kind: ReferenceKind; file: string; label: string }[] = [
  { kind: 'patient_group', file: 'master_golpas.csv', label: 'golongan pasien' },
  { kind: 'unit', file: 'master_satuan.csv', label: 'satuan' },
  { kind: 'rank', file: 'master_pangkat.csv', label: 'pangkat' },
  { kind: 'company', file: 'master_perusahaan.csv', label: 'perusahaan' },
];

function referenceTable(kind: ReferenceKind, file: string, label: string) {
  return legacyTable({
    file,
    columns: ['kode', 'nama'],
    keyColumn: 'kode',
    async prepare() {},
    read(row): ReferenceRow {
      return {
        kind,
        code: row.requiredCode('kode', `kode ${label}`, { max: formMax(referenceCodeSchema) }),
        name: row.required('nama', `nama ${label}`, { max: formMax(referenceInputSchema.shape.name) }),
        deletedAt: row.deleted() ? new Date() : null,
      };
    },
    key: (reference) => reference.code,
    write: (tx, batch, _context, outcome) =>
      upsert(
        tx,
        referenceCodes,
        batch,
        [referenceCodes.kind, referenceCodes.code],
        outcome,
        referenceCodes.name,
      ),
  });
}

/** `master_golpas`, `master_satuan`, `master_pangkat`, `master_perusahaan`: one list each in `reference_codes`. */
export const referenceTables = lists.map(({ kind, file, label }) => referenceTable(kind, file, label));
