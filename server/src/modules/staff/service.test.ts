import { normalizePhone, staffRoles } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { staff } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createTestDatabase } from '../../test/db.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createStaff, listStaff, setPassword } from './service.js';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '081234567890'],
    ['+6281234567890', '081234567890'],
    ['6281234567890', '081234567890'],
    ['0812-3456-7890', '081234567890'],
    ['+62 812 3456 7890', '081234567890'],
    ['(0812) 3456.7890', '081234567890'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['0211234567', '12345', '+1 415 555 0100', '08123', '0812345678901234', 'nomor saya'])(
    'refuses %s',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});

async function failure(run: Promise<unknown>): Promise<AppError> {
  try {
    await run;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('staff accounts (database-backed)', () => {
  it('stores the phone in 08… form and only an argon2id hash of the trimmed password', async () => {
    const { id } = await createStaff(h.db, {
      name: 'Letda Budi Santoso',
      phone: '+62 811 4400 1234',
      username: 'budi',
      password: '  Sandi-Kuat-99  ',
      roles: ['piket', 'cs', 'piket'],
    });
    const [row] = await h.db.select().from(staff).where(eq(staff.id, id));
    expect(row).toMatchObject({
      phone: '081144001234',
      username: 'budi',
      roles: ['piket', 'cs'],
      active: true,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('Sandi-Kuat-99');
    expect(await verifyPassword(row?.passwordHash, 'Sandi-Kuat-99')).toBe(true);
    expect(await verifyPassword(row?.passwordHash, 'sandi-kuat-99')).toBe(false);
    expect(JSON.stringify(await listStaff(h.db))).not.toMatch(/argon2|Sandi-Kuat/);
  });

  it('names every invalid field, and writes nothing', async () => {
    const before = (await listStaff(h.db)).length;
    const err = await failure(
      createStaff(h.db, { name: ' ', phone: '12345', username: 'Budi Besar', password: 'pendek', roles: [] }),
    );
    expect(err.statusCode).toBe(400);
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['name', 'password', 'phone', 'username']);
    expect(err.fields?.password).toBe('Kata sandi minimal 8 karakter.');
    expect((await listStaff(h.db)).length).toBe(before);
  });

  it('refuses a username or a phone number that is already taken', async () => {
    await createStaff(h.db, {
      name: 'Satu',
      phone: '081200000001',
      username: 'satu',
      password: 'sandi-satu',
      roles: [],
    });
    const sameUser = await failure(
      createStaff(h.db, {
        name: 'Dua',
        phone: '081200000002',
        username: 'satu',
        password: 'sandi-dua',
        roles: [],
      }),
    );
    expect([sameUser.statusCode, sameUser.code]).toEqual([409, 'USERNAME_TAKEN']);
    const samePhone = await failure(
      createStaff(h.db, { name: 'Tiga', phone: '+6281200000001', password: 'sandi-tiga', roles: [] }),
    );
    expect([samePhone.statusCode, samePhone.code]).toEqual([409, 'PHONE_TAKEN']);
  });

  it('changes a password, and answers 404 for someone who does not exist', async () => {
    const { id } = await createStaff(h.db, {
      name: 'Empat',
      phone: '081200000004',
      password: 'sandi-lama-4',
      roles: ['cs'],
    });
    await setPassword(h.db, id, 'sandi-baru-4');
    const [row] = await h.db.select().from(staff).where(eq(staff.id, id));
    expect(await verifyPassword(row?.passwordHash, 'sandi-baru-4')).toBe(true);
    expect(await verifyPassword(row?.passwordHash, 'sandi-lama-4')).toBe(false);
    expect((await failure(setPassword(h.db, 999999, 'sandi-baru-x'))).statusCode).toBe(404);
  });

  it('keeps the database’s list of roles the same as the contract’s', async () => {
    await h.db.insert(staff).values({ name: 'Semua Peran', phone: '081200000005', roles: [...staffRoles] });
    await expect(
      h.db.insert(staff).values({ name: 'Peran Asing', phone: '081200000006', roles: ['superuser'] }),
    ).rejects.toThrow();
  });
});
