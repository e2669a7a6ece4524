import { randomBytes } from 'node:crypto';
import { storedChangeCounter } from '../db/engine/changeCounters';
import type { Engine } from '../db/engine/engine';
import { TenantDb } from '../db/tenantDb';
import { adminIds, departmentMemberIds, reportingLineOf, type ReportingLine } from '../users/userStore';
import { EVENT_LISTS, type EventList } from '@shared/wire';

export type { EventList };

/**
 * Who hears of a change to a list about one person (`owner`): the owner alone, the owner's manager
 * alone, those whose scope holds the owner (the owner, their manager, the organization's admins),
 * those and the owner's department (the calendar shows a colleague's approved leave), or everyone
 * of the organization (directory, forms).
 */
export type Audience = 'owner' | 'manager' | 'scope' | 'department' | 'admins' | 'everyone';

export interface Touch {
  list: EventList;
  owner: string | null;
  to: Audience;
}

/** What a stream is sent: the lists that changed for its person, and the organization's change counter. */
export interface StreamEvent {
  id: string;
  lists: EventList[];
  counter: number;
}

export interface Stream {
  userId: string;
  send(event: StreamEvent): void;
  close(): void;
}

interface Kept {
  seq: number;
  counter: number;
  /** Each person who heard of it, and the lists. */
  heard: Map<string, Set<EventList>>;
}

/** Events kept per organization for a stream that comes back with Last-Event-ID. */
const KEPT_EVENTS = 1_000;

/** Where instances on one store tell each other of changes and sign-outs. */
const CHANNEL = 'hr_events';

/** What one instance tells the others; `from` is its boot, so it skips its own. */
type BusMessage =
  | { from: string; kind: 'touches'; orgId: string; touches: Touch[] }
  | { from: string; kind: 'signedOut'; orgId: string; userId: string; at: number };

/**
 * The service's change events, per organization, to the streams open in this process. Each event is
 * resolved once to the people who may hear of it (never record content, never beyond their scope),
 * numbered `<boot>.<seq>` so a stream can resume after a gap, and kept a while for that. A change
 * made through another instance on the same store comes by the store's notifications (`listen`).
 */
export class EventHub {
  /** A new number each start: an id from before a restart cannot be resumed from. */
  private readonly boot = randomBytes(4).toString('hex');
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly kept = new Map<string, Kept[]>();
  private readonly seqs = new Map<string, number>();
  /**
   * Each organization's admins, read once and again after a change to its people (roles change
   * only through the people routes): every write reaches them, and reading them scanned everyone.
   */
  private readonly admins = new Map<string, string[]>();

