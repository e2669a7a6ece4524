import { feedChanges } from '../calendar/feedChanges';
import { formChanges } from '../forms/formChanges';
import { balanceChanges } from '../leave/balanceChanges';
import { leaveChanges } from '../leave/leaveChanges';
import { notificationChanges } from '../notifications/notificationChanges';
import { peopleChanges } from '../people/peopleChanges';
import { trainingChanges } from '../trainings/trainingChanges';

/** Every kind of change the app queues, by name: each domain's descriptors. */
export const CHANGE_KINDS = {
  ...leaveChanges,
  ...balanceChanges,
  ...trainingChanges,
  ...formChanges,
  ...notificationChanges,
  ...peopleChanges,
  ...feedChanges,
};
