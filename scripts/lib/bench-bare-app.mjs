// The baseline of `npm run bench -- reads`: a bare Fastify app with one route that runs one
// PostgreSQL query (the product user row by id), on the bench's database. Its own process, like the
// server, so neither shares an event loop with the load generator.
// Env: DATABASE_URL, PORT, USER_ID. Prints "listening" once it serves.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const userId = Number(process.env.USER_ID);
const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const { rows } = await pool.query('select id, username, type from users where id = $1', [userId]);
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.on('SIGINT', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
