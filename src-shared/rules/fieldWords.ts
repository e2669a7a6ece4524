/** How a field is named in a sentence, and what kind of control fills it in. */
interface FieldWords {
  noun: string;
  /** A plural noun takes "are": "The notes are too long". */
  plural?: true;
  kind: 'text' | 'date' | 'choice' | 'number' | 'list' | 'switch';
}

const FIELDS: Record<string, FieldWords> = {
  startDate: { noun: 'the start date', kind: 'date' },
  endDate: { noun: 'the end date', kind: 'date' },
  expiryDate: { noun: 'the expiry date', kind: 'date' },
  openDate: { noun: 'the opening date', kind: 'date' },
  closeDate: { noun: 'the closing date', kind: 'date' },
  decidedAt: { noun: 'the time of the decision', kind: 'date' },
  submittedAt: { noun: 'the time the answers were given', kind: 'date' },
  type: { noun: 'a type', kind: 'choice' },
  typeId: { noun: 'a training type', kind: 'choice' },
  categoryId: { noun: 'a category', kind: 'choice' },
  providerId: { noun: 'a provider', kind: 'choice' },
  userId: { noun: 'a person', kind: 'choice' },
  userIds: { noun: 'the people', kind: 'list', plural: true },
  departmentId: { noun: 'a department', kind: 'choice' },
  departmentIds: { noun: 'the departments', kind: 'list', plural: true },
  managerId: { noun: 'a manager', kind: 'choice' },
  status: { noun: 'a status', kind: 'choice' },
  outcome: { noun: 'an outcome', kind: 'choice' },
  nationality: { noun: 'a nationality', kind: 'choice' },
  roles: { noun: 'the roles', kind: 'list', plural: true },
  name: { noun: 'the name', kind: 'text' },
  title: { noun: 'the title', kind: 'text' },
  label: { noun: 'the question', kind: 'text' },
  description: { noun: 'the description', kind: 'text' },
  notes: { noun: 'the notes', kind: 'text', plural: true },
  comment: { noun: 'the reason', kind: 'text' },
  email: { noun: 'the email address', kind: 'text' },
  password: { noun: 'the password', kind: 'text' },
  newPassword: { noun: 'the new password', kind: 'text' },
  currentPassword: { noun: 'your current password', kind: 'text' },
  token: { noun: 'the invitation link or code', kind: 'text' },
  managerEmail: { noun: "the manager's email address", kind: 'text' },
  department: { noun: 'the department', kind: 'text' },
  adminEmail: { noun: "the administrator's email address", kind: 'text' },
  adminFirstName: { noun: "the administrator's first name", kind: 'text' },
  adminLastName: { noun: "the administrator's last name", kind: 'text' },
  currency: { noun: 'a currency', kind: 'choice' },
  rows: { noun: 'the people to import', kind: 'list', plural: true },
  reassignReportsTo: { noun: 'who takes over', kind: 'choice' },
  firstName: { noun: 'the first name', kind: 'text' },
  lastName: { noun: 'the last name', kind: 'text' },
  search: { noun: 'the search text', kind: 'text' },
  value: { noun: 'the answer', kind: 'text' },
  questionId: { noun: 'the question', kind: 'choice' },
  cost: { noun: 'the cost', kind: 'number' },
  hours: { noun: 'the hours', kind: 'number', plural: true },
  structuredUnits: { noun: 'the structured units', kind: 'number', plural: true },
  unstructuredUnits: { noun: 'the unstructured units', kind: 'number', plural: true },
  min: { noun: 'the lowest value', kind: 'number' },
  max: { noun: 'the highest value', kind: 'number' },
  minLabel: { noun: 'the words at the lowest end', kind: 'text', plural: true },
  maxLabel: { noun: 'the words at the highest end', kind: 'text', plural: true },
  order: { noun: 'the position', kind: 'number' },
  maxSubmissions: { noun: 'the most answers allowed', kind: 'number' },
  page: { noun: 'the page number', kind: 'number' },
  pageSize: { noun: 'the page size', kind: 'number' },
  limit: { noun: 'the page size', kind: 'number' },
  options: { noun: 'the options', kind: 'list', plural: true },
  questions: { noun: 'the questions', kind: 'list', plural: true },
  answers: { noun: 'the answers', kind: 'list', plural: true },
  sortBy: { noun: 'what to sort by', kind: 'choice' },
  sortOrder: { noun: 'the sort order', kind: 'choice' },
  types: { noun: 'the leave types', kind: 'list', plural: true },
  required: { noun: 'whether an answer is required', kind: 'switch' },
  isAnonymous: { noun: 'whether answers are anonymous', kind: 'switch' },
  requireAuthentication: { noun: 'whether signing in is needed', kind: 'switch' },
  allowMultipleSubmissions: { noun: 'whether one may answer more than once', kind: 'switch' },
  all: { noun: 'whether to send to everyone', kind: 'switch' },
  days: { noun: 'the days', kind: 'number', plural: true },
  reason: { noun: 'the reason', kind: 'text' },
  year: { noun: 'the leave year', kind: 'number' },
  yearStartMonth: { noun: "the leave year's first month", kind: 'choice' },
  carryOverDays: { noun: 'the days that carry over', kind: 'number', plural: true },
  carryOverUntilMonth: { noun: 'the month carried days may be used until', kind: 'choice' },
  floorDays: { noun: 'the days a balance may go below zero', kind: 'number', plural: true },
  allowanceDays: { noun: 'the allowance', kind: 'number' },
  counted: { noun: 'whether the type is counted', kind: 'switch' },
  managersMayAdjust: { noun: 'whether managers may adjust balances', kind: 'switch' },
  workingWeek: { noun: 'the working days', kind: 'list', plural: true },
  weekday: { noun: 'a day of the week', kind: 'choice' },
  part: { noun: 'the part of the day worked', kind: 'choice' },
  allowanceProRataByWeek: { noun: 'whether allowances follow the working week', kind: 'switch' },
  middayAt: { noun: 'the time the day splits at', kind: 'text' },
  blockedPeriods: { noun: 'the blocked periods', kind: 'list', plural: true },
  scope: { noun: 'whose leave the calendar holds', kind: 'choice' },
  includePending: { noun: 'whether pending leave is included', kind: 'switch' },
};

const OTHER: FieldWords = { noun: 'this value', kind: 'text' };

/** The words for the field at a path: its last named part (`questions[2].label` → the question). */
export function fieldWords(path: readonly PropertyKey[]): FieldWords {
  for (let i = path.length - 1; i >= 0; i--) {
    const part = path[i];
    if (typeof part === 'string') return FIELDS[part] ?? OTHER;
  }
  return OTHER;
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
