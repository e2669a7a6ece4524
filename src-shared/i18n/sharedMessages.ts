import { defineMessage } from '@formatjs/intl';
import type { LeaveType } from '../wire/enums';

// Words the app and the service both say (views, mails, calendar feeds), in the catalogs with the
// rest: the renderer formats them with its own messages, the service in the reader's language.

/** A leave type as a sentence names it: "Annual leave", … ("Leave" for OTHER). */
export const LEAVE_TYPE_NAME = defineMessage<{ type: LeaveType }>({
  id: 'leave.type',
  defaultMessage:
    '{type, select, ANNUAL {Annual leave} SICK {Sick leave} UNPAID {Unpaid leave} MATERNITY {Maternity leave} PATERNITY {Paternity leave} BEREAVEMENT {Bereavement leave} other {Leave}}',
});
