import { defineMessage } from '@formatjs/intl';
import { SMALLEST_ANONYMOUS_GROUP, type AnalyticsFilter, type FormInsights } from '@shared/appApi';
import { addDays } from '@shared/calendar/dates';
import { analyticsOf, type FormTally } from '@shared/records/formAnalytics';
import type { Form } from '@shared/wire';
import { speak } from '../api/language';
import type { CacheDb } from '../cache/openCache';
import { formColumns, type FormColumns } from './formColumns';
import { departmentMembers, departmentsOf, distributedCount } from './formStore';
import { latestOf, responseTally } from './responseTally';

/** The places in the columns of the responses a filter keeps (null: all); never by department for an anonymous form. */
function keptPlaces(db: CacheDb, form: Form, columns: FormColumns, filter: AnalyticsFilter): number[] | null {
  const fromAt = filter.from ? `${filter.from}T00:00:00.000Z` : null;
  const toAt = filter.to ? `${addDays(filter.to, 1)}T00:00:00.000Z` : null;
  const department = !form.isAnonymous && filter.departmentId ? filter.departmentId : null;
  const members = department ? new Set(departmentMembers(db, department)) : null;
  if (!fromAt && !toAt && !members) return null;
  const { submittedAt, respondents } = columns;
  const places: number[] = [];
  for (let i = 0; i < submittedAt.length; i++) {
    const at = submittedAt[i]!;
    const who = respondents[i];
    if ((!fromAt || at >= fromAt) && (!toAt || at < toAt) && (!members || (who != null && members.has(who)))) {
      places.push(i);
    }
  }
  return places;
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
  const columns = formColumns(db, form.id);
  const column = columns.questions[questionId];
  if (!column) return { answers: [], total: 0 };
  const matches = column.values.map((v) => !wanted || v.toLowerCase().includes(wanted));
  const found: number[] = [];
  for (const i of keptPlaces(db, form, columns, filter) ?? columns.ids.keys()) {
    const code = column.codes[i]!;
    if (code >= 0 && matches[code]) found.push(i);
  }
  return {
    answers: latestOf(columns, found, limit).map((i) => ({
      value: column.values[column.codes[i]!]!,
      submittedAt: columns.submittedAt[i]!,
    })),
    total: found.length,
  };
}

/** The departments a form's respondents belong to, each with how many responses, by name. */
function respondentDepartments(db: CacheDb, columns: FormColumns): FormInsights['departments'] {
  const byPerson = new Map<string, number>();
  for (const who of columns.respondents) if (who) byPerson.set(who, (byPerson.get(who) ?? 0) + 1);
  const people = departmentsOf(db, [...byPerson.keys()]);
  const counted = new Map<string, FormInsights['departments'][number]>();
  for (const p of people) {
    const d = counted.get(p.id) ?? { id: p.id, name: p.name, responses: 0 };
    d.responses += byPerson.get(p.person)!;
    counted.set(p.id, d);
  }
  return [...counted.values()].sort((a, b) => a.name.localeCompare(b.name));
}

// Why an anonymous form's figures are not shown, in the page's language.
const WITHHELD = defineMessage({
  id: 'core.forms.analyticsWithheld',
  defaultMessage: 'Fewer than {count} answers in these dates: this form is anonymous, so they are not shown apart',
});

/**
 * A form's analytics from the responses cached here: the same rules as the service's, so the
 * figures match it unfiltered, and filters (dates, a department) work offline. An anonymous form
 * offers no department, and its figures for a group under SMALLEST_ANONYMOUS_GROUP are withheld.
 */
export function formInsights(db: CacheDb, form: Form, filter: AnalyticsFilter): FormInsights {
  return db.transaction((): FormInsights => {
    const columns = formColumns(db, form.id);
    const places = keptPlaces(db, form, columns, filter);
    const filtered = places !== null;
    const common = { filtered, departments: form.isAnonymous ? [] : respondentDepartments(db, columns) };
    if (form.isAnonymous && places && places.length > 0 && places.length < SMALLEST_ANONYMOUS_GROUP) {
      return {
        ...common,
        analytics: null,
        withheld: speak(WITHHELD, { count: SMALLEST_ANONYMOUS_GROUP }),
      };
    }
    return { ...common, analytics: analyticsOf(form, cachedTally(db, form, places, columns)), withheld: null };
  })();
}

/** What this computer feeds the one definition of the figures: its cached responses (all, or those a filter kept). */
export function cachedTally(
  db: CacheDb,
  form: Form,
  places: readonly number[] | null = null,
  columns: FormColumns = formColumns(db, form.id),
): FormTally {
  // How many it was sent to is the service's count (the cache keeps no distribution list).
  return responseTally(form, columns, places, distributedCount(db, form.id) ?? 0);
}
