import { bedClasses, roomEditSchema } from '@portal/contract';
import { rooms } from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, upsert } from '../table.js';

type RoomRow = Omit<typeof rooms.$inferInsert, 'id'>;

/** Legacy class names, after `KELAS`/`KLS`/`KL` is dropped, by the BPJS bed class code the bed board uses. */
const classAliases: Record<string, (typeof bedClasses)[number]> = {
  VVIP: 'VVP',
  UTAMA: 'UTM',
  I: 'KL1',
  '1': 'KL1',
  II: 'KL2',
  '2': 'KL2',
  III: 'KL3',
  '3': 'KL3',
  ICCU: 'ICC',
  NICU: 'NIC',
  PICU: 'PIC',
  ISOLASI: 'ISO',
};

function bedClass(row: LegacyRow): string {
  const written = row.required('kelas', 'kelas ruang');
  const name = written
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/^(KELAS|KLS|KL)\.? ?/, '');
  if ((bedClasses as readonly string[]).includes(name)) return name;
  return classAliases[name] ?? row.reject('kelas', `kelas ruang tidak dikenali: "${written.slice(0, 30)}"`);
}

function sex(row: LegacyRow): 'L' | 'P' | null {
  const value = row.code('kelamin');
  if (value === null || value === 'L' || value === 'P') return value;
  return row.reject('kelamin', `kelamin ruang bukan L, P atau kosong: "${value.slice(0, 20)}"`);
}

/** `master_ruangkd`: the rooms of the bed board, by the room code (`kode`, legacy `ruangkd`). */
export const roomsTable = legacyTable({
  file: 'master_ruangkd.csv',
  columns: ['kode', 'nama', 'kelas', 'kapasitas'],
  keyColumn: 'kode',
  async prepare() {},
  read(row): RoomRow {
    return {
      code: row.requiredCode('kode', 'kode ruang'),
      name: row.required('nama', 'nama ruang', { max: formMax(roomEditSchema.shape.name) }),
      class: bedClass(row),
      capacity: row.requiredInteger('kapasitas', 'kapasitas', { min: 1 }),
      sex: sex(row),
      deletedAt: row.deleted() ? new Date() : null,
    };
  },
  key: (room) => room.code,
  write: (tx, batch, _context, outcome) => upsert(tx, rooms, batch, [rooms.code], outcome, rooms.name),
});
