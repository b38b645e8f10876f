/**
 * Baseline "bare route": `GET /v1/accounts/:accountId/transactions` on a bare Fastify app
 * answering a fixed JSON body (the service's real first page, read from BODY_FILE) with no
 * database, auth or validation: the ceiling of Fastify + Node on this machine.
 * Env: PORT, BODY_FILE. Prints "ready" when listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE!, 'utf8');
const app = Fastify();
app.get('/v1/accounts/:accountId/transactions', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
