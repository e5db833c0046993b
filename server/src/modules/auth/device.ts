import { createHmac, timingSafeEqual } from 'node:crypto';

// The known-device cookie: after a successful login the browser keeps a mark per account, signed with
// that account's password hash (the server's secret for that person, never sent anywhere): nobody can forge
// one without it, and a password change voids every mark of the account. A login carrying a valid mark is
// the owner's browser, and failures from elsewhere do not hold it back (see checkStaffPassword).

export const DEVICE_COOKIE = 'portal_device';
/** A mark is honoured this long after the login that set it; the cookie lives as long. */
export const KNOWN_DEVICE_DAYS = 90;
/** A shared ward computer remembers the accounts of this many people, the most recent ones. */
const MARKS_KEPT = 10;

interface Mark {
  staffId: number;
  /** Seconds since the epoch, when the login that set it succeeded. */
  issued: number;
  mac: string;
}

const macOf = (passwordHash: string, staffId: number, issued: number) =>
  createHmac('sha256', passwordHash).update(`known-device:${staffId}:${issued}`).digest('base64url');

const markPattern = /^(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/;

/** The marks of a cookie as sent (outside input: anything malformed is ignored, never an error). */
function readMarks(cookie: string | undefined): Mark[] {
  if (!cookie || cookie.length > 2000) return [];
  return cookie
    .split('~')
    .slice(0, MARKS_KEPT)
    .flatMap((text) => {
      const match = markPattern.exec(text);
      return match ? [{ staffId: Number(match[1]), issued: Number(match[2]), mac: match[3] ?? '' }] : [];
    });
}

/**
 * The mark of the account in the cookie, when valid (signed with its password hash and recent enough):
 * its text, which names the device in its budget of failures; null otherwise.
 */
export function knownDevice(
  cookie: string | undefined,
  member: { id: number; passwordHash: string | null } | undefined,
  now = Date.now(),
): string | null {
  if (!member?.passwordHash) return null;
  const mark = readMarks(cookie).find((m) => m.staffId === member.id);
  if (!mark || now / 1000 - mark.issued > KNOWN_DEVICE_DAYS * 86_400) return null;
  const expected = Buffer.from(macOf(member.passwordHash, member.id, mark.issued));
  const given = Buffer.from(mark.mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? mark.mac : null;
}

/** The cookie after a successful login of `member`: a fresh mark for them, first, and the others kept. */
export function withDevice(
  cookie: string | undefined,
  member: { id: number; passwordHash: string },
  now = Date.now(),
): string {
  const issued = Math.floor(now / 1000);
  const fresh = `${member.id}.${issued}.${macOf(member.passwordHash, member.id, issued)}`;
  const others = readMarks(cookie)
    .filter((m) => m.staffId !== member.id && now / 1000 - m.issued <= KNOWN_DEVICE_DAYS * 86_400)
    .map((m) => `${m.staffId}.${m.issued}.${m.mac}`);
  return [fresh, ...others].slice(0, MARKS_KEPT).join('~');
}
