import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { OUTBOX_DEFAULT_LIMIT, OUTBOX_MAX_LIMIT, outboxEntry, type OutboxEntry, type OutboxReader } from './outbox-store';
import { escapeHtml } from './templates/escape-html';

const listQuery = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_MAX_LIMIT).default(OUTBOX_DEFAULT_LIMIT),
});
const messageParams = z.object({ id: z.string().max(100) });
const messageQuery = z.object({ part: z.enum(['html', 'text']).default('html') });
const listBody = z.object({ messages: z.array(outboxEntry) });

// Stored mail is HTML we rendered from user-supplied names; served from our origin it must not run script or load anything.
const MESSAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function devHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', MESSAGE_CSP);
}

function preview(entry: OutboxEntry): string {
  const line = entry.channel === 'mail' ? entry.subject : entry.text.replace(/\s+/g, ' ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function listPage(entries: OutboxEntry[], to: string | undefined): string {
  const rows = entries.map((e) => {
    const href = `/dev/outbox/${encodeURIComponent(e.id)}`;
    const textLink = e.channel === 'mail' ? ` · <a href="${href}?part=text">text</a>` : '';
    return `<tr><td>${escapeHtml(e.createdAt)}</td><td>${e.channel}</td><td>${escapeHtml(e.to)}</td><td><a href="${href}">${escapeHtml(preview(e))}</a>${textLink}</td><td>${e.channel === 'mail' ? escapeHtml(e.template) : ''}</td></tr>`;
  });
  const empty = '<tr><td colspan="5">No messages yet.</td></tr>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Teamfilm (development)</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#18181b}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e4e4e7;vertical-align:top}
th{font-size:.85rem;color:#52525b}
td:first-child{white-space:nowrap;font-variant-numeric:tabular-nums}
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Mail and SMS this server wrote instead of delivering them (no SMTP_URL or SMS provider configured). Newest first. Not available in production. <a href="/dev/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}">JSON</a></p>
<form method="get" action="/dev/outbox"><label>Recipient <input type="text" name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Filter</button></form>
<table>
<thead><tr><th>Time (UTC)</th><th>Channel</th><th>To</th><th>Subject / text</th><th>Template</th></tr></thead>
<tbody>
${rows.length > 0 ? rows.join('\n') : empty}
</tbody>
</table>
</body>
</html>
`;
}

/**
 * Development only: register it when `config.env !== 'production'` and `createMail` returned an outbox.
 * Tests and e2e journeys read sign-in links and codes from `/dev/outbox.json?to=<address>`.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxReader }> = async (app, { outbox }) => {
  app.get('/dev/outbox', { schema: { querystring: listQuery } }, async (request, reply) => {
    const entries = await outbox.list(request.query);
    return devHeaders(reply).type('text/html; charset=utf-8').send(listPage(entries, request.query.to));
  });

  app.get('/dev/outbox.json', { schema: { querystring: listQuery, response: { 200: listBody } } }, async (request, reply) => {
    devHeaders(reply);
    return { messages: await outbox.list(request.query) };
  });

  app.get('/dev/outbox/:id', { schema: { params: messageParams, querystring: messageQuery } }, async (request, reply) => {
    const entry = await outbox.read(request.params.id);
    if (!entry) throw new AppError('NOT_FOUND', 'There is no message with this id in the outbox.');
    devHeaders(reply);
    if (entry.channel === 'mail' && request.query.part === 'html') return reply.type('text/html; charset=utf-8').send(entry.html);
    return reply.type('text/plain; charset=utf-8').send(entry.text);
  });
};
