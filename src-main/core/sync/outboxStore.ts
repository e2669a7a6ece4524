import { randomUUID } from 'node:crypto';
import { readRow, writeRow, type EntityName, type EntityRecords } from '../cache/entities';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { applyOperation, type Actor } from './appliers';
import {
  kindOf,
  type ConflictInfo,
  type Operation,
  type OperationKind,
  type OperationState,
  type Payloads,
} from './operations';

interface OutboxRow {
  seq: number;
  op_id: string;
  kind: OperationKind;
  entity: EntityName;
  entity_id: string | null;
  payload: string;
  base_version: number | null;
  state: OperationState;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  conflict: string | null;
  created_at: string;
}

export function toOperation(row: OutboxRow): Operation {
  return {
    seq: row.seq,
    opId: row.op_id,
    kind: row.kind,
    entity: row.entity,
    entityId: row.entity_id,
    payload: JSON.parse(row.payload) as Operation['payload'],
    baseVersion: row.base_version,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    conflict: row.conflict ? (JSON.parse(row.conflict) as ConflictInfo) : null,
    createdAt: row.created_at,
  };
}

/** Operations that shape a record: its own, plus "read all" for notifications. */
export function operationsFor(db: CacheDb, entity: EntityName, id: string): Operation[] {
  // Two index searches merged (an OR here read every queued change of the entity, then sorted).
  const rows = prepared(
    db,
    `SELECT * FROM outbox WHERE entity = :entity AND entity_id = :id
     UNION ALL
     SELECT * FROM outbox WHERE entity = :entity AND entity_id IS NULL AND kind = 'notification.readAll'
     ORDER BY seq`,
  ).all({ entity, id }) as OutboxRow[];
  return rows.map(toOperation);
}

/** Every queued change to records of one kind, by record, oldest first: one read for a whole list. */
export function operationsByRecord(db: CacheDb, entity: EntityName): Map<string, Operation[]> {
  const rows = prepared(db, 'SELECT * FROM outbox WHERE entity = ? AND entity_id IS NOT NULL ORDER BY seq').all(
    entity,
  ) as OutboxRow[];
  const byRecord = new Map<string, Operation[]>();
  for (const op of rows.map(toOperation)) {
    const list = byRecord.get(op.entityId!) ?? [];
    list.push(op);
    byRecord.set(op.entityId!, list);
  }
  return byRecord;
}

/** Recomputes what the user sees of a record: the service's copy with every queued change on top. */
export function rebase<E extends EntityName>(
  db: CacheDb,
  entity: E,
  id: string,
  actor: Actor,
): EntityRecords[E] | null {
  const row = readRow(db, entity, id);
  return rebaseOn(db, entity, id, row?.base ? (JSON.parse(row.base) as EntityRecords[E]) : null, actor);
}

/** Makes `base` the service's copy of a record and what the user sees of it that copy with the queued changes on top: one write. */
export function rebaseOn<E extends EntityName>(
  db: CacheDb,
  entity: E,
  id: string,
  base: EntityRecords[E] | null,
  actor: Actor,
): EntityRecords[E] | null {
  let effective = base;
  for (const op of operationsFor(db, entity, id)) effective = applyOperation<E>(effective, op, actor);
  writeRow(db, entity, id, effective, base);
  return effective;
}

