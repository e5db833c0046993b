import type { IncomingMessage, ServerResponse } from 'node:http';
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

/**
 * The security headers of every answer, worked out once by helmet: with no nonces they are the same for
 * every request, so one hook sets them from this object (helmet's own plugin computes them on every request,
 * which halved the rate of the public reads).
 */
export function securityHeaders(opts: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(helmetOptions(opts))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => (done = true),
  );
  // helmet's middleware is synchronous: a version that is not would leave the answers without headers.
  if (!done) throw new Error('helmet did not set the security headers synchronously');
  return headers;
}
