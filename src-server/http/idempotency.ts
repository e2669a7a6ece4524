import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantDb } from '../db/tenantDb';
import { REQUEST_IN_PROGRESS } from '@shared/wire';
import { deleteKey, deleteKeysBefore, findKey, insertKey, saveAnswer } from './idempotencyStore';
import { isMutating } from './methods';
import { defineMessage } from '@formatjs/intl';
import { badRequest, HttpProblem, ref, unprocessable } from './problem';

const M = {
  badKey: defineMessage({
    id: 'service.idempotency.badKey',
    defaultMessage: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  }),
  otherRequest: defineMessage({
    id: 'service.idempotency.otherRequest',
    defaultMessage: 'This Idempotency-Key was already used for a different request',
  }),
  inProgress: defineMessage({
    id: 'service.idempotency.inProgress',
    defaultMessage: 'A request with this Idempotency-Key is still being processed; try again shortly',
  }),
};

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** Headers a replay must give back for the client to treat it as the first answer. */
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'] as const;

/** Where a route's keys live: the organization's table, and whose keys they are. */
export interface IdempotencyScope {
  tenant: TenantDb;
  owner: string;
}

interface IdempotencyState extends IdempotencyScope {
  key: string;
  replayed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: IdempotencyState;
  }
  interface FastifyContextConfig {
    /**
     * Scope of a route's keys when it is not "the signed-in caller's": anonymous form answers
     * are keyed by no one, so no record links them to their author. Null skips idempotency.
     */
    idempotencyScope?: (request: FastifyRequest) => IdempotencyScope | null | Promise<IdempotencyScope | null>;
  }
}

function defaultScope(request: FastifyRequest): IdempotencyScope | null {
  const caller = request.optionalCaller;
  return caller ? { tenant: request.tenant, owner: caller.userId } : null;
}

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

/**
 * Idempotency-Key (docs/service.md, Extensions), for every authenticated POST, PUT, PATCH and DELETE:
 * a repeat by the same user within 24 hours replays the first answer without running it
 * again; the same key with another method, path or body is 422; while the first is still
 * running, 409. Answers of 5xx are forgotten so a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!isMutating(request.method) || config.auth === 'none') return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw badRequest(ref(M.badKey));
    }
    const scope = await (config.idempotencyScope ?? defaultScope)(request);
    if (!scope) return;
    const { tenant, owner } = scope;
    const fp = fingerprint(request);
    const now = app.hr.clock.now();

    const existing = await tenant.transaction(async () => {
      let row = await findKey(tenant, owner, key);
      if (row && now.getTime() - Date.parse(row.created_at) >= IDEMPOTENCY_TTL_MS) {
        await deleteKey(tenant, owner, key);
        row = undefined;
      }
      if (!row) await insertKey(tenant, owner, key, fp, now.toISOString());
      return row;
    });

    if (!existing) {
      request.idempotency = { key, owner, tenant, replayed: false };
      return;
    }
    if (existing.fingerprint !== fp) {
      throw unprocessable(ref(M.otherRequest));
    }
    if (existing.status_code === null) {
      throw new HttpProblem(409, ref(M.inProgress), {
        extra: { type: REQUEST_IN_PROGRESS },
        headers: { 'retry-after': '1' },
      });
    }
    request.idempotency = { key, owner, tenant, replayed: true };
    const headers = JSON.parse(existing.headers ?? '{}') as Record<string, string>;
    reply.code(existing.status_code).headers(headers).header('idempotent-replayed', 'true');
    return reply.send(existing.body ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state || state.replayed) return payload;
    if (reply.statusCode >= 500) {
      await deleteKey(state.tenant, state.owner, state.key);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    await saveAnswer(state.tenant, state.owner, state.key, {
      status: reply.statusCode,
      headers: JSON.stringify(headers),
      body,
    });
    return payload;
  });
}

/** Keys older than a day can never be replayed; dropping them keeps the table small. */
export async function purgeExpiredIdempotencyKeys(app: FastifyInstance): Promise<number> {
  const cutoff = new Date(app.hr.clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  return deleteKeysBefore(app.hr.engine, cutoff);
}
