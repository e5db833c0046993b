import { type DutyRole, normalizePhone, staffUpdateSchema } from '@portal/contract';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../../lib/passwords.js';
import { passwordRulesProblem } from '../../../lib/weak-passwords.js';
import { canAct, endSessions, hasRole } from '../../../modules/auth/service.js';
import { storePasswordHash } from '../../../modules/staff/service.js';
import type { Transaction } from '../../client.js';
import { auditLog, dutyEvents, dutyPosts, staff } from '../../schema/index.js';
import { formMax, type LegacyRow } from '../row.js';
import { legacyTable, type Outcome, type Written } from '../table.js';

// The legacy portal kept its on-duty staff (`bhpdet_dbs`) and its customer-service staff (`emr_soap_o`)
// apart, each with a plain-text password (`tarifkt`, `kel`) and a flag on the officer of the post
// (`piket`, `aktif`). Here they are one staff table: a person in both tables (the same phone) is one
// member with both roles, and the password travels only as an argon2id hash of the trimmed text.
//
// The password is the importer's to set on a member it created (recorded in the audit log as
// `staff.import.create`) as long as nobody has reset or changed it in the portal since: on such a member
// a rerun verifies the legacy password against the hash and hashes again only when it no longer matches.
// A member who was in the portal first keeps their password (the importer sets one only when they have
// none). A person in both tables takes the password of `bhpdet_dbs`. Likewise a deleted legacy record
// deletes only a member its file speaks for, and roles are only ever added.
//
// A legacy password that breaks the portal's rules ("1234") is listed in the report and, as long as it is
// the member's password, makes them set a new one at their first web login (`passwordChangeRequired`);
// the duty handover still takes it meanwhile, so the next morning's handover works as before.
//
// The plain password never leaves this module: reasons and notices name the column or the rule broken,
// never its value.

interface LegacyStaff {
  file: string;
  role: DutyRole;
  passwordColumn: string;
  officerColumn: string;
  recNo: 'legacyDutyRecNo' | 'legacyCsRecNo';
}

const onDuty: LegacyStaff = {
  file: 'bhpdet_dbs.csv',
  role: 'piket',
  passwordColumn: 'tarifkt',
  officerColumn: 'piket',
  recNo: 'legacyDutyRecNo',
};
const customerService: LegacyStaff = {
  file: 'emr_soap_o.csv',
  role: 'cs',
  passwordColumn: 'kel',
  officerColumn: 'aktif',
  recNo: 'legacyCsRecNo',
};

interface StaffRow {
  recNo: number;
  name: string;
  phone: string;
  /** Trimmed; hashed in `write`. */
  password: string;
  officer: boolean;
  deleted: boolean;
}

interface Context {
  /** Members the file marks as the post's officer (live rows that were written). */
  officers: number[];
}

/** Who wrote the import's audit entries: no staff member, from no address. */
const importer = { staffId: null, address: null } as const;

function readStaff(row: LegacyRow, legacy: LegacyStaff): StaffRow {
  const recNo = row.requiredInteger('sr_recno', 'sr_recno', { min: 1 });
  const name = row.required('nama', 'nama petugas', { max: formMax(staffUpdateSchema.shape.name) });
  const written = row.required('telp', 'nomor HP');
  const phone =
    normalizePhone(written) ?? row.reject('telp', `nomor HP tidak dikenali: "${written.slice(0, 32)}"`);
  if (phone !== written) row.fix('phoneNormalized');
  // Not `row.text`: not even the count of trimmed spaces may say anything about a password.
  const password = row.raw(legacy.passwordColumn).trim();
  if (password === '') row.reject(legacy.passwordColumn, 'kata sandi kosong');
  const deleted = row.deleted();
  return { recNo, name, phone, password, officer: !deleted && row.flag(legacy.officerColumn), deleted };
}

const memberColumns = {
  id: staff.id,
  name: staff.name,
  phone: staff.phone,
  roles: staff.roles,
  active: staff.active,
  username: staff.username,
  passwordHash: staff.passwordHash,
  passwordChangeRequired: staff.passwordChangeRequired,
  legacyDutyRecNo: staff.legacyDutyRecNo,
  legacyCsRecNo: staff.legacyCsRecNo,
  deletedAt: staff.deletedAt,
};
type Member = Awaited<ReturnType<typeof findMember>>;

async function findMember(tx: Transaction, where: SQL | undefined) {
  const [member] = await tx.select(memberColumns).from(staff).where(where).limit(1);
  return member;
}

