import { defineMessage } from '@formatjs/intl';
import { formatEnglish } from '../i18n/english';

/** How a field is named in a sentence, and what kind of control fills it in. */
interface FieldWords {
  /** The field's name as a sentence says it mid-way, as a message of the catalog ("the end date"). */
  name: { id: string; values: { name: string } };
  /** The same in English. */
  noun: string;
  /** A plural noun takes "are": "The notes are too long". */
  plural?: true;
  kind: 'text' | 'date' | 'choice' | 'number' | 'list' | 'switch';
}

/** Every field's name: in English with its article, as it stands mid-sentence. */
export const FIELD_NAME = defineMessage<{ name: string }>({
  id: 'rules.field',
  defaultMessage:
    "{name, select, startDate {the start date} endDate {the end date} expiryDate {the expiry date} openDate {the opening date} closeDate {the closing date} decidedAt {the time of the decision} submittedAt {the time the answers were given} type {a type} typeId {a training type} categoryId {a category} providerId {a provider} userId {a person} userIds {the people} departmentId {a department} departmentIds {the departments} managerId {a manager} status {a status} outcome {an outcome} nationality {a nationality} roles {the roles} name {the name} title {the title} label {the question} description {the description} notes {the notes} comment {the reason} email {the email address} password {the password} newPassword {the new password} currentPassword {your current password} token {the invitation link or code} managerEmail {the manager''s email address} department {the department} adminEmail {the administrator''s email address} adminFirstName {the administrator''s first name} adminLastName {the administrator''s last name} currency {a currency} rows {the people to import} reassignReportsTo {who takes over} firstName {the first name} lastName {the last name} search {the search text} value {the answer} questionId {the question} cost {the cost} hours {the hours} structuredUnits {the structured units} unstructuredUnits {the unstructured units} min {the lowest value} max {the highest value} minLabel {the words at the lowest end} maxLabel {the words at the highest end} order {the position} maxSubmissions {the most answers allowed} page {the page number} pageSize {the page size} limit {the page size} options {the options} questions {the questions} answers {the answers} sortBy {what to sort by} sortOrder {the sort order} types {the leave types} required {whether an answer is required} isAnonymous {whether answers are anonymous} requireAuthentication {whether signing in is needed} allowMultipleSubmissions {whether one may answer more than once} all {whether to send to everyone} days {the days} reason {the reason} year {the leave year} yearStartMonth {the leave year''s first month} carryOverDays {the days that carry over} carryOverUntilMonth {the month carried days may be used until} floorDays {the days a balance may go below zero} allowanceDays {the allowance} counted {whether the type is counted} managersMayAdjust {whether managers may adjust balances} workingWeek {the working days} weekday {a day of the week} part {the part of the day worked} allowanceProRataByWeek {whether allowances follow the working week} middayAt {the time the day splits at} blockedPeriods {the blocked periods} scope {whose leave the calendar holds} includePending {whether pending leave is included} other {this value}}",
});

const FIELDS: Record<string, Omit<FieldWords, 'name' | 'noun'>> = {
  startDate: { kind: 'date' },
  endDate: { kind: 'date' },
  expiryDate: { kind: 'date' },
  openDate: { kind: 'date' },
  closeDate: { kind: 'date' },
  decidedAt: { kind: 'date' },
  submittedAt: { kind: 'date' },
  type: { kind: 'choice' },
  typeId: { kind: 'choice' },
  categoryId: { kind: 'choice' },
  providerId: { kind: 'choice' },
  userId: { kind: 'choice' },
  userIds: { kind: 'list', plural: true },
  departmentId: { kind: 'choice' },
  departmentIds: { kind: 'list', plural: true },
  managerId: { kind: 'choice' },
  status: { kind: 'choice' },
  outcome: { kind: 'choice' },
  nationality: { kind: 'choice' },
  roles: { kind: 'list', plural: true },
  name: { kind: 'text' },
  title: { kind: 'text' },
  label: { kind: 'text' },
  description: { kind: 'text' },
  notes: { kind: 'text', plural: true },
  comment: { kind: 'text' },
  email: { kind: 'text' },
  password: { kind: 'text' },
  newPassword: { kind: 'text' },
  currentPassword: { kind: 'text' },
  token: { kind: 'text' },
  managerEmail: { kind: 'text' },
  department: { kind: 'text' },
  adminEmail: { kind: 'text' },
  adminFirstName: { kind: 'text' },
  adminLastName: { kind: 'text' },
  currency: { kind: 'choice' },
  rows: { kind: 'list', plural: true },
  reassignReportsTo: { kind: 'choice' },
  firstName: { kind: 'text' },
  lastName: { kind: 'text' },
  search: { kind: 'text' },
  value: { kind: 'text' },
  questionId: { kind: 'choice' },
  cost: { kind: 'number' },
  hours: { kind: 'number', plural: true },
  structuredUnits: { kind: 'number', plural: true },
  unstructuredUnits: { kind: 'number', plural: true },
  min: { kind: 'number' },
  max: { kind: 'number' },
  minLabel: { kind: 'text', plural: true },
  maxLabel: { kind: 'text', plural: true },
  order: { kind: 'number' },
  maxSubmissions: { kind: 'number' },
  page: { kind: 'number' },
  pageSize: { kind: 'number' },
  limit: { kind: 'number' },
  options: { kind: 'list', plural: true },
  questions: { kind: 'list', plural: true },
  answers: { kind: 'list', plural: true },
  sortBy: { kind: 'choice' },
  sortOrder: { kind: 'choice' },
  types: { kind: 'list', plural: true },
  required: { kind: 'switch' },
  isAnonymous: { kind: 'switch' },
  requireAuthentication: { kind: 'switch' },
  allowMultipleSubmissions: { kind: 'switch' },
  all: { kind: 'switch' },
  days: { kind: 'number', plural: true },
  reason: { kind: 'text' },
  year: { kind: 'number' },
  yearStartMonth: { kind: 'choice' },
  carryOverDays: { kind: 'number', plural: true },
  carryOverUntilMonth: { kind: 'choice' },
  floorDays: { kind: 'number', plural: true },
  allowanceDays: { kind: 'number' },
  counted: { kind: 'switch' },
  managersMayAdjust: { kind: 'switch' },
  workingWeek: { kind: 'list', plural: true },
  weekday: { kind: 'choice' },
  part: { kind: 'choice' },
  allowanceProRataByWeek: { kind: 'switch' },
  middayAt: { kind: 'text' },
  blockedPeriods: { kind: 'list', plural: true },
  scope: { kind: 'choice' },
  includePending: { kind: 'switch' },
};

/** The words for the field at a path: its last named part (`questions[2].label` → the question). */
export function fieldWords(path: readonly PropertyKey[]): FieldWords {
  let key = '';
  for (let i = path.length - 1; i >= 0 && !key; i--) if (typeof path[i] === 'string') key = path[i] as string;
  const known = Object.hasOwn(FIELDS, key) ? FIELDS[key] : undefined;
  const name = { id: FIELD_NAME.id, values: { name: known ? key : 'other' } };
  return { ...(known ?? { kind: 'text' }), name, noun: formatEnglish(name.id, name.values) };
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
