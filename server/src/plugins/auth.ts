import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { CSRF_HEADER, STAFF_HINT_COOKIE, type StaffRole } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import type { Actor } from '../lib/audit.js';
import { DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from '../modules/auth/device.js';
import { type AuthenticatedSession, authenticate, type SessionPolicy } from '../modules/auth/service.js';

export const SESSION_COOKIE = 'portal_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session, set by `requireStaff` on the routes that use it. */
    staffSession: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook for staff routes. Runs before the body is read, in API.md's order:
     * session (401), CSRF token on state-changing requests (403), role (403); validation comes after.
     * A person who must set a new password first is refused (403 `PASSWORD_CHANGE_REQUIRED`) after the
     * CSRF check, except on the routes marked `beforePasswordChange` (me, logout, the password change).
     */
    requireStaff(
      roles?: readonly StaffRole[],
      gate?: StaffGate,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessionCookies: {
      set(reply: FastifyReply, token: string): void;
      clear(reply: FastifyReply): void;
      /** Keeps the known-device cookie (see modules/auth/device.ts); a logout leaves it. */
      setDevice(reply: FastifyReply, value: string): void;
    };
  }
}

export interface StaffGate {
  /** Open to a person who must set a new password first (me, logout, the password change). */
  beforePasswordChange?: boolean;
}

export interface AuthOptions {
  session: SessionPolicy;
  cookieSecure: boolean;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  await app.register(cookie);
  app.decorateRequest('staffSession', null);

  const common = { sameSite: 'strict', secure: opts.cookieSecure } as const;
  app.decorate('sessionCookies', {
    set(reply: FastifyReply, token: string) {
      const maxAge = opts.session.maxHours * 3600;
      reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true, path: '/api', maxAge });
      // Readable by the web app: only says "a session may exist", so anonymous visitors skip /me.
      reply.setCookie(STAFF_HINT_COOKIE, '1', { ...common, httpOnly: false, path: '/', maxAge });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { ...common, path: '/api' });
      reply.clearCookie(STAFF_HINT_COOKIE, { ...common, path: '/' });
    },
    setDevice(reply: FastifyReply, value: string) {
      // Sent only to the login: no other route reads it.
      reply.setCookie(DEVICE_COOKIE, value, {
        ...common,
        httpOnly: true,
        path: '/api/auth/login',
        maxAge: KNOWN_DEVICE_DAYS * 86_400,
      });
    },
  });

  app.decorate(
    'requireStaff',
    (roles?: readonly StaffRole[], gate?: StaffGate) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const token = request.cookies[SESSION_COOKIE];
        const session = token ? await authenticate(app.db, token, opts.session) : null;
        if (!session) {
          if (token) app.sessionCookies.clear(reply);
          throw new AppError(401, 'UNAUTHENTICATED', 'Silakan masuk sebagai petugas terlebih dahulu.');
        }
        if (!safeMethods.has(request.method) && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) {
          throw new AppError(
            403,
            'CSRF_TOKEN_INVALID',
            'Token keamanan tidak cocok. Muat ulang halaman lalu coba lagi.',
          );
        }
        if (session.passwordChangeRequired && !gate?.beforePasswordChange) {
          throw new AppError(
            403,
            'PASSWORD_CHANGE_REQUIRED',
            'Ganti kata sandi Anda dulu: buat kata sandi Anda sendiri sebelum membuka meja kerja.',
          );
        }
        if (roles && !roles.some((role) => session.roles.includes(role))) {
          throw new AppError(403, 'FORBIDDEN', 'Anda tidak berhak melakukan tindakan ini.');
        }
        request.staffSession = session;
      },
  );
});

/** The session of a route guarded by `requireStaff`. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.staffSession)
    throw new AppError(401, 'UNAUTHENTICATED', 'Silakan masuk sebagai petugas terlebih dahulu.');
  return request.staffSession;
}

/** Who is acting, for the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  return { staffId: sessionOf(request).id, address: request.ip };
}
