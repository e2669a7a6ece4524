import type { Engine } from '../db/engine/engine';
import { hostName, organizationOfHost } from './hostStore';

const KEPT_MS = 10_000;

/**
 * Which organization a request's host belongs to, asked of the store at most every ten seconds per
 * host: a host added by the command line is known to every instance within that time.
 */
export class OrganizationHosts {
  private readonly known = new Map<string, { organizationId: string | null; until: number }>();

  constructor(private readonly engine: Engine) {}

  /** The organization whose own address `host` is; null for the shared address. */
  async of(host: string): Promise<string | null> {
    const name = hostName(host);
    const kept = this.known.get(name);
    if (kept && kept.until > Date.now()) return kept.organizationId;
    const organizationId = (await organizationOfHost(this.engine, name)) ?? null;
    // Any host a client names is kept: bounded, so a flood of made-up names cannot grow it forever.
    if (this.known.size > 10_000) this.known.clear();
    this.known.set(name, { organizationId, until: Date.now() + KEPT_MS });
    return organizationId;
  }
}