  /** Publishing one after another: events are kept and sent in the order of their numbers. */
  private publishing: Promise<void> = Promise.resolve();

  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly engine: Engine) {}

  /** Hears of what other instances on the store publish. */
  async listen(): Promise<void> {
    this.stopListening = await this.engine.listen(
      CHANNEL,
      (payload) => this.receive(payload),
      () => this.missedSome(),
    );
  }

  private receive(payload: string): void {
    const message = JSON.parse(payload) as BusMessage;
    if (message.from === this.boot) return;
    if (message.kind === 'touches') void this.publishHere(message.orgId, message.touches).catch(() => undefined);
    else this.signedOutHere(message.orgId, message.userId, message.at);
  }

  /** Notifications may have been lost: every stream here is told every list, as after an unknown resume. */
  private missedSome(): void {
    for (const [orgId, streams] of this.streams) {
      const seq = this.seqs.get(orgId) ?? 0;
      const counter = this.kept.get(orgId)?.at(-1)?.counter ?? 0;
      for (const stream of streams) stream.send({ id: `${this.boot}.${seq}`, lists: [...EVENT_LISTS], counter });
    }
  }

  private tell(message: BusMessage): void {
    // Told after the fact: what failed to reach other instances reaches their streams' next pull.
    this.engine.notify(CHANNEL, JSON.stringify(message)).catch(() => undefined);
  }

  /** The people a touch reaches. */
  private async audience(
    tenant: TenantDb,
    orgId: string,
    touch: Touch,
    owners: Map<string, ReportingLine | undefined>,
  ): Promise<Set<string> | 'everyone'> {
    if (touch.to === 'everyone') return 'everyone';
    const out = new Set<string>();
    const admins = async () => {
      let known = this.admins.get(orgId);
      if (!known) {
        known = await adminIds(tenant);
        this.admins.set(orgId, known);
      }
      return known;
    };
    if (touch.to === 'admins') return new Set(await admins());
    if (!touch.owner) return out;
    // A write touches a few lists of one person: their row is read once per publish.
    if (!owners.has(touch.owner)) {
      owners.set(touch.owner, await reportingLineOf(tenant, touch.owner));
    }
    const owner = owners.get(touch.owner);
    if (!owner) return out;
    if (touch.to === 'manager') {
      if (owner.managerId) out.add(owner.managerId);
      return out;
    }
    out.add(touch.owner);
    if (touch.to === 'owner') return out;
    if (owner.managerId) out.add(owner.managerId);
    for (const id of await admins()) out.add(id);
    if (touch.to === 'department' && owner.departmentId) {
      for (const id of await departmentMemberIds(tenant, owner.departmentId)) out.add(id);
    }
    return out;
  }

  /** Tells each stream of the organization whose person may hear of them what changed. */
  publish(orgId: string, touches: readonly Touch[]): Promise<void> {
    if (touches.length === 0) return Promise.resolve();
    this.tell({ from: this.boot, kind: 'touches', orgId, touches: [...touches] });
    return this.publishHere(orgId, touches);
  }

  private publishHere(orgId: string, touches: readonly Touch[]): Promise<void> {
    const done = this.publishing.then(() => this.publishNow(orgId, touches));
    // One that fails (its caller hears of it) does not stop those after it.
    this.publishing = done.catch(() => undefined);
    return done;
  }

  private async publishNow(orgId: string, touches: readonly Touch[]): Promise<void> {
    const tenant = new TenantDb(this.engine, orgId);
    const counter = await storedChangeCounter(this.engine, orgId);
    const seq = (this.seqs.get(orgId) ?? 0) + 1;
    this.seqs.set(orgId, seq);
    const heard = new Map<string, Set<EventList>>();
    const everyone: EventList[] = [];
    if (touches.some((t) => t.list === 'people')) this.admins.delete(orgId);
    const owners = new Map<string, ReportingLine | undefined>();
    for (const touch of touches) {
      const reach = await this.audience(tenant, orgId, touch, owners);
      if (reach === 'everyone') {
        everyone.push(touch.list);
        continue;
      }
      for (const id of reach) {
        const lists = heard.get(id) ?? new Set<EventList>();
        lists.add(touch.list);
        heard.set(id, lists);
      }
    }
    if (everyone.length) heard.set('*', new Set(everyone));
    const kept = this.kept.get(orgId) ?? [];
    kept.push({ seq, counter, heard });
    if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
    this.kept.set(orgId, kept);
    for (const stream of this.streams.get(orgId) ?? []) {
      const lists = listsFor(heard, stream.userId);
      if (lists.length) stream.send({ id: `${this.boot}.${seq}`, lists, counter });
    }
  }

  /**
   * Opens a stream: what it missed since `lastEventId` first (or, when that cannot be known, every
   * list), then what comes. Answers its closing.
   */
  subscribe(orgId: string, stream: Stream, lastEventId: string | undefined): () => void {
    const streams = this.streams.get(orgId) ?? new Set<Stream>();
    streams.add(stream);
    this.streams.set(orgId, streams);
    if (lastEventId !== undefined) this.replay(orgId, stream, lastEventId);
    return () => {
      streams.delete(stream);
      if (streams.size === 0) this.streams.delete(orgId);
    };
  }

  private replay(orgId: string, stream: Stream, lastEventId: string): void {
    const [boot, seqText] = lastEventId.split('.');
    const seq = Number(seqText);
    const kept = this.kept.get(orgId) ?? [];
    const current = this.seqs.get(orgId) ?? 0;
    const counter = kept.at(-1)?.counter ?? 0;
    const known = boot === this.boot && Number.isInteger(seq) && seq <= current && (kept[0]?.seq ?? 1) <= seq + 1;
    if (!known) {
      // From another run of the service, or further back than is kept: every list, to be safe.
      stream.send({ id: `${this.boot}.${current}`, lists: [...EVENT_LISTS], counter });
      return;
    }
    const lists = new Set<EventList>();
    let last: Kept | undefined;
    for (const event of kept) {
      if (event.seq <= seq) continue;
      for (const list of listsFor(event.heard, stream.userId)) lists.add(list);
      last = event;
    }
    if (last && lists.size) stream.send({ id: `${this.boot}.${last.seq}`, lists: [...lists], counter: last.counter });
  }

  private readonly signedOutAt = new Map<string, number>();

  /** A person signed out: their streams close, and open again only with a token issued since. */
  signedOut(orgId: string, userId: string, at: Date): void {
    const seconds = Math.floor(at.getTime() / 1000);
    this.tell({ from: this.boot, kind: 'signedOut', orgId, userId, at: seconds });
    this.signedOutHere(orgId, userId, seconds);
  }

  private signedOutHere(orgId: string, userId: string, seconds: number): void {
    this.signedOutAt.set(userId, Math.max(seconds, this.signedOutAt.get(userId) ?? 0));
    for (const stream of [...(this.streams.get(orgId) ?? [])]) if (stream.userId === userId) stream.close();
  }

  /** Whether a token issued at `issuedAt` (seconds) was issued before its person last signed out. */
  issuedBeforeSignOut(userId: string, issuedAt: number): boolean {
    const out = this.signedOutAt.get(userId);
    return out !== undefined && issuedAt <= out;
  }

  async closeAll(): Promise<void> {
    await this.stopListening?.();
    for (const streams of this.streams.values()) for (const stream of [...streams]) stream.close();
  }

  /** Streams open now (for tests and the health of the process). */
  get openStreams(): number {
    let n = 0;
    for (const streams of this.streams.values()) n += streams.size;
    return n;
  }
}

function listsFor(heard: Map<string, Set<EventList>>, userId: string): EventList[] {
  const lists = new Set<EventList>([...(heard.get(userId) ?? []), ...(heard.get('*') ?? [])]);
  return EVENT_LISTS.filter((l) => lists.has(l));
}
