import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors.js';

export interface WebOptions {
  /** The built web app (web/dist); when missing, only the API is served. */
  webDist: string;
}

/** CSP sources for the inline classic scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = m[1] ?? '';
    if (body.trim()) hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

export function readIndexHtml(webDist: string): string | undefined {
  const file = path.join(webDist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * and index.html for every other GET outside /api so deep links and reloads work.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const indexHtml = readIndexHtml(opts.webDist);
  if (indexHtml === undefined) {
    app.log.warn({ webDist: opts.webDist }, 'web app not built: serving the API only');
  } else {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(opts.webDist, filePath);
        res.setHeader('cache-control', relative.startsWith(`assets${path.sep}`) ? immutable : 'no-cache');
        // A file may go out brotli- or gzip-compressed by the request's Accept-Encoding: a cache in between
        // keeps the copies apart.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // Missing API paths and missing files are real 404s; any other page belongs to the app's router.
    const isPage = !url.startsWith('/api/') && url !== '/api' && !path.extname(url);
    if (indexHtml !== undefined && isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    throw notFound(url.startsWith('/api') ? 'Alamat API tidak ditemukan.' : 'Halaman tidak ditemukan.');
  });
});
