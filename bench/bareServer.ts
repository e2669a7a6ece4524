// The limits of the service load test: a bare Fastify route answering fixed bytes from memory, and
// (for context) the same POST storing one row first, as the cheapest durable write could.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { GroupCommit } from '../src-server/db/groupCommit';
import { newId } from '../src-server/db/ids';

const [getFile, postFile, dbFile] = process.argv.slice(2) as [string, string, string];
const getBody = readFileSync(getFile);
const postBody = readFileSync(postFile);

// A table with the primary key and the five secondary indexes of the service's leave requests, in a
// write-ahead log with the service's durability setting and its ids: one prepared INSERT per
// request, no checks.
const db = new Database(dbFile);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  CREATE TABLE IF NOT EXISTS leave_rows (id TEXT PRIMARY KEY, organization_id TEXT NOT NULL, user_id TEXT NOT NULL,
    start_date TEXT NOT NULL, end_date TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, body TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS rows_user_start ON leave_rows (organization_id, user_id, start_date);
  CREATE INDEX IF NOT EXISTS rows_status_end ON leave_rows (organization_id, status, end_date);
  CREATE INDEX IF NOT EXISTS rows_user_end ON leave_rows (organization_id, user_id, end_date);
  CREATE INDEX IF NOT EXISTS rows_created ON leave_rows (organization_id, created_at, id);
  CREATE INDEX IF NOT EXISTS rows_start ON leave_rows (organization_id, start_date, id);
`);
const insert = db.prepare(
  `INSERT INTO leave_rows (id, organization_id, user_id, start_date, end_date, status, created_at, body)
   VALUES (?, 'org', 'user', ?, ?, 'PENDING', ?, ?)`,
);

const app = Fastify({ logger: false });
app.get('/api/trainings', async (_req, reply) => reply.type('application/json; charset=utf-8').send(getBody));
app.post('/api/leave', async (_req, reply) => reply.code(201).type('application/json; charset=utf-8').send(postBody));
// The rows of one turn of the event loop committed together, by the service's own group commit,
// and each answer sent once its row is committed.
const commits = new GroupCommit(db);
app.post('/floor/leave', async (req, reply) => {
  const mark = commits.mark();
  commits.join();
  const body = req.body as { startDate: string; endDate: string };
  insert.run(newId(), body.startDate, body.endDate, new Date().toISOString(), JSON.stringify(body));
  await commits.settled(mark);
  return reply.code(201).type('application/json; charset=utf-8').send(postBody);
});
void app.listen({ port: 0, host: '127.0.0.1' }).then((address) => process.stdout.write(`listening on ${address}\n`));
