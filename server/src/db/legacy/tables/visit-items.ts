import { sql } from 'drizzle-orm';
import { rowsOf } from '../../rows.js';
import { admissions, outpatientVisits, visitItems } from '../../schema/index.js';
import type { LegacyRow } from '../row.js';
import { legacyTable, upsert } from '../table.js';

type ItemRow = Omit<typeof visitItems.$inferInsert, 'id'>;

const maxAmount = 2_147_483_647;

/**
 * `jumlah` in hundredths: a decimal with `.` or `,` above 0, with at most two decimals that are not
 * zero (`2.000`, as a decimal(10,3) column exports it, is 2).
 */
function hundredths(row: LegacyRow): number {
  const value = row.required('jumlah', 'jumlah');
  const match = /^(\d{1,10})(?:[.,](\d{1,2})0*)?$/.exec(value);
  const result = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (result === 0)
    return row.reject(
      'jumlah',
      `jumlah bukan bilangan di atas 0 dengan paling banyak 2 desimal: "${value.slice(0, 20)}"`,
    );
  return result;
}

/** Hundredths as PostgreSQL writes a numeric(12, 2), so that a rerun compares equal. */
const decimal = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/** `jumlah × tarif` rounded half up to whole Rupiah, in integers: no binary fraction drifts a Rupiah. */
function amount(row: LegacyRow, quantity: number, price: number): number {
  const hundredthsOfRupiah = quantity * price;
  const tooLarge = () => row.reject('total', `jumlah × tarif melebihi ${maxAmount.toLocaleString('id-ID')}`);
  if (!Number.isSafeInteger(hundredthsOfRupiah)) return tooLarge();
  const remainder = hundredthsOfRupiah % 100;
  const rounded = (hundredthsOfRupiah - remainder) / 100 + (remainder >= 50 ? 1 : 0);
  return rounded > maxAmount ? tooLarge() : rounded;
}

/** The lines of a visit (RJ) or a stay (RI), each under the legacy `sr_recno` of its file. */
function visitItemsTable(
  kind: 'RJ' | 'RI',
  file: string,
  parent: typeof outpatientVisits | typeof admissions,
  parentName: string,
) {
  return legacyTable({
    file,
    columns: ['noreg', 'sr_recno', 'nama', 'jumlah', 'tarif'],
    keyColumn: 'sr_recno',
    async prepare() {},
    read(row): ItemRow {
      const quantity = hundredths(row);
      const price = row.requiredInteger('tarif', 'tarif', { max: maxAmount });
      return {
        kind,
        registrationNo: row.requiredCode('noreg', 'nomor registrasi (noreg)'),
        legacyRecNo: row.requiredInteger('sr_recno', 'nomor rekaman (sr_recno)'),
        code: row.code('kode'),
        name: row.required('nama', 'nama'),
        quantity: decimal(quantity),
        price,
        amount: row.integer('total', { max: maxAmount }) ?? amount(row, quantity, price),
        deletedAt: row.deleted() ? new Date() : null,
      };
    },
    key: (item) => String(item.legacyRecNo),
    async write(tx, batch, _context, outcome) {
      const registrationNos = [...new Set(batch.map(({ row }) => row.registrationNo))];
      // Key by key through the unique index (see the visits).
      const found = await rowsOf<{ registrationNo: string }>(
        tx.execute(sql`
          select wanted.registration_no as "registrationNo"
          from unnest(${sql.param(registrationNos)}::text[]) as wanted(registration_no)
          cross join lateral (
            select from ${parent} where registration_no = wanted.registration_no offset 0
          ) as found`),
      );
      const known = new Set(found.map(({ registrationNo }) => registrationNo));
      const rows = batch.flatMap(({ line, row }) => {
        if (known.has(row.registrationNo)) return [{ line, row }];
        outcome.reject(line, 'noreg', `${parentName} ${row.registrationNo} tidak ada`);
        return [];
      });
      return upsert(tx, visitItems, rows, [visitItems.kind, visitItems.legacyRecNo], outcome);
    },
  });
}

/** `bil_rj_ztjalan`: the lines of outpatient visits. */
export const outpatientItemsTable = visitItemsTable(
  'RJ',
  'bil_rj_ztjalan.csv',
  outpatientVisits,
  'kunjungan rawat jalan',
);

/** `bil_ri_ztinap`: the lines of inpatient stays. */
export const inpatientItemsTable = visitItemsTable('RI', 'bil_ri_ztinap.csv', admissions, 'rawat inap');
