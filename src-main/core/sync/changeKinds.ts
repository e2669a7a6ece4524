import { formChanges } from '../forms/formChanges';
import { leaveChanges } from '../leave/leaveChanges';
import { notificationChanges } from '../notifications/notificationChanges';
import { trainingChanges } from '../trainings/trainingChanges';

/** Every kind of change the app queues, by name: each domain's descriptors. */
export const CHANGE_KINDS = { ...leaveChanges, ...trainingChanges, ...formChanges, ...notificationChanges };
