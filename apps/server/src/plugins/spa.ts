import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { notFoundBody } from './errors';

/** The `<head>` one client route fills in for link previews (crawlers run no JavaScript). */
export interface SpaPageHead {
  title: string;
  meta: { property?: string; name?: string; content: string }[];
}

/**
 * A client route whose index.html carries its own head: `head` answers it for the request, or
 * undefined for the plain index.html with status 404 (an unknown or withdrawn thing shows nothing of itself).
 */
export interface SpaPage {
  /** A route path, e.g. `/a/:id`. */
  path: string;
  head(params: Record<string, string>, request: FastifyRequest): Promise<SpaPageHead | undefined>;
  /** Per client IP and minute. */
  rateLimit: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with `head`'s title and meta tags, every value escaped. */
function withHead(html: string, head: SpaPageHead): string {
  const tags = head.meta
    .map(({ property, name, content }) => `<meta ${property ? `property="${escapeHtml(property)}"` : `name="${escapeHtml(name ?? '')}"`} content="${escapeHtml(content)}" />`)
    .join('\n    ');
  // The page's own description replaces the app's (a crawler reads the first one).
  const own = head.meta.some((m) => m.name === 'description') ? html.replace(/<meta name="description"[^>]*>\s*/, '') : html;
  return own.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`).replace('</head>', `  ${tags}\n  </head>`);
}

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
export async function registerSpa(app: FastifyInstance, webDist: string | undefined, pages: SpaPage[] = []) {
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

  if (hasSpa) {
    const html = fs.readFileSync(index, 'utf8');
    for (const page of pages) {
      app.get(page.path, { config: { rateLimit: { max: page.rateLimit, timeWindow: '1 minute' } } }, async (request, reply) => {
        const head = await page.head(request.params as Record<string, string>, request);
        return reply
          .status(head ? 200 : 404)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(head ? withHead(html, head) : html);
      });
    }
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
