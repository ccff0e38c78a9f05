import type pg from 'pg';

/**
 * The statements sent through `pool` while `work` runs: each client the pool hands out is wrapped
 * once. Every statement counts, so the app must have nothing else running meanwhile (`WORKERS=0`,
 * one request at a time). `onQuery` hears every statement as it is sent, `work` running or not.
 */
export function queryCounter(pool: pg.Pool, onQuery?: (text: string) => void) {
  let current: string[] | undefined;
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      const text = typeof first === 'string' ? first : first.text;
      current?.push(text);
      onQuery?.(text);
      return query(...args);
    };
  });
  return async function queriesOf<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
    const queries: string[] = [];
    current = queries;
    try {
      return { result: await work(), queries };
    } finally {
      current = undefined;
    }
  };
}
