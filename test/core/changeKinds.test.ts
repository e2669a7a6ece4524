import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../../src-main/core/sync/changeKinds';
import type { QueuedChange } from '../../src-main/core/sync/changeKind';

// Each kind of queued change is described once, by its domain (core/<domain>/*Changes.ts), and
// listed in core/sync/changeKinds.ts: everything the outbox, the push and the conflicts panel need.

const change = (kind: string): QueuedChange => ({
  seq: 1,
  opId: 'op-1',
  kind,
  entity: CHANGE_KINDS[kind as keyof typeof CHANGE_KINDS].entity,
  entityId: 'r 1',
  payload: {},
  baseVersion: 3,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: null,
  lastError: null,
  conflict: null,
  createdAt: '2026-11-24T10:00:00.000Z',
});

describe('the kinds of queued change', () => {
  const kinds = Object.entries(CHANGE_KINDS);

  it('are named by their domain and what they do', () => {
    expect(kinds.length).toBe(26);
    for (const [name, kind] of kinds) {
      expect(name).toMatch(/^(leave|training|form|notification|person|people|department|feed)\.[a-zA-Z]+$/);
      // Messages of the catalogs, said in the page's language: a name, and what the user did as it
      // stands after a colon in a sentence.
      expect(kind.name.id).toBe(`core.change.${name}`);
      expect(kind.name.defaultMessage).toMatch(/^[A-Z][a-z ]+[a-z]$/);
      expect(kind.whatIDid.id).toMatch(/^core\.change\.did\./);
      expect(kind.whatIDid.defaultMessage).toMatch(/^[a-z]/);
    }
  });

  it('each carried by a request to the service, under the record it changes', () => {
    for (const [name, kind] of kinds) {
      const { method, path } = kind.request(change(name) as never, 'r%201');
      expect(['POST', 'PUT', 'PATCH', 'DELETE']).toContain(method);
      expect(path).toMatch(/^api\//);
      // Marking all read, the leave policy (one per organization) and an import (many people) name
      // no record in their path.
      const single = ['notification.readAll', 'leave.setPolicy', 'people.import'].includes(name);
      if (kind.role !== 'create' && !single) expect(path, name).toContain('r%201');
    }
  });

  it('check the version they started from when they change or delete a record the service has', () => {
    for (const [name, kind] of kinds) {
      // A department is a name and no version on the service: the last rename wins. A calendar feed
      // has no version either: revoking it is the only change.
      const versioned = kind.entity !== 'departments' && kind.entity !== 'calendar_feeds';
      if (versioned && (kind.role === 'update' || kind.role === 'delete')) expect(kind.checksVersion, name).toBe(true);
      if (kind.role === 'create') expect(kind.checksVersion, name).toBe(false);
      if (kind.role === 'delete') expect(kind.accepted, name).toBe('gone');
    }
  });

  it('send a decision and answers made offline with the time they were made', () => {
    const decided = CHANGE_KINDS['leave.decide'].request(
      { ...change('leave.decide'), payload: { status: 'APPROVED' } },
      'r1',
    );
    expect(decided).toEqual({
      method: 'PUT',
      path: 'api/leave/r1/status',
      json: { status: 'APPROVED', decidedAt: '2026-11-24T10:00:00.000Z' },
    });
    const answered = CHANGE_KINDS['form.submit'].request({ ...change('form.submit'), payload: { answers: [] } }, 'f1');
    expect(answered.json).toEqual({ answers: [], submittedAt: '2026-11-24T10:00:00.000Z' });
  });
});
