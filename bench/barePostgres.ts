// The floor of POST /api/leave on PostgreSQL, as bareServer.ts is on SQLite: the route's two rows in
// the service's own schema, one transaction per request, no checks (foreign keys and triggers off
// for this connection's session), and a GET answering fixed bytes.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { newId } from '../src-server/db/ids';
import { floorPeople } from './floorPeople';
import { migratePostgres } from '../src-server/db/engine/migratePostgres';

const [url, getFile, postFile] = process.argv.slice(2) as [string, string, string];
const getBody = readFileSync(getFile);
const postBody = readFileSync(postFile);
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('connect', (client) => void client.query("SET session_replication_role = 'replica'"));

const personOf = floorPeople();

const app = Fastify({ logger: false });
app.get('/api/trainings', async (_req, reply) => reply.type('application/json; charset=utf-8').send(getBody));
app.post('/floor/leave', async (req, reply) => {
  const body = req.body as { startDate: string; endDate: string };
  const person = personOf(String(req.headers.authorization));
  const at = new Date().toISOString();
  const leaveId = newId();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO leave_requests (id, organization_id, user_id, start_date, end_date, type, status, days, created_at,
         updated_at) VALUES ($1, 'org', $2, $3, $4, 'ANNUAL', 'PENDING', 4, $5, $5)`,
      [leaveId, person.id, body.startDate, body.endDate, at],
    );
    await client.query(
      `INSERT INTO notifications (id, organization_id, user_id, type, title, body, data, created_at, updated_at)
       VALUES ($1, 'org', $2, 'LEAVE_SUBMITTED', 'Leave request', $3, $4, $5, $5)`,
      [newId(), person.manager, JSON.stringify(body), JSON.stringify({ leaveId }), at],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return reply.code(201).type('application/json; charset=utf-8').send(postBody);
});
void migratePostgres(pool)
  .then(() => app.listen({ port: 0, host: '127.0.0.1' }))
  .then((address) => process.stdout.write(`listening on ${address}\n`));
