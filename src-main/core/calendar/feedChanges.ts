import { defineMessage } from '@formatjs/intl';
import type { CalendarFeedCreate } from '@shared/wire';
import { changeKind, WHAT_I_DID } from '../sync/changeKind';

// Calendar feeds made and revoked offline: the address comes with the service's answer.

export const feedChanges = {
  'feed.create': changeKind<CalendarFeedCreate, 'calendar_feeds'>({
    entity: 'calendar_feeds',
    name: defineMessage({ id: 'core.change.feed.create', defaultMessage: 'New calendar feed' }),
    apply: (_r, op) => ({
      id: op.entityId!,
      scope: op.payload.scope,
      includePending: op.payload.includePending ?? false,
      createdAt: op.createdAt,
    }),
    request: (op) => ({ method: 'POST', path: 'api/calendar-feeds', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    whatIDid: WHAT_I_DID.making,
    editable: false,
  }),
  'feed.revoke': changeKind<Record<string, never>, 'calendar_feeds'>({
    entity: 'calendar_feeds',
    name: defineMessage({ id: 'core.change.feed.revoke', defaultMessage: 'Revoked calendar feed' }),
    apply: () => null,
    request: (_op, id) => ({ method: 'DELETE', path: `api/calendar-feeds/${id}` }),
    checksVersion: false,
    accepted: 'gone',
    role: 'delete',
    whatIDid: WHAT_I_DID.revoking,
    editable: false,
  }),
};
