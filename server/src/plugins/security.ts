import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** CSP sources ('sha256-…') of the inline scripts the web app's index.html carries. */
  scriptHashes: string[];
}

/**
 * Security headers with a Content-Security-Policy the built app satisfies: scripts only from the
 * origin plus the hashed boot script that applies saved settings before the first paint. Styles
 * allow inline because PrimeReact injects component styles at run time.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
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
    // The portal is reached over plain HTTP on hospital LANs too; never force an upgrade or HSTS here.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
});
