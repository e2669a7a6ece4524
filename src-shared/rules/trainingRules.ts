import type { FieldIssue } from './fieldIssue';

interface TrainingDates {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  expiryDate?: string | null | undefined;
}

const DATE_WORDS = { endDate: 'The end date', expiryDate: 'The expiry date' } as const;

/** The end and expiry dates must not fall before the start date (create, update, the app's form). */
export function trainingDateIssues(t: TrainingDates): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!t.startDate) return issues;
  const start = Date.parse(t.startDate);
  for (const key of ['endDate', 'expiryDate'] as const) {
    const value = t[key];
    if (value && Date.parse(value) < start) {
      issues.push({ path: key, message: `${DATE_WORDS[key]} is before the start date` });
    }
  }
  return issues;
}

export type ReferenceKind = 'type' | 'category' | 'provider';

export interface ReferenceChoice {
  path: string;
  kind: ReferenceKind;
  id: string | null | undefined;
}

/** Ids that must name an entry of the organization's reference lists; `known` answers whether one does. */
export function referenceIssues(choices: ReferenceChoice[], known: (kind: ReferenceKind, id: string) => boolean) {
  return choices
    .filter((c) => c.id != null && !known(c.kind, c.id))
    .map((c): FieldIssue => ({
      path: c.path,
      message: `Choose a ${c.kind === 'type' ? 'training type' : c.kind} from the list`,
    }));
}
