/**
 * The baseline for throughput: a bare Fastify server answering fixed bytes on
 * one route, with nothing behind it. Run as a child process by the bench.
 * Env: PORT, HOST, BENCH_ROUTE (the path), BENCH_BODY (the JSON to answer).
 */
import Fastify from 'fastify';

const route = process.env.BENCH_ROUTE ?? '/';
const body = process.env.BENCH_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get(route, async (_request, reply) =>
  reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(body),
);
app.get('/api/health', async () => ({ status: 'ok' }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
