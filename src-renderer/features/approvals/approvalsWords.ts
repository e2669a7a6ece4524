import { defineMessage } from 'react-intl';

/** Words more than one part of the approvals view gives (the labels it shares with Leave are LEAVE_LABELS). */
export const APPROVALS_LABELS = {
  decision: defineMessage({ id: 'approvals.label.decision', defaultMessage: 'Decision' }),
  approve: defineMessage({ id: 'approvals.approve', defaultMessage: 'Approve' }),
  reject: defineMessage({ id: 'approvals.reject', defaultMessage: 'Reject' }),
};

/** "3 requests": several decided at once. */
export const REQUESTS = defineMessage<{ count: number }>({
  id: 'approvals.requests',
  defaultMessage:
    '{count, plural, one {{count, number, ::group-off} request} other {{count, number, ::group-off} requests}}',
});