/** Whether the importer created the member, and whether a password was set in the portal since. */
async function origin(tx: Transaction, id: number) {
  const events = await tx
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'staff'),
        eq(auditLog.entityId, String(id)),
        inArray(auditLog.action, ['staff.import.create', 'staff.password.reset', 'staff.password.change']),
      ),
    );
  return {
    imported: events.some((event) => event.action === 'staff.import.create'),
    passwordSetInPortal: events.some((event) => event.action !== 'staff.import.create'),
  };
}

async function postsHeldBy(tx: Transaction, id: number): Promise<string[]> {
  const posts = await tx.select({ role: dutyPosts.role }).from(dutyPosts).where(eq(dutyPosts.staffId, id));
  return posts.map((post) => post.role);
}

async function auditImport(
  tx: Transaction,
  action: 'staff.import.create' | 'staff.import.update',
  id: number,
  details: Record<string, unknown>,
) {
  await tx.insert(auditLog).values({ ...importer, action, entity: 'staff', entityId: String(id), details });
}

/**
 * One legacy record onto the staff table: found by its record number, else (a live record) by its
 * phone among live staff, else created. Answers whether it inserted, updated, or changed nothing.
 */
async function writeOne(
  tx: Transaction,
  legacy: LegacyStaff,
  { line, row }: { line: number; row: StaffRow },
  context: Context,
  outcome: Outcome,
): Promise<'inserted' | 'updated' | 'unchanged' | 'rejected'> {
  const reject = (column: string, reason: string) => {
    outcome.reject(line, column, reason);
    return 'rejected' as const;
  };
  const details = { file: legacy.file, recNo: row.recNo };
  let member: Member = await findMember(tx, eq(staff[legacy.recNo], row.recNo));
  if (!member && !row.deleted) {
    member = await findMember(tx, and(eq(staff.phone, row.phone), isNull(staff.deletedAt)));
    const other = member?.[legacy.recNo];
    if (other !== null && other !== undefined)
      return reject('telp', `nomor HP ${row.phone} sudah dipakai petugas dengan sr_recno ${other}`);
  }

  if (!member) {
    const weak = !row.deleted && weakLegacyPassword(row, row.name, null, { line, outcome });
    const [created] = await tx
      .insert(staff)
      .values({
        name: row.name,
        phone: row.phone,
        passwordHash: await hashPassword(row.password),
        passwordChangeRequired: weak,
        roles: [legacy.role],
        active: !row.deleted,
        deletedAt: row.deleted ? new Date() : null,
        [legacy.recNo]: row.recNo,
      })
      .returning({ id: staff.id });
    if (!created) throw new Error('staff not created');
    await auditImport(tx, 'staff.import.create', created.id, details);
    if (row.officer) noteOfficer(context, created.id, outcome);
    return 'inserted';
  }

  const { imported, passwordSetInPortal } = await origin(tx, member.id);
  // The file that made the member speaks for their name, phone, deletion and password; of a person in
  // both tables that is `bhpdet_dbs`. A member who was in the portal first keeps what the portal says.
  const primary = imported && (legacy.role === 'piket' || member.legacyDutyRecNo === null);
  const passwordIsOurs = primary && !passwordSetInPortal;
  const changes: Partial<typeof staff.$inferInsert> = {};
  if (!member.roles.includes(legacy.role)) changes.roles = [...member.roles, legacy.role];
  if (member[legacy.recNo] !== row.recNo) changes[legacy.recNo] = row.recNo;
  if (primary) {
    if (member.name !== row.name) changes.name = row.name;
    if (member.phone !== row.phone) changes.phone = row.phone;
    // Deactivating someone is the portal's to decide; only a record deleted or restored in the legacy
    // portal moves it here.
    if ((member.deletedAt !== null) !== row.deleted) {
      changes.deletedAt = row.deleted ? new Date() : null;
      changes.active = !row.deleted;
    } else if (row.deleted && member.active) changes.active = false;
    if (!row.deleted && (changes.phone !== undefined || changes.deletedAt !== undefined)) {
      const holder = await findMember(
        tx,
        and(eq(staff.phone, row.phone), isNull(staff.deletedAt), ne(staff.id, member.id)),
      );
      if (holder) return reject('telp', `nomor HP ${row.phone} sudah dipakai petugas lain: ${holder.name}`);
    }
    if (row.deleted && member.deletedAt === null) {
      const posts = await postsHeldBy(tx, member.id);
      if (posts.length > 0)
        return reject('sr_deleted', `petugas sedang memegang pos ${posts.join(', ')}: tidak dihapus`);
    }
  }
  const live = primary ? !row.deleted : member.deletedAt === null;

  // A deleted member cannot act: their password is left alone until the record comes back.
  let passwordHash: string | undefined;
  let weak = false;
  if (live) {
    const matches = member.passwordHash !== null && (await verifyPassword(member.passwordHash, row.password));
    if (member.passwordHash === null || (passwordIsOurs && !matches))
      passwordHash = await hashPassword(row.password);
    // Kept: that of `bhpdet_dbs` for a person in both tables, else the one set in the portal.
    else if (!matches)
      outcome.fix(imported && !primary && !passwordSetInPortal ? 'passwordConflict' : 'portalPasswordKept');
    // Only while the legacy password is the member's by this file: not the portal's, nor the other file's.
    if (passwordHash !== undefined || (passwordIsOurs && matches)) {
      weak = weakLegacyPassword(row, changes.name ?? member.name, member.username, { line, outcome });
      if (passwordHash === undefined && weak !== member.passwordChangeRequired)
        changes.passwordChangeRequired = weak;
    }
  }

  const changed = [...Object.keys(changes), ...(passwordHash ? ['password'] : [])];
  if (Object.keys(changes).length > 0) await tx.update(staff).set(changes).where(eq(staff.id, member.id));
  if (passwordHash) {
    await storePasswordHash(tx, member.id, passwordHash, weak);
    // As after a reset in the portal: whoever was logged in with the old password is logged out.
    if (member.passwordHash !== null) await endSessions(tx, member.id);
  }
  if (changed.length > 0) await auditImport(tx, 'staff.import.update', member.id, { ...details, changed });
  if (row.officer && live) noteOfficer(context, member.id, outcome);
  return changed.length > 0 ? 'updated' : 'unchanged';
}

