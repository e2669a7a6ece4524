import { z } from 'zod';

/** The lists the service's event stream names (ext): what a client pulls again when it hears of them. */
export const eventListSchema = z.enum(['leave', 'calendar', 'notifications', 'trainings', 'forms', 'people']);
export type EventList = z.infer<typeof eventListSchema>;
export const EVENT_LISTS = eventListSchema.options;
