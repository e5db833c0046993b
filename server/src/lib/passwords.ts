import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, 2 passes).

/** Passwords are stored as argon2id hashes of the trimmed text, as the legacy compared trimmed values. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain.trim());
}

// Checked when the account does not exist, so a wrong name takes as long as a wrong password.
const decoy = hash('decoy password that matches nothing');

export async function verifyPassword(
  passwordHash: string | null | undefined,
  plain: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoy, plain.trim());
    return false;
  }
  return verify(passwordHash, plain.trim());
}