/**
 * Whether the legacy password breaks the portal's rules for the person; if so the row is listed (the rule,
 * never the password), and they must set a new password at their first web login.
 */
function weakLegacyPassword(
  row: StaffRow,
  name: string,
  username: string | null,
  { line, outcome }: { line: number; outcome: Outcome },
): boolean {
  const problem = passwordRulesProblem(row.password, { name, username });
  if (problem === undefined) return false;
  const rule = problem.charAt(0).toLowerCase() + problem.slice(1).replace(/\.$/u, '');
  outcome.notice(
    line,
    String(row.recNo),
    `Kata sandi lama ${name} lemah (${rule}): wajib diganti saat pertama masuk web`,
  );
  return true;
}

/** A file names its post's officer once; with more, each of them is counted and none is taken. */
function noteOfficer(context: Context, id: number, outcome: Outcome) {
  context.officers.push(id);
  // The second one counts for the first as well.
  if (context.officers.length === 2) outcome.fix('severalOfficers');
  if (context.officers.length >= 2) outcome.fix('severalOfficers');
}

/**
 * The post goes to the one officer the file names, when they may hold it; otherwise it stays as it is.
 * The handover is written to the duty log like one made at the desk.
 */
async function takePost(tx: Transaction, role: DutyRole, officers: number[]) {
  const [id] = officers;
  if (officers.length !== 1 || id === undefined) return;
  const [eligible] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, id), canAct, hasRole(role)));
  if (!eligible) return;
  const [post] = await tx
    .select({ staffId: dutyPosts.staffId })
    .from(dutyPosts)
    .where(eq(dutyPosts.role, role))
    .for('update');
  if (post?.staffId === id) return;
  await tx
    .insert(dutyPosts)
    .values({ role, staffId: id })
    .onConflictDoUpdate({ target: dutyPosts.role, set: { staffId: id, since: sql`now()` } });
  await tx.insert(dutyEvents).values({
    role,
    staffId: id,
    previousStaffId: post?.staffId ?? null,
    outcome: 'success',
    address: 'legacy-import',
  });
}

function staffTable(legacy: LegacyStaff) {
  return legacyTable({
    file: legacy.file,
    columns: ['sr_recno', 'nama', 'telp', legacy.passwordColumn, legacy.officerColumn],
    keyColumn: 'sr_recno',
    // Rows are written one by one (a person may be matched by a row before it in the same batch) and
    // each costs an argon2 hash or verification: a hospital has tens of such staff, not thousands.
    batchSize: 100,
    async prepare(): Promise<Context> {
      return { officers: [] };
    },
    read: (row) => readStaff(row, legacy),
    key: (member) => String(member.recNo),
    async write(tx, batch, context, outcome): Promise<Written> {
      const written = { inserted: 0, updated: 0 };
      for (const read of batch) {
        const result = await writeOne(tx, legacy, read, context, outcome);
        if (result === 'inserted' || result === 'updated') written[result]++;
      }
      return written;
    },
    finish: (tx, context) => takePost(tx, legacy.role, context.officers),
  });
}

/** `bhpdet_dbs`: the on-duty staff (role `piket`); `piket` marks the officer on duty. */
export const dutyStaffTable = staffTable(onDuty);

/** `emr_soap_o`: the customer-service staff (role `cs`); `aktif` marks the officer of the post. */
export const csStaffTable = staffTable(customerService);
