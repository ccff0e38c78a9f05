// The baseline of the live viewers benchmark: a bare Node `http` server that serves the same 1 s segments
// as static files, a new one "arriving" every second (the files are reused in a cycle), behind a live
// playlist of the last six with the same blocking reload (`_HLS_msn`) the server offers, so the viewer
// loop is the same. No database, no tokens, no framework. Its own process, like the server.
// Env: DIR (0.ts ... <COUNT-1>.ts), COUNT, PORT. Prints "listening" once it serves.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dir = process.env.DIR;
const count = Number(process.env.COUNT);
const sizes = Array.from({ length: count }, (_, i) => fs.statSync(path.join(dir, `${i}.ts`)).size);
const SEGMENT_MS = 1000;
const WINDOW = 6;

let last = WINDOW - 1;
const waiters = new Set();
setInterval(() => {
  last += 1;
  for (const wake of waiters) wake();
}, SEGMENT_MS);

const playlist = () => {
  const first = Math.max(0, last - WINDOW + 1);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES', `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let seq = first; seq <= last; seq++) lines.push('#EXTINF:1.000,', `${seq}.ts`);
  return `${lines.join('\n')}\n`;
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/index.m3u8') {
    const msn = Number(url.searchParams.get('_HLS_msn') ?? -1);
    const answer = () => {
      waiters.delete(check);
      clearTimeout(timer);
      res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' }).end(playlist());
    };
    const check = () => msn <= last && answer();
    const timer = setTimeout(answer, 3 * SEGMENT_MS);
    if (msn <= last) answer();
    else waiters.add(check);
    return;
  }
  const seq = /^\/(\d+)\.ts$/.exec(url.pathname)?.[1];
  if (seq === undefined || Number(seq) > last) return void res.writeHead(404).end();
  const file = Number(seq) % count;
  res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': sizes[file] });
  fs.createReadStream(path.join(dir, `${file}.ts`)).pipe(res);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGINT', () => process.exit(0));
