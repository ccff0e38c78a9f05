// The fan-out baseline of `npm run bench -- talk`: a bare node:http server that holds server-sent
// event streams (`GET /sse`) and writes one frame to every one of them on `POST /fire?marker=`. No
// sign-in, no database: what holding and writing to that many sockets costs a Node process by itself.
// Env: PORT. Prints "listening" once it serves.
import http from 'node:http';

const open = new Set();
const server = http.createServer((req, res) => {
  if (req.url === '/sse') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('id: 0\n\n');
    open.add(res);
    res.on('close', () => open.delete(res));
    return;
  }
  const marker = new URL(req.url, 'http://x').searchParams.get('marker') ?? '';
  const frame = `id: 1\nevent: board\ndata: ${JSON.stringify({ _id: marker })}\n\n`;
  for (const stream of open) stream.write(frame);
  res.end(String(open.size));
});
server.keepAliveTimeout = 0;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGINT', () => {
  for (const stream of open) stream.destroy();
  server.close(() => process.exit(0));
});
