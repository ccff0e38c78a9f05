import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { notFoundBody } from './errors';

/** Paths owned by the server; everything else is a client route of the SPA. */
const SERVER_PREFIXES = ['/api/', '/v0/', '/storage/', '/dev/'];

function isServerPath(url: string) {
  const p = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => p === prefix.slice(0, -1) || p.startsWith(prefix));
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * index.html for every client route (history fallback). Unknown server paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      // build.mjs writes .br/.gz next to every asset, so nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasSpa || !wantsPage || isServerPath(request.url)) {
      return reply.status(404).send(notFoundBody(request));
    }
    // A missing hashed asset is a real 404, not the app shell (a stale tab would otherwise parse HTML as JS).
    if (/^\/assets\//.test(request.url)) return reply.status(404).send(notFoundBody(request));
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
