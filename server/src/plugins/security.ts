import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** CSP sources ('sha256-…') of the inline scripts the web app's index.html carries. */
  scriptHashes: string[];
  /** The portal is served over HTTPS (COOKIE_SECURE): browsers are told to keep to it (HSTS). */
  https: boolean;
}

/**
 * Security headers with a Content-Security-Policy the built app satisfies: scripts only from the
 * origin plus the hashed boot script that applies saved settings before the first paint. Styles
 * allow inline because PrimeReact injects component styles at run time.
 */
function helmetOptions(opts: SecurityOptions) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...opts.scriptHashes.map((h) => `'${h}'`)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Over plain HTTP (hospital LANs) no HSTS: it would lock browsers out of the portal. Over HTTPS, a
    // year; subdomains are the hospital's other sites, not ours to decide.
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  };
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  await app.register(fastifyHelmet, helmetOptions(opts));
});

/**
 * The same headers for an answer given before routing (a malformed URL), where Fastify runs no hooks.
 */
export function securityHeaders(opts: SecurityOptions) {
  const middleware = helmet(helmetOptions(opts));
  return (req: IncomingMessage, res: ServerResponse) =>
    new Promise<void>((resolve, reject) => middleware(req, res, (err) => (err ? reject(err) : resolve())));
}
