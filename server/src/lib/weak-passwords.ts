import { INVALID_REQUEST, newPasswordSchema } from '@portal/contract';
import { AppError } from '../errors.js';

// Passwords that guessing tries first: the world's most common, and those common in Indonesia and in a
// hospital. A new staff password may not be one of them, with or without digits or signs after it
// ("rahasia2024!"), nor contain the person's own name or login name.
// prettier-ignore
const common = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '111111', '000000', '123123',
  '654321', '987654321', '112233', '121212', '666666', '888888', '11111111', '88888888', 'abc123', 'password',
  'passw0rd', 'p@ssw0rd', 'qwerty', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'qwe123', '1q2w3e4r',
  '1qaz2wsx', 'iloveyou', 'letmein', 'welcome', 'admin', 'administrator', 'root', 'master', 'login', 'secret',
  'monkey', 'dragon', 'football', 'sunshine', 'princess', 'superman', 'batman', 'michael', 'shadow',
  'baseball', 'trustno1', 'starwars', 'whatever', 'freedom', 'changeme', 'default', 'guest', 'test', 'testing',
  'user', 'hello', 'computer', 'internet', 'samsung', 'google', 'rahasia', 'katasandi', 'sandi', 'kunci',
  'masuk', 'bismillah', 'alhamdulillah', 'allahuakbar', 'subhanallah', 'insyaallah', 'assalamualaikum',
  'indonesia', 'jakarta', 'surabaya', 'bandung', 'makassar', 'medan', 'semarang', 'yogyakarta', 'jogja',
  'bali', 'merdeka', 'pancasila', 'garuda', 'nusantara', 'sayang', 'sayangku', 'cinta', 'cintaku', 'kasih',
  'rindu', 'bahagia', 'sukses', 'semangat', 'rezeki', 'amanah', 'berkah', 'barokah', 'anjing', 'kucing',
  'bangsat', 'persija', 'persib', 'arema', 'persebaya', 'psm', 'doraemon', 'naruto', 'sasuke', 'onepiece',
  'mama', 'papa', 'ibu', 'bapak', 'ayah', 'bunda', 'keluarga', 'rumahsakit', 'rumkit', 'rsud', 'rsup', 'rspad',
  'puskesmas', 'klinik', 'pasien', 'dokter', 'perawat', 'bidan', 'apotek', 'farmasi', 'petugas', 'pegawai',
  'piket', 'admisi', 'pendaftaran', 'tni', 'polri', 'tentara', 'kesehatan', 'sehat', 'bpjs', 'jkn', 'portal',
  'sistem', 'komputer', 'operator',
]);

/** What makes a new password weak, in words, or undefined: checked wherever a staff password is set. */
export function weakPasswordProblem(
  password: string,
  person: { name: string; username?: string | null },
): string | undefined {
  const text = password.trim().toLowerCase();
  const base = text.replace(/[\d\W_]+$/u, '');
  if (common.has(text) || common.has(base) || /^(.)\1*$/u.test(text)) {
    return 'Kata sandi ini terlalu umum dan mudah ditebak; pilih yang lain.';
  }
  const own = [
    ...person.name.toLowerCase().split(/[^\p{L}]+/u),
    ...(person.username ?? '').split(/[._-]/),
  ].filter((word) => word.length >= 3);
  if (own.some((word) => text.includes(word))) {
    return 'Kata sandi tidak boleh memuat nama atau nama pengguna petugas.';
  }
  return undefined;
}

/**
 * What breaks the portal's rules for a password being set (too short, or weak), or undefined: for a
 * password that did not pass them on its way in (a legacy one).
 */
export function passwordRulesProblem(
  password: string,
  person: { name: string; username?: string | null },
): string | undefined {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Kata sandi terlalu pendek.';
  return weakPasswordProblem(password, person);
}

/** Refuses (400, the message next to `field`) a weak new password. */
export function refuseWeakPassword(
  password: string,
  person: { name: string; username?: string | null },
  field = 'password',
): void {
  const problem = weakPasswordProblem(password, person);
  if (problem)
    throw new AppError(400, 'VALIDATION_ERROR', INVALID_REQUEST, {
      fields: { [field]: problem },
    });
}
