import { HttpError, NetworkError, SessionExpiredError } from '../api/apiErrors';
import type { HttpClient, RequestOptions } from '../api/httpClient';
import { withVersion } from '../api/tolerance';
import { entityDescriptor, readBase, readRow, rememberGone, renameRow, writeRow } from '../cache/entities';
import type { CacheDb } from '../cache/openCache';
import type { Actor } from './appliers';
import {
  adoptServerId,
  dropOperation,
  expectVersion,
  markConflict,
  markInFlight,
  nextToPush,
  rebase,
  rebaseAll,
  rebaseOn,
  retryLater,
} from './outboxStore';
import { isLocalId, kindOf, type ConflictInfo, type Operation } from './operations';

/** The HTTP request that carries a queued change to the service: its kind's, with its keys. */
function requestFor(op: Operation): { path: string; options: RequestOptions } {
  const id = op.entityId === null ? '' : encodeURIComponent(op.entityId);
  const headers: Record<string, string> = { 'idempotency-key': op.opId };
  // Version 0 of a record made here means none on the service yet; of one the service has (its
  // leave policy before anyone changed it), it is the version to match.
  if (op.baseVersion !== null && (op.baseVersion > 0 || (op.entityId !== null && !isLocalId(op.entityId)))) {
    headers['if-match'] = `"${op.baseVersion}"`;
  }
  const { method, path, json } = kindOf(op.kind).request(op as never, id);
  return { path, options: { method, headers, ...(json === undefined ? {} : { json }) } };
}

/** After the service took a change: its answer becomes the record's base, and the change leaves the queue. */
function applyAccepted(db: CacheDb, op: Operation, body: unknown, actor: Actor, now: string): void {
  dropOperation(db, op.seq);
  const { entity, entityId } = op;
  const accepted = kindOf(op.kind).accepted;
  if (accepted === 'gone' && entityId) {
    rememberGone(db, entity, entityId, now);
    const base = readBase(db, entity, entityId);
    if (base) writeRow(db, entity, entityId, null, null);
    rebase(db, entity, entityId, actor);
    return;
  }
  if (accepted === 'settled') {
    // What the service did is the entity's to say; what the user sees follows.
    entityDescriptor(entity).settle?.(db, entityId, op, now);
    if (entityId) rebase(db, entity, entityId, actor);
    else rebaseAll(db, entity, actor);
    return;
  }
  if (accepted !== 'record' || !entityId) return;
  const record = entityDescriptor(entity).schema.parse(withVersion(body as object)) as { id: string };
  if (isLocalId(entityId) && record.id !== entityId) {
    // A record made here now has the service's id: move it, and point later changes at it.
    renameRow(db, entity, entityId, record.id);
    adoptServerId(db, entity, entityId, record.id);
  }
  // Later changes of this record were made on top of this one: they expect its new version.
  const version = (record as { version?: number }).version;
  if (typeof version === 'number' && version > 0) expectVersion(db, entity, record.id, version);
  rebaseOn(db, entity, record.id, record as never, actor);
}

/** When the service refused a change: try to read its side, to show both. */
async function theirSide(client: HttpClient, op: Operation, error: HttpError): Promise<unknown> {
  if (error.status === 412 && error.problem.current !== undefined) return error.problem.current;
  const { path } = entityDescriptor(op.entity);
  if (!path || !op.entityId || isLocalId(op.entityId) || error.status === 404) return null;
  try {
    return (await client.request(`${path}/${encodeURIComponent(op.entityId)}`)).body;
  } catch {
    return null;
  }
}

export interface PushOutcome {
  sent: number;
  conflicts: number;
  /** Why the round stopped early (the network, the session); null when the queue was drained. */
  stoppedBy: Error | null;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** Exponential backoff with full jitter: retries of many clients do not arrive together. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface PushContext {
  db: CacheDb;
  client: HttpClient;
  actor: Actor;
  now: () => Date;
  onProgress?: (sent: number) => void;
  /** Set to stop after the change in flight. */
  signal?: { stopped: boolean };
}

/** Requests in flight at most: the service's answer time overlaps this side's work on the last one. */
const WINDOW = 4;

/**
 * Sends queued changes in order, each under its own Idempotency-Key so a resend after a lost
 * answer is applied once; a record's changes always one after another (nextToPush), and changes
 * of independent records a few at a time. Refusals become conflicts that keep the user's data.
 */
export async function pushOutbox(ctx: PushContext): Promise<PushOutcome> {
  const { db, client, actor } = ctx;
  let sent = 0;
  let conflicts = 0;
  let stoppedBy: Error | null = null;
  let failure: unknown = null;
  const inFlight = new Set<Promise<void>>();

  const send = async (op: Operation): Promise<void> => {
    const { path, options } = requestFor(op);
    try {
      const res = await client.request(path, options);
      db.transaction(() => applyAccepted(db, op, res.body, actor, ctx.now().toISOString()))();
      sent += 1;
      ctx.onProgress?.(sent);
    } catch (error) {
      if (error instanceof HttpError && !error.retryable) {
        const theirs = await theirSide(client, op, error);
        const local = op.entityId ? readRow(db, op.entity, op.entityId) : undefined;
        const known = local?.base ?? local?.json;
        const conflict: ConflictInfo = {
          status: error.status,
          message: error.message,
          theirs,
          // The record as this computer knew it, so the conflict can still name it once the service has none.
          known: known ? (JSON.parse(known) as unknown) : null,
          issues: error.problem.errors ?? [],
        };
        markConflict(db, op.seq, conflict);
        conflicts += 1;
        return;
      }
      const retryAt = new Date(ctx.now().getTime() + backoffMs(op.attempts)).toISOString();
      retryLater(db, op.seq, error instanceof SessionExpiredError ? null : retryAt, (error as Error).message);
      if (error instanceof NetworkError || error instanceof SessionExpiredError || error instanceof HttpError) {
        stoppedBy ??= error as Error;
        return;
      }
      failure ??= error;
    }
  };

  for (;;) {
    // Set by the sends in flight, which TypeScript does not follow across the awaits.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (ctx.signal?.stopped || stoppedBy || failure) break;
    const op = nextToPush(db, ctx.now().toISOString());
    const alone = op !== null && !kindOf(op.kind).orderFree;
    if (inFlight.size > 0 && (!op || alone || inFlight.size >= WINDOW)) {
      // Wait for room (or for what is in flight, before a change that goes alone or the last look).
      await Promise.race(inFlight);
      continue;
    }
    if (!op) break;
    // Counted before sending: after a crash, an operation with attempts > 0 may have reached the service.
    markInFlight(db, op.seq);
    const sending = send(op).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
    if (alone) await sending;
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  return { sent, conflicts, stoppedBy };
}
