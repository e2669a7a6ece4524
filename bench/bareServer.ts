// The limits of the service load test: a bare Fastify route answering fixed bytes from memory, and
// (for context) the same POST storing the route's two rows first, as the cheapest durable write could.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { GroupCommit } from '../src-server/db/groupCommit';
import { newId } from '../src-server/db/ids';

const [getFile, postFile, dbFile] = process.argv.slice(2) as [string, string, string];
const getBody = readFileSync(getFile);
const postBody = readFileSync(postFile);

// The route's two rows, with the primary keys and secondary indexes the service gives them (leave
// requests and notifications), in a write-ahead log with the service's durability setting and its
// ids: one prepared INSERT each per request, no checks, no triggers.
const db = new Database(dbFile);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  CREATE TABLE IF NOT EXISTS leave_rows (id TEXT PRIMARY KEY, organization_id TEXT NOT NULL, user_id TEXT NOT NULL,
    start_date TEXT NOT NULL, end_date TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, body TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS rows_status_end ON leave_rows (organization_id, status, end_date);
  CREATE INDEX IF NOT EXISTS rows_user_end ON leave_rows (organization_id, user_id, end_date);
  CREATE INDEX IF NOT EXISTS rows_created ON leave_rows (organization_id, created_at, id);
  CREATE INDEX IF NOT EXISTS rows_start ON leave_rows (organization_id, start_date, id);
  CREATE TABLE IF NOT EXISTS note_rows (id TEXT PRIMARY KEY, organization_id TEXT NOT NULL, user_id TEXT NOT NULL,
    read_at TEXT, dedupe_key TEXT, created_at TEXT NOT NULL, body TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS notes_user_created ON note_rows (organization_id, user_id, created_at);
  CREATE INDEX IF NOT EXISTS notes_user_unread ON note_rows (organization_id, user_id, created_at) WHERE read_at IS NULL;
  CREATE UNIQUE INDEX IF NOT EXISTS notes_dedupe ON note_rows (organization_id, user_id, dedupe_key)
    WHERE dedupe_key IS NOT NULL;
`);
const insertLeave = db.prepare(
  `INSERT INTO leave_rows (id, organization_id, user_id, start_date, end_date, status, created_at, body)
   VALUES (?, 'org', ?, ?, ?, 'PENDING', ?, ?)`,
);
const insertNote = db.prepare(
  `INSERT INTO note_rows (id, organization_id, user_id, created_at, body) VALUES (?, 'org', ?, ?, ?)`,
);
/**
 * Each caller (told apart by their token, not checked) is a person with an id of the service's kind
 * and one of six managers, as the hundred people of the bench's load have: rows land in each
 * person's part of the indexes, as the service's do, not all at the end of one.
 */
const people = new Map<string, { id: string; manager: string }>();
const managers = Array.from({ length: 6 }, () => newId());
const personOf = (token: string) => {
  let person = people.get(token);
  if (!person) people.set(token, (person = { id: newId(), manager: managers[people.size % managers.length]! }));
  return person;
};

const app = Fastify({ logger: false });
app.get('/api/trainings', async (_req, reply) => reply.type('application/json; charset=utf-8').send(getBody));
app.post('/api/leave', async (_req, reply) => reply.code(201).type('application/json; charset=utf-8').send(postBody));
// The rows of one turn of the event loop committed together, by the service's own group commit,
// and each answer sent once its rows are committed.
const commits = new GroupCommit(db);
app.post('/floor/leave', async (req, reply) => {
  const mark = commits.mark();
  commits.join();
  const body = req.body as { startDate: string; endDate: string };
  const person = personOf(String(req.headers.authorization));
  const at = new Date().toISOString();
  const leaveId = newId();
  insertLeave.run(leaveId, person.id, body.startDate, body.endDate, at, JSON.stringify(body));
  insertNote.run(newId(), person.manager, at, JSON.stringify({ leaveId }));
  await commits.settled(mark);
  return reply.code(201).type('application/json; charset=utf-8').send(postBody);
});
void app.listen({ port: 0, host: '127.0.0.1' }).then((address) => process.stdout.write(`listening on ${address}\n`));