/** Entity ids with queued changes, so a pull knows which rows to rebase rather than overwrite. */
export function idsWithOperations(db: CacheDb, entity: EntityName): Set<string> {
  const rows = prepared(
    db,
    'SELECT DISTINCT entity_id AS id FROM outbox WHERE entity = ? AND entity_id IS NOT NULL',
  ).all(entity) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

export function hasGlobalOperations(db: CacheDb, entity: EntityName): boolean {
  return !!prepared(db, 'SELECT 1 FROM outbox WHERE entity = ? AND entity_id IS NULL LIMIT 1').get(entity);
}

function lastOpenOperation(db: CacheDb, entity: EntityName, id: string | null): OutboxRow | undefined {
  return prepared(db, 'SELECT * FROM outbox WHERE entity = ? AND entity_id IS ? ORDER BY seq DESC LIMIT 1').get(
    entity,
    id,
  ) as OutboxRow | undefined;
}

export interface NewOperation<K extends OperationKind> {
  kind: K;
  entityId: string | null;
  payload: Payloads[K];
  baseVersion?: number | null;
  at: string;
}

/**
 * Queues a change and shows it at once; call inside the transaction that makes the change.
 * Changes not yet sent fold together: create + update is one create, create + delete is
 * nothing, update + update is one update, "read all" replaces single reads.
 */
export function enqueue<K extends OperationKind>(db: CacheDb, op: NewOperation<K>, actor: Actor): void {
  const kind = kindOf(op.kind);
  const entity = kind.entity;
  const last = op.entityId === null ? undefined : lastOpenOperation(db, entity, op.entityId);
  // Only a change never sent may fold: one that was sent may have reached the service, and its
  // Idempotency-Key must come back with the same body.
  const lastPending = last?.state === 'pending' && last.attempts === 0 ? last : undefined;
  const isUpdate = kind.role === 'update';
  const isDelete = kind.role === 'delete';
  const lastRole = lastPending ? kindOf(lastPending.kind).role : undefined;

  if (lastPending && isUpdate && (lastRole === 'create' || lastPending.kind === op.kind)) {
    const merged = { ...(JSON.parse(lastPending.payload) as object), ...(op.payload as object) };
    prepared(db, 'UPDATE outbox SET payload = ? WHERE seq = ?').run(JSON.stringify(merged), lastPending.seq);
  } else if (lastPending && isDelete && lastRole === 'create') {
    prepared(db, 'DELETE FROM outbox WHERE entity = ? AND entity_id = ?').run(entity, op.entityId);
  } else {
    let baseVersion = op.baseVersion ?? null;
    if (lastPending && isDelete && lastRole === 'update') {
      // The delete replaces the unsent edit and checks the version that edit started from.
      baseVersion = lastPending.base_version;
      prepared(db, 'DELETE FROM outbox WHERE seq = ?').run(lastPending.seq);
    }
    for (const replaced of kind.replaces ?? []) {
      prepared(db, "DELETE FROM outbox WHERE kind = ? AND state = 'pending' AND attempts = 0").run(replaced);
    }
    prepared(
      db,
      `INSERT INTO outbox (op_id, kind, entity, entity_id, payload, base_version, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(randomUUID(), op.kind, entity, op.entityId, JSON.stringify(op.payload), baseVersion, op.at);
  }

  if (op.entityId !== null) {
    rebase(db, entity, op.entityId, actor);
  } else {
    rebaseAll(db, entity, actor);
  }
}

/** A change leaves the queue: taken by the service, or given up by the user. */
export function dropOperation(db: CacheDb, seq: number): void {
  prepared(db, 'DELETE FROM outbox WHERE seq = ?').run(seq);
}

/** A change in conflict goes again, under a new Idempotency-Key, against the version given. */
export function sendAgain(db: CacheDb, seq: number, payload: unknown, baseVersion: number | null): void {
  prepared(
    db,
    `UPDATE outbox SET op_id = ?, payload = ?, base_version = ?, state = 'pending', attempts = 0,
       next_attempt_at = NULL, conflict = NULL, last_error = NULL WHERE seq = ?`,
  ).run(randomUUID(), JSON.stringify(payload), baseVersion, seq);
}

/** Every record of an entity, after a change that touches them all ("read all"). */
export function rebaseAll(db: CacheDb, entity: EntityName, actor: Actor): void {
  const ids = prepared(db, `SELECT id FROM ${entity}`).all() as { id: string }[];
  for (const { id } of ids) rebase(db, entity, id, actor);
}

/** The next change to send: the oldest ready one whose record has nothing older still queued. */
export function nextToPush(db: CacheDb, now: string): Operation | null {
  const row = prepared(
    db,
    `SELECT * FROM outbox AS o
     WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
       AND NOT EXISTS (SELECT 1 FROM outbox AS p WHERE p.entity = o.entity AND p.entity_id IS o.entity_id AND p.seq < o.seq)
     ORDER BY seq LIMIT 1`,
  ).get(now) as OutboxRow | undefined;
  return row ? toOperation(row) : null;
}

/** About to be sent: counted first, for after a crash an operation with attempts > 0 may have reached the service. */
export function markInFlight(db: CacheDb, seq: number): void {
  prepared(db, "UPDATE outbox SET state = 'inflight', attempts = attempts + 1 WHERE seq = ?").run(seq);
}

/** Refused by the service: the change waits for the user, with what the service said. */
export function markConflict(db: CacheDb, seq: number, conflict: ConflictInfo): void {
  prepared(db, "UPDATE outbox SET state = 'conflict', conflict = ?, last_error = ? WHERE seq = ?").run(
    JSON.stringify(conflict),
    conflict.message,
    seq,
  );
}

/** Not sent this time: it goes again at `retryAt` (null: at the next push), `error` kept. */
export function retryLater(db: CacheDb, seq: number, retryAt: string | null, error: string): void {
  prepared(db, "UPDATE outbox SET state = 'pending', next_attempt_at = ?, last_error = ? WHERE seq = ?").run(
    retryAt,
    error,
    seq,
  );
}

/**
 * A record made here has the service's id now: later changes are made to it, and the local id
 * (which a view or an address may still hold) leads to it (currentId).
 */
export function adoptServerId(db: CacheDb, entity: EntityName, localId: string, serverId: string): void {
  prepared(db, 'UPDATE outbox SET entity_id = ? WHERE entity = ? AND entity_id = ?').run(serverId, entity, localId);
  prepared(db, 'INSERT OR REPLACE INTO id_map (local_id, server_id) VALUES (?, ?)').run(localId, serverId);
}

/** Later changes of a record were made on top of its version `version`: they expect it. */
export function expectVersion(db: CacheDb, entity: EntityName, id: string, version: number): void {
  prepared(
    db,
    'UPDATE outbox SET base_version = ? WHERE entity = ? AND entity_id = ? AND base_version IS NOT NULL AND base_version < ?',
  ).run(version, entity, id, version);
}

/** The records with changes still to send (not those in conflict). */
export function waitingIds(db: CacheDb): string[] {
  const rows = prepared(
    db,
    "SELECT DISTINCT entity_id AS id FROM outbox WHERE state != 'conflict' AND entity_id IS NOT NULL",
  ).all() as { id: string }[];
  return rows.map((r) => r.id);
}

/** Every change waiting out a backoff is sent at the next push (the user asked; the service is back). */
export function sendPendingNow(db: CacheDb): void {
  prepared(db, "UPDATE outbox SET next_attempt_at = NULL WHERE state = 'pending'").run();
}

export function outboxCounts(db: CacheDb): { pending: number; conflicts: number } {
  const row = prepared(
    db,
    "SELECT COUNT(*) FILTER (WHERE state != 'conflict') AS pending, COUNT(*) FILTER (WHERE state = 'conflict') AS conflicts FROM outbox",
  ).get() as { pending: number; conflicts: number };
  return row;
}

export function conflictOperations(db: CacheDb): Operation[] {
  return (prepared(db, "SELECT * FROM outbox WHERE state = 'conflict' ORDER BY seq").all() as OutboxRow[]).map(
    toOperation,
  );
}

/** Every change not yet taken by the service, oldest first. */
export function unsentOperations(db: CacheDb): Operation[] {
  return (prepared(db, 'SELECT * FROM outbox ORDER BY seq').all() as OutboxRow[]).map(toOperation);
}

export function findOperation(db: CacheDb, opId: string): Operation | null {
  const row = prepared(db, 'SELECT * FROM outbox WHERE op_id = ?').get(opId) as OutboxRow | undefined;
  return row ? toOperation(row) : null;
}
