import { referenceCodes, type referenceKinds } from '../../schema/index.js';
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
        code: row.requiredCode('kode', `kode ${label}`),
        name: row.required('nama', `nama ${label}`),
        deletedAt: row.deleted() ? new Date() : null,
      };
    },
    key: (reference) => reference.code,
    write: (tx, batch) =>
      upsert(
        tx,
        referenceCodes,
        batch.map(({ row }) => row),
        [referenceCodes.kind, referenceCodes.code],
      ),
  });
}

/** `master_golpas`, `master_satuan`, `master_pangkat`, `master_perusahaan`: one list each in `reference_codes`. */
export const referenceTables = lists.map(({ kind, file, label }) => referenceTable(kind, file, label));
