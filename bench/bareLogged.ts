/**
 * Bare Fastify with its default request logging (`logger: true`: pino at info, its default
 * destination on stdout, an "incoming request" and a "request completed" line per request), the
 * same JSON route as the in-process bare floor. Run by bench/shippedFloor.ts in its own process, with
 * stdout on a file as the product's is; listens on PORT at 127.0.0.1 and says so on stderr.
 */
import Fastify from 'fastify';
import { FLOOR_ANSWER } from './http';

const app = Fastify({ logger: true });
app.post('/floor', async () => FLOOR_ANSWER);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.error('bare Fastify is ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
