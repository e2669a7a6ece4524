import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

// Idempotency keys, each an owner's within the organization; what a repeat means is http/idempotency.ts's.

export interface KeyRow {
  fingerprint: string;
  status_code: number | null;
  headers: string | null;
  body: string | null;
  created_at: string;
}

export async function findKey(tenant: TenantDb, owner: string, key: string): Promise<KeyRow | undefined> {
  return tenant.get<KeyRow>(
    `SELECT fingerprint, status_code, headers, body, created_at FROM idempotency_keys
         WHERE organization_id = :org AND owner = :owner AND key = :key`,
    { owner, key },
  );
}

/** A key first seen: its request's fingerprint, its answer still to come. */
export async function insertKey(
  tenant: TenantDb,
  owner: string,
  key: string,
  fingerprint: string,
  now: string,
): Promise<void> {
  await tenant.run(
    `INSERT INTO idempotency_keys (organization_id, owner, key, fingerprint, created_at)
           VALUES (:org, :owner, :key, :fp, :now)`,
    { owner, key, fp: fingerprint, now },
  );
}

/** The answer to replay for the key. */
export async function saveAnswer(
  tenant: TenantDb,
  owner: string,
  key: string,
  answer: { status: number; headers: string; body: string | null },
): Promise<void> {
  await tenant.run(
    `UPDATE idempotency_keys SET status_code = :status, headers = :headers, body = :body
       WHERE organization_id = :org AND owner = :owner AND key = :key`,
    { owner, key, ...answer },
  );
}

export async function deleteKey(tenant: TenantDb, owner: string, key: string): Promise<void> {
  await tenant.run('DELETE FROM idempotency_keys WHERE organization_id = :org AND owner = :owner AND key = :key', {
    owner,
    key,
  });
}

/** Drops every organization's keys made before `cutoff`; answers how many. */
export async function deleteKeysBefore(engine: Engine, cutoff: string): Promise<number> {
  return (await engine.run('DELETE FROM idempotency_keys WHERE created_at < :cutoff', { cutoff })).changes;
}
