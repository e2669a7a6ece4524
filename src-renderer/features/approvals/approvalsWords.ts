import { defineMessage } from 'react-intl';

/** Labels more than one part of the approvals view gives. */
export const APPROVALS_LABELS = {
  person: defineMessage({ id: 'approvals.label.person', defaultMessage: 'Person' }),
  dates: defineMessage({ id: 'approvals.label.dates', defaultMessage: 'Dates' }),
  type: defineMessage({ id: 'approvals.label.type', defaultMessage: 'Type' }),
  decision: defineMessage({ id: 'approvals.label.decision', defaultMessage: 'Decision' }),
  reason: defineMessage({ id: 'approvals.label.reason', defaultMessage: 'Reason' }),
  approve: defineMessage({ id: 'approvals.approve', defaultMessage: 'Approve' }),
  reject: defineMessage({ id: 'approvals.reject', defaultMessage: 'Reject' }),
};

/** "3 requests": several decided at once. */
export const REQUESTS = defineMessage<{ count: number }>({
  id: 'approvals.requests',
  defaultMessage:
    '{count, plural, one {{count, number, ::group-off} request} other {{count, number, ::group-off} requests}}',
});
