import net from 'node:net';

export interface CountingRelay {
  port: number;
  /** Bytes the target has sent to clients through the relay so far. */
  bytesFromTarget(): number;
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 in front of `target` that counts what the target sends, as a network
 * meter between a client and an object store would. Backpressure is kept (pipe), so bytes a client
 * never reads are not pulled through and counted.
 */
export async function startCountingRelay(target: { host: string; port: number }): Promise<CountingRelay> {
  let bytes = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    bytesFromTarget: () => bytes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
