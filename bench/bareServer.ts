// The limits of the service load test: a bare Fastify route answering fixed bytes from memory, and
// (for context) the same POST storing the route's two rows first, as the cheapest durable write could.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { GroupCommit } from '../src-server/db/engine/groupCommit';
import { SqliteEngine } from '../src-server/db/engine/sqliteEngine';
import { newId } from '../src-server/db/ids';
import { floorPeople } from './floorPeople';
import { openDatabase } from '../src-server/db/open';
import { Checkpointer } from '../src-node/sqlite/checkpointer';

const [getFile, postFile, dbFile] = process.argv.slice(2) as [string, string, string];
const getBody = readFileSync(getFile);
const postBody = readFileSync(postFile);

// The route's two rows in the service's own schema (its migrations, so its keys and indexes as
// they are now) and with its connection settings, checkpoint thread and ids: one prepared INSERT each per request, no
// checks — foreign keys off, and without the triggers that move the change counters.
const db = openDatabase(dbFile);
db.pragma('foreign_keys = OFF');
for (const trigger of db
  .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('leave_requests', 'notifications')")
  .pluck()
  .all() as string[])
  db.exec(`DROP TRIGGER "${trigger}"`);
new Checkpointer(db, dbFile);
const insertLeave = db.prepare(
  `INSERT INTO leave_requests (id, organization_id, user_id, start_date, end_date, type, status, days, created_at, updated_at)
   VALUES (?, 'org', ?, ?, ?, 'ANNUAL', 'PENDING', 4, ?, ?)`,
);
const insertNote = db.prepare(
  `INSERT INTO notifications (id, organization_id, user_id, type, title, body, data, created_at, updated_at)
   VALUES (?, 'org', ?, 'LEAVE_SUBMITTED', 'Leave request', ?, ?, ?, ?)`,
);
const personOf = floorPeople();

const app = Fastify({ logger: false });
app.get('/api/trainings', async (_req, reply) => reply.type('application/json; charset=utf-8').send(getBody));
app.post('/api/leave', async (_req, reply) => reply.code(201).type('application/json; charset=utf-8').send(postBody));
// The rows of one turn of the event loop committed together, by the service's own group commit,
// and each answer sent once its rows are committed.
const commits = new GroupCommit(new SqliteEngine(db));
app.post('/floor/leave', async (req, reply) => {
  const mark = commits.mark();
  commits.join();
  const body = req.body as { startDate: string; endDate: string };
  const person = personOf(String(req.headers.authorization));
  const at = new Date().toISOString();
  const leaveId = newId();
  insertLeave.run(leaveId, person.id, body.startDate, body.endDate, at, at);
  insertNote.run(newId(), person.manager, JSON.stringify(body), JSON.stringify({ leaveId }), at, at);
  await commits.settled(mark);
  return reply.code(201).type('application/json; charset=utf-8').send(postBody);
});
void app.listen({ port: 0, host: '127.0.0.1' }).then((address) => process.stdout.write(`listening on ${address}\n`));
