import type { Engine } from '../db/engine/engine';

// Which organization a host name belongs to: its own addresses, one organization each.

/** `Acme.HR.example:443` → `acme.hr.example`: how a host is kept and looked up. */
export function hostName(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Gives an organization a host name; answers false when another organization has it already. */
export async function addHost(engine: Engine, organizationId: string, host: string, now: string): Promise<boolean> {
  const name = hostName(host);
  const { changes } = await engine.run(
    `INSERT INTO organization_hosts (host, organization_id, created_at) VALUES (:name, :organizationId, :now)
     ON CONFLICT (host) DO NOTHING`,
    { name, organizationId, now },
  );
  if (changes === 1) return true;
  const owner = await organizationOfHost(engine, name);
  return owner === organizationId;
}

export async function organizationOfHost(engine: Engine, host: string): Promise<string | undefined> {
  const row = await engine.get<{ organization_id: string }>(
    'SELECT organization_id FROM organization_hosts WHERE host = :host',
    { host: hostName(host) },
  );
  return row?.organization_id;
}
