// The rulebook (docs/architecture.md, One rulebook): every rule about input that can be known offline, in words for
// people, run by the service on every request and by the app before it queues a change.
export * from './fieldIssue';
export * from './schemaIssues';
export { isStorableText, unstorableTextIssues } from './storableText';
export * from './leaveRules';
export * from './trainingRules';
export * from './answerRules';
export * from './formRules';
export * from './balanceRules';
export * from './peopleRules';
export { fieldWords, capitalize } from './fieldWords';
export * from './importRules';
export * from './leavePeriods';
export * from './weekWords';
export * from './feedWords';
export * from './formLogic';
