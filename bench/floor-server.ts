import Fastify from 'fastify';

/** The HTTP floor: a bare Fastify route with no plugins, database or session, measured in the same run. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 3301), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
