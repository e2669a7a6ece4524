import { SMALLEST_ANONYMOUS_GROUP, type AnalyticsFilter, type FormInsights } from '../../../src-shared/appApi';
import { addDays } from '../../../src-shared/calendar/dates';
import { analyticsOf, type FormTally } from '../../../src-shared/records/formAnalytics';
import type { Form, FormResponse } from '../../../src-shared/wire';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { parsedResponses } from './parsedResponses';
import { responseTally } from './responseTally';

/** Those of a form's responses (latest first) a filter keeps; never by department for an anonymous form. */
function filteredResponses(db: CacheDb, form: Form, all: readonly FormResponse[], filter: AnalyticsFilter) {
  const fromAt = filter.from ? `${filter.from}T00:00:00.000Z` : null;
  const toAt = filter.to ? `${addDays(filter.to, 1)}T00:00:00.000Z` : null;
  const department = !form.isAnonymous && filter.departmentId ? filter.departmentId : null;
  const members = department
    ? new Set(
        (prepared(db, 'SELECT id FROM users WHERE department_id = ?').all(department) as { id: string }[]).map(
          (u) => u.id,
        ),
      )
    : null;
  const filtered = !!(fromAt || toAt || members);
  const responses = filtered
    ? all.filter(
        (r) =>
          (!fromAt || r.submittedAt >= fromAt) &&
          (!toAt || r.submittedAt < toAt) &&
          (!members || (r.respondent !== null && members.has(r.respondent.id))),
      )
    : all;
  return { responses, filtered };
}

/** A text question's answers within a filter, newest first, those containing `search` (any case). */
export function textAnswers(
  db: CacheDb,
  form: Form,
  questionId: string,
  search: string,
  filter: AnalyticsFilter,
  limit = 10,
): { answers: { value: string; submittedAt: string }[]; total: number } {
  const wanted = search.trim().toLowerCase();
  const answers: { value: string; submittedAt: string }[] = [];
  let total = 0;
  for (const r of filteredResponses(db, form, parsedResponses(db, form.id), filter).responses) {
    const value = r.answers.find((a) => a.questionId === questionId)?.value;
    if (value === undefined || (wanted && !value.toLowerCase().includes(wanted))) continue;
    total += 1;
    if (answers.length < limit) answers.push({ value, submittedAt: r.submittedAt });
  }
  return { answers, total };
}

/** The departments a form's respondents belong to, each with how many responses, by name. */
function respondentDepartments(db: CacheDb, responses: readonly FormResponse[]): FormInsights['departments'] {
  const byPerson = new Map<string, number>();
  for (const r of responses) if (r.respondent) byPerson.set(r.respondent.id, (byPerson.get(r.respondent.id) ?? 0) + 1);
  const people = prepared(
    db,
    `SELECT u.id AS person, d.id, d.name FROM json_each(?) AS p
     JOIN users u ON u.id = p.value JOIN departments d ON d.id = u.department_id`,
  ).all(JSON.stringify([...byPerson.keys()])) as { person: string; id: string; name: string }[];
  const counted = new Map<string, FormInsights['departments'][number]>();
  for (const p of people) {
    const d = counted.get(p.id) ?? { id: p.id, name: p.name, responses: 0 };
    d.responses += byPerson.get(p.person)!;
    counted.set(p.id, d);
  }
  return [...counted.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A form's analytics from the responses cached here: the same rules as the service's, so the
 * figures match it unfiltered, and filters (dates, a department) work offline. An anonymous form
 * offers no department, and its figures for a group under SMALLEST_ANONYMOUS_GROUP are withheld.
 */
export function formInsights(db: CacheDb, form: Form, filter: AnalyticsFilter): FormInsights {
  return db.transaction((): FormInsights => {
    const all = parsedResponses(db, form.id);
    const { responses, filtered } = filteredResponses(db, form, all, filter);
    const common = { filtered, departments: form.isAnonymous ? [] : respondentDepartments(db, all) };
    if (form.isAnonymous && filtered && responses.length > 0 && responses.length < SMALLEST_ANONYMOUS_GROUP) {
      return {
        ...common,
        analytics: null,
        withheld: `Fewer than ${SMALLEST_ANONYMOUS_GROUP} answers in these dates: this form is anonymous, so they are not shown apart`,
      };
    }
    return { ...common, analytics: analyticsOf(form, cachedTally(db, form, responses)), withheld: null };
  })();
}

/** What this computer feeds the one definition of the figures: its cached responses (all, or those kept). */
export function cachedTally(
  db: CacheDb,
  form: Form,
  responses: readonly FormResponse[] = parsedResponses(db, form.id),
): FormTally {
  // How many it was sent to is the service's count (the cache keeps no distribution list).
  const service = prepared(
    db,
    "SELECT json ->> '$.distributedCount' AS distributed FROM form_analytics WHERE form_id = ?",
  ).get(form.id) as { distributed: number | null } | undefined;
  return responseTally(form, responses, service?.distributed ?? 0);
}
