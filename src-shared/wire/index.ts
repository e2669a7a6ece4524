// The wire contract of the HR service: one zod schema per shape, shared by the service and the client.
export * from './enums';
export * from './common';
export * from './auth';
export * from './users';
export * from './trainings';
export * from './leave';
export * from './forms';
export * from './notifications';
export * from './organization';
export * from './balances';
export * from './events';
export * from './signup';
export * from './calendarFeeds';
