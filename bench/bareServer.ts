// The limit of the service load test: a bare Fastify route answering fixed bytes from memory.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [getFile, postFile] = process.argv.slice(2) as [string, string];
const getBody = readFileSync(getFile);
const postBody = readFileSync(postFile);
const app = Fastify({ logger: false });
app.get('/api/trainings', async (_req, reply) => reply.type('application/json; charset=utf-8').send(getBody));
app.post('/api/leave', async (_req, reply) => reply.code(201).type('application/json; charset=utf-8').send(postBody));
void app.listen({ port: 0, host: '127.0.0.1' }).then((address) => process.stdout.write(`listening on ${address}\n`));
