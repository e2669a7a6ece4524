import { z } from 'zod';
import { addDays, dateToDateTime, utcToday } from '../../../src-shared/calendar/dates';
import { MAX_RANGE_DAYS } from '../../../src-shared/rules';
import {
  assignedFormSchema,
  calendarSchema,
  formAnalyticsSchema,
  formResponseSchema,
  formSchema,
  holidaySchema,
  leaveSchema,
  notificationSchema,
  referenceItemSchema,
  syncStateSchema,
  trainingSchema,
  userSchema,
  type Role,
} from '../../../src-shared/wire';
import { HttpError } from '../api/apiErrors';
import type { HttpClient, HttpResponse } from '../api/httpClient';
import { listItems, withVersion } from '../api/tolerance';
import { writeRow, type EntityName, type EntityRecords } from '../cache/entities';
import { deferIndexes, isEmptyCache, restoreIndexes } from '../cache/bulkLoad';
import { getMeta, setMeta, type CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import type { Actor } from './appliers';
import { RequestWindow } from './requestWindow';
import { hasGlobalOperations, idsWithOperations, rebase, rebaseOn } from './outbox';

export const PAGE_SIZE = 500;

export interface PullContext {
  db: CacheDb;
  client: HttpClient;
  actor: Actor;
  role: Role;
  now: () => Date;
  /** The calendar kept offline: days before and after today. */
  calendarWindow: { daysBack: number; daysAhead: number };
  /** Called as pages arrive: pages done, pages known so far. */
  onProgress?: (done: number, total: number) => void;
  /** Set during a first load into an empty cache: nothing held before, so nothing to drop after. */
  fresh?: boolean;
}

interface PageRow {
  etag: string | null;
  ids: string;
}

interface StoredPage {
  ids: string[];
  totalPages: number | null;
}

/** Progress over pages whose number is learnt as the first page of each list arrives. */
class Progress {
  done = 0;
  total = 0;
  constructor(private readonly report?: (done: number, total: number) => void) {}
  /** `n` more pages to come (fewer, when negative: pages counted that turned out not to exist). */
  expect(n: number) {
    this.total += n;
    this.report?.(this.done, this.total);
  }
  step() {
    this.done += 1;
    this.report?.(this.done, this.total);
  }
}

/** A page asked for: what this side kept of it, and the answer once the request window let it go out. */
interface AskedPage {
  page: number;
  stored: PageRow | undefined;
  answer: Promise<Answered>;
}

interface Answered {
  res: HttpResponse;
  /** Gives the page's place in the window back. */
  leave: () => void;
}

/** What one pull shares across its lists. */
interface PullRun {
  progress: Progress;
  /** Every request of the pull goes out through it. */
  window: RequestWindow;
}

/**
 * Fetches every page of a list, each with If-None-Match: an unchanged page costs a 304 and no
 * writes. Once the first page tells how many there are, the rest are asked for ahead through the
 * pull's request window, so the service builds the next pages while this side stores one, each in
 * one transaction. Answers the ids the service holds.
 */
async function pullPages(
  ctx: PullContext,
  run: PullRun,
  list: {
    key: string;
    path: string;
    params?: Record<string, string | number | undefined>;
    /** The paging parameter names this list takes. */
    paging?: { page: string; size: string };
    store: (items: unknown[]) => void;
  },
): Promise<Set<string>> {
  const { db, client } = ctx;
  const paging = list.paging ?? { page: 'page', size: 'pageSize' };
  const seen = new Set<string>();
  const ask = (page: number): AskedPage => {
    const stored = prepared(db, 'SELECT etag, ids FROM sync_pages WHERE key = ?').get(`${list.key}#${page}`) as
      PageRow | undefined;
    const answer = run.window.enter().then(async (leave) => {
      try {
        const res = await client.request(list.path, {
          searchParams: { ...list.params, [paging.page]: page, [paging.size]: PAGE_SIZE },
          headers: stored?.etag ? { 'if-none-match': stored.etag } : {},
        });
        return { res, leave };
      } catch (error) {
        leave();
        throw error;
      }
    });
    // Awaited in page order; until then a failure must not count as unhandled.
    answer.catch(() => undefined);
    return { page, stored, answer };
  };
  const asked = [ask(1)];
  let lastAsked = 1;
  let expected = 0;
  let page = 0;
  let last = false;
  try {
    while (!last) {
      const next = asked.shift()!;
      const { res, leave } = await next.answer;
      // Taken, the page leaves the window: the next one may go out while this one is stored.
      leave();
      page = next.page;
      const key = `${list.key}#${page}`;
      const kept = res.status === 304 ? next.stored : undefined;
      if (kept) renewTag(db, key, kept.etag, res.headers.get('etag'));
      const parsed = kept ? null : listItems(res.body);
      const current: StoredPage = parsed
        ? {
            ids: parsed.items.map((i) => String((i as { id: unknown }).id)),
            totalPages: typeof parsed.meta.totalPages === 'number' ? parsed.meta.totalPages : null,
          }
        : (JSON.parse(kept!.ids) as StoredPage);
      // Without paging meta (another service), a short page is the last one.
      const known = current.totalPages ?? (current.ids.length >= PAGE_SIZE ? page + 1 : page);
      while (lastAsked < known) asked.push(ask(++lastAsked));
      if (parsed) {
        db.transaction(() => {
          list.store(parsed.items);
          prepared(
            db,
            'INSERT INTO sync_pages (key, etag, ids) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET etag = excluded.etag, ids = excluded.ids',
          ).run(key, res.headers.get('etag'), JSON.stringify(current));
        })();
      }
      // The list may grow while it is walked: progress counts pages as they become known.
      const total = Math.max(known, page);
      if (total > expected) {
        run.progress.expect(total - expected);
        expected = total;
      }
      run.progress.step();
      for (const id of current.ids) seen.add(id);
      last = page >= known;
    }
  } finally {
    // Pages asked for and not wanted after all (the list shrank meanwhile, or one failed): their places go back.
    for (const left of asked)
      left.answer.then(
        ({ leave }) => leave(),
        () => undefined,
      );
  }
  // The list shrank while it was walked: the pages counted that no longer exist leave the progress.
  if (expected > page) run.progress.expect(page - expected);
  // Pages past the last one are gone from the service: forget them.
  const stale = db.prepare('SELECT key FROM sync_pages WHERE key LIKE ?').all(`${list.key}#%`) as { key: string }[];
  for (const { key } of stale) {
    if (Number(key.slice(list.key.length + 1)) > page) db.prepare('DELETE FROM sync_pages WHERE key = ?').run(key);
  }
  return seen;
}

/**
 * A 304 may come with a new tag for the same content (the service's state moved on, this answer
 * did not): kept, it lets the next pull be answered before the service builds the answer again.
 */
function renewTag(db: CacheDb, key: string, kept: string | null, renewed: string | null): void {
  if (renewed && renewed !== kept) prepared(db, 'UPDATE sync_pages SET etag = ? WHERE key = ?').run(renewed, key);
}

/**
 * One conditional GET of a resource that is not paged; answers null when it is unchanged (304)
 * since the last time its ETag was kept under `key`. Call `remember` after storing the body.
 */
async function conditionalGet(
  ctx: PullContext,
  run: PullRun,
  key: string,
  path: string,
  searchParams: Record<string, string> = {},
): Promise<{ body: unknown; remember: () => void } | null> {
  const { db, client } = ctx;
  const stored = prepared(db, 'SELECT etag FROM sync_pages WHERE key = ?').get(key) as
    { etag: string | null } | undefined;
  const res = await run.window.around(() =>
    client.request(path, {
      searchParams,
      headers: stored?.etag ? { 'if-none-match': stored.etag } : {},
    }),
  );
  if (res.status === 304) {
    renewTag(db, key, stored?.etag ?? null, res.headers.get('etag'));
    return null;
  }
  return {
    body: res.body,
    remember: () =>
      db
        .prepare(
          'INSERT INTO sync_pages (key, etag, ids) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET etag = excluded.etag',
        )
        .run(key, res.headers.get('etag'), '[]'),
  };
}

/** Stores records the service sent; rows with queued changes get them replayed on top. */
function storeRecords<E extends EntityName>(
  ctx: PullContext,
  entity: E,
  schema: z.ZodType<EntityRecords[E]>,
  items: unknown[],
): void {
  const { db, actor } = ctx;
  const withOps = idsWithOperations(db, entity);
  const global = hasGlobalOperations(db, entity);
  for (const item of items) {
    const record = schema.parse(withVersion(item as object));
    const id = (record as { id: string }).id;
    if (withOps.has(id) || global) {
      rebaseOn(db, entity, id, record, actor);
    } else {
      writeRow(db, entity, id, record, record);
    }
  }
}

/** Drops what the service no longer has, within what was pulled (`scope`), except records with queued changes. */
function removeUnseen(
  ctx: PullContext,
  entity: EntityName,
  seen: Set<string>,
  scope = '1 = 1',
  params: unknown[] = [],
) {
  const { db, actor } = ctx;
  if (ctx.fresh) return;
  db.transaction(() => {
    const rows = db.prepare(`SELECT id FROM ${entity} WHERE base IS NOT NULL AND ${scope}`).all(...params) as {
      id: string;
    }[];
    const withOps = idsWithOperations(db, entity);
    for (const { id } of rows) {
      if (seen.has(id)) continue;
      if (withOps.has(id)) {
        db.prepare(`UPDATE ${entity} SET base = NULL WHERE id = ?`).run(id);
        rebase(db, entity, id, actor);
      } else {
        writeRow(db, entity, id, null, null);
      }
    }
  })();
}

/** A service without an extension answers its route 404 (or 405): the app does without. */
function missingExtension(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 405);
}

async function optional<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (missingExtension(error)) return null;
    throw error;
  }
}

async function pullReferences(ctx: PullContext, run: PullRun) {
  const { db, client } = ctx;
  run.progress.expect(4);
  const lists = await Promise.all(
    (['category', 'provider', 'type'] as const).map(async (kind) => {
      const res = await run.window.around(() =>
        client.request(`api/training-${kind === 'category' ? 'categories' : `${kind}s`}`),
      );
      run.progress.step();
      return { kind, items: listItems(res.body).items.map((i) => referenceItemSchema.parse(i)) };
    }),
  );
  const departments = await optional(run.window.around(() => client.request('api/departments')));
  run.progress.step();
  db.transaction(() => {
    db.prepare('DELETE FROM training_refs').run();
    const insert = db.prepare('INSERT INTO training_refs (kind, id, name) VALUES (?, ?, ?)');
    for (const { kind, items } of lists) for (const r of items) insert.run(kind, r.id, r.name);
    if (departments) {
      db.prepare('DELETE FROM departments').run();
      const dep = db.prepare('INSERT INTO departments (id, name) VALUES (?, ?)');
      for (const d of listItems(departments.body).items.map((i) => referenceItemSchema.parse(i))) dep.run(d.id, d.name);
    }
  })();
}

async function pullUsers(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const upsert = db.prepare(
    `INSERT INTO users (id, last_name, first_name, email, department_id, manager_id, json) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET last_name = excluded.last_name, first_name = excluded.first_name,
       email = excluded.email, department_id = excluded.department_id, manager_id = excluded.manager_id, json = excluded.json`,
  );
  const seen = await pullPages(ctx, run, {
    key: 'users',
    path: 'api/users',
    params: { sortBy: 'createdAt' },
    store: (items) => {
      for (const item of items) {
        const u = userSchema.parse(withVersion(item as object));
        upsert.run(u.id, u.lastName, u.firstName, u.email, u.departmentId, u.managerId, JSON.stringify(u));
      }
    },
  });
  if (ctx.fresh) return;
  db.transaction(() => {
    const ids = db.prepare('SELECT id FROM users').all() as { id: string }[];
    const drop = db.prepare('DELETE FROM users WHERE id = ?');
    for (const { id } of ids) if (!seen.has(id)) drop.run(id);
  })();
}

async function pullTrainings(ctx: PullContext, run: PullRun) {
  const seen = await pullPages(ctx, run, {
    key: 'trainings',
    path: 'api/trainings',
    params: { sortBy: 'createdAt' },
    store: (items) => storeRecords(ctx, 'trainings', trainingSchema, items),
  });
  removeUnseen(ctx, 'trainings', seen);
}

async function pullLeave(ctx: PullContext, run: PullRun) {
  const me = ctx.actor.userId;
  const own = await pullPages(ctx, run, {
    key: 'leave-own',
    path: 'api/leave',
    params: { userId: me },
    store: (items) => storeRecords(ctx, 'leave', leaveSchema, items),
  });
  removeUnseen(ctx, 'leave', own, 'user_id = ?', [me]);
  if (ctx.role === 'USER') return;
  const team = await pullPages(ctx, run, {
    key: 'leave-team',
    path: 'api/leave/team',
    params: { sortBy: 'createdAt' },
    store: (items) => storeRecords(ctx, 'leave', leaveSchema, items),
  });
  removeUnseen(ctx, 'leave', new Set([...team, ...own]), 'user_id IS NOT ?', [me]);
}

/** The dates of the calendar kept offline, around today. */
function calendarWindow(ctx: PullContext): { startDate: string; endDate: string } {
  const today = utcToday(ctx.now());
  return {
    startDate: addDays(today, -ctx.calendarWindow.daysBack),
    endDate: addDays(today, ctx.calendarWindow.daysAhead),
  };
}

/** The service answers a calendar of at most MAX_RANGE_DAYS: a longer window is asked in pieces. */
function calendarPieces(window: { startDate: string; endDate: string }): { startDate: string; endDate: string }[] {
  const pieces = [];
  for (let from = window.startDate; from <= window.endDate; from = addDays(from, MAX_RANGE_DAYS)) {
    const to = addDays(from, MAX_RANGE_DAYS - 1);
    pieces.push({ startDate: from, endDate: to < window.endDate ? to : window.endDate });
  }
  return pieces;
}

/**
 * The calendar as pulled: everyone of one nationality has the same holidays (the contract), so
 * each country's list is checked and stored once, from its first person, not once per person.
 */
const calendarPullSchema = calendarSchema.extend({
  users: z.array(calendarSchema.shape.users.element.extend({ holidays: z.array(z.unknown()) })),
});
const holidayListSchema = z.array(holidaySchema);

/**
 * The calendar for the offline window; the service decides what each person may see. Each piece
 * that changed replaces the leave overlapping it (exactly what its answer holds) and the people
 * (the same in every piece: who is shown does not depend on the dates).
 */
async function pullCalendar(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const window = calendarWindow(ctx);
  const pieces = calendarPieces(window);
  run.progress.expect(pieces.length);
  const keys = pieces.map((p) => `calendar#${p.startDate}#${p.endDate}`);
  db.prepare(
    `DELETE FROM sync_pages WHERE key LIKE 'calendar#%' AND key NOT IN (${keys.map(() => '?').join(', ')})`,
  ).run(...keys);
  for (const [i, piece] of pieces.entries()) {
    const res = await conditionalGet(ctx, run, keys[i]!, 'api/leave/calendar', piece);
    run.progress.step();
    if (!res) continue;
    const calendar = calendarPullSchema.parse(res.body);
    db.transaction(() => {
      db.prepare('DELETE FROM calendar_users').run();
      db.prepare('DELETE FROM calendar_leave WHERE start_date <= ? AND end_date >= ?').run(
        dateToDateTime(piece.endDate),
        dateToDateTime(piece.startDate),
      );
      res.remember();
      const user = db.prepare(
        'INSERT INTO calendar_users (id, last_name, first_name, department_id, json) VALUES (?, ?, ?, ?, ?)',
      );
      const leave = db.prepare(
        'INSERT OR REPLACE INTO calendar_leave (id, user_id, start_date, end_date, json) VALUES (?, ?, ?, ?, ?)',
      );
      const holiday = db.prepare('INSERT OR REPLACE INTO holidays (country, date, name) VALUES (?, ?, ?)');
      const countries = new Set<string>();
      for (const entry of calendar.users) {
        const u = entry.user;
        user.run(u.id, u.lastName, u.firstName, u.departmentId, JSON.stringify(u));
        for (const l of entry.leave) leave.run(l.id, l.userId, l.startDate, l.endDate, JSON.stringify(l));
        if (countries.has(u.nationality)) continue;
        countries.add(u.nationality);
        for (const h of holidayListSchema.parse(entry.holidays)) holiday.run(u.nationality, h.date, h.name);
      }
    })();
  }
  db.prepare('DELETE FROM calendar_leave WHERE end_date < ? OR start_date > ?').run(
    dateToDateTime(window.startDate),
    dateToDateTime(window.endDate),
  );
  setMeta(db, 'calendarWindow', JSON.stringify(window));
}

async function pullNotifications(ctx: PullContext, run: PullRun) {
  const seen = await pullPages(ctx, run, {
    key: 'notifications',
    path: 'api/notifications',
    paging: { page: 'page', size: 'limit' },
    store: (items) => storeRecords(ctx, 'notifications', notificationSchema, items),
  });
  removeUnseen(ctx, 'notifications', seen);
}

async function pullAssignedForms(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  run.progress.expect(1);
  const res = await optional(conditionalGet(ctx, run, 'assigned-forms', 'api/forms/assigned'));
  run.progress.step();
  if (!res) return;
  const items = listItems(res.body).items;
  const position = db.prepare('UPDATE assigned_forms SET position = ? WHERE id = ?');
  db.transaction(() => {
    storeRecords(ctx, 'assigned_forms', assignedFormSchema, items);
    items.forEach((item, i) => position.run(i, (item as { id: string }).id));
    res.remember();
  })();
  removeUnseen(ctx, 'assigned_forms', new Set(items.map((i) => (i as { id: string }).id)));
}

/** Every form with its responses and analytics: what an admin reads on a plane. */
async function pullAdminForms(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const seen = await pullPages(ctx, run, {
    key: 'forms',
    path: 'api/forms',
    paging: { page: 'page', size: 'limit' },
    store: (items) => storeRecords(ctx, 'forms', formSchema, items),
  });
  removeUnseen(ctx, 'forms', seen);
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO form_responses (id, form_id, submitted_at, json) VALUES (?, ?, ?, ?)',
  );
  // Every form at once: one form's analytics are built while another's responses are stored.
  await settled(
    run,
    [...seen].map(async (formId) => {
      const [responses, analytics] = await settled(run, [
        pullPages(ctx, run, {
          key: `responses:${formId}`,
          path: `api/forms/${encodeURIComponent(formId)}/responses`,
          paging: { page: 'page', size: 'limit' },
          store: (items) => {
            for (const item of items) {
              const r = formResponseSchema.parse(item);
              upsert.run(r.id, formId, r.submittedAt, JSON.stringify(r));
            }
          },
        }),
        (async () => {
          run.progress.expect(1);
          const answer = await conditionalGet(
            ctx,
            run,
            `analytics:${formId}`,
            `api/forms/${encodeURIComponent(formId)}/analytics`,
          );
          run.progress.step();
          return answer;
        })(),
      ] as const);
      db.transaction(() => {
        const kept = db.prepare('SELECT id FROM form_responses WHERE form_id = ?').all(formId) as { id: string }[];
        for (const { id } of kept)
          if (!responses.has(id)) db.prepare('DELETE FROM form_responses WHERE id = ?').run(id);
        if (analytics) {
          db.prepare('INSERT OR REPLACE INTO form_analytics (form_id, json) VALUES (?, ?)').run(
            formId,
            JSON.stringify(formAnalyticsSchema.parse(analytics.body)),
          );
          analytics.remember();
        }
      })();
    }),
  );
  db.prepare('DELETE FROM form_responses WHERE form_id NOT IN (SELECT id FROM forms)').run();
  db.prepare('DELETE FROM form_analytics WHERE form_id NOT IN (SELECT id FROM forms)').run();
  db.prepare(
    "DELETE FROM sync_pages WHERE (key LIKE 'analytics:%' AND substr(key, 11) NOT IN (SELECT id FROM forms))",
  ).run();
}

/**
 * Whether anything the account may read changed since its last complete pull (one conditional GET
 * of the service's sync state, ext): 'unchanged', or what to call once everything is pulled. The
 * key names what the pull covers on this side (role, calendar window), so a new day or role walks.
 */
async function sinceLastPull(
  ctx: PullContext,
  run: PullRun,
): Promise<'unchanged' | { restored: boolean; done: () => void }> {
  const { db } = ctx;
  const { startDate, endDate } = calendarWindow(ctx);
  const key = `state#${ctx.role}#${startDate}#${endDate}`;
  let res: Awaited<ReturnType<typeof conditionalGet>>;
  try {
    res = await conditionalGet(ctx, run, key, 'api/sync/state');
  } catch (error) {
    // Without this extension, every list is walked each time.
    if (missingExtension(error)) return { restored: false, done: () => undefined };
    throw error;
  }
  if (!res) return 'unchanged';
  const { version } = syncStateSchema.parse(res.body);
  // The service's change counter only grows: behind what this side saw, it was restored from an
  // older copy. Every page is asked for afresh (no tag of a newer state may answer 304).
  const seen = Number(getMeta(db, 'serviceVersion') ?? -1);
  const restored = version < seen;
  if (restored) db.prepare("DELETE FROM sync_pages WHERE key NOT LIKE 'state#%'").run();
  const { remember } = res;
  return {
    restored,
    done: () =>
      db.transaction(() => {
        db.prepare("DELETE FROM sync_pages WHERE key LIKE 'state#%'").run();
        remember();
        setMeta(db, 'serviceVersion', String(version));
      })(),
  };
}

/**
 * Everything the account's role may read, into the cache; one request when nothing changed.
 * Answers whether the service was found restored from an older copy (everything was read again).
 */
export async function pullAll(ctx: PullContext): Promise<{ restored: boolean }> {
  const run: PullRun = { progress: new Progress(ctx.onProgress), window: new RequestWindow() };
  run.progress.expect(1);
  const state = await sinceLastPull(ctx, run);
  run.progress.step();
  if (state === 'unchanged') return { restored: false };
  // A first sync loads without secondary indexes and builds each once at the end.
  const firstLoad = isEmptyCache(ctx.db);
  if (firstLoad) deferIndexes(ctx.db);
  try {
    await pullEverything({ ...ctx, fresh: firstLoad }, run);
  } finally {
    // (Closed meanwhile, the app quit: opening the cache next time builds them.)
    if (firstLoad && ctx.db.open) restoreIndexes(ctx.db);
  }
  state.done();
  return { restored: state.restored };
}

/**
 * Every independent list at once: the request window keeps the service building pages ahead
 * while this side stores one, from the first request on. The calendar is asked for last: an
 * admin's takes the service about 0.1 s to build (everyone, with their holidays), and asked for
 * first it kept the first pages of every other list waiting behind it while this side sat idle.
 */
async function pullEverything(ctx: PullContext, run: PullRun): Promise<void> {
  await settled(run, [
    pullReferences(ctx, run),
    pullUsers(ctx, run),
    pullTrainings(ctx, run),
    pullLeave(ctx, run),
    pullNotifications(ctx, run),
    pullAssignedForms(ctx, run),
    ...(ctx.role === 'ADMIN' ? [pullAdminForms(ctx, run)] : []),
    pullCalendar(ctx, run),
  ]);
}

/**
 * Their results once every one has ended, failed or not (nothing of a pull goes on writing after
 * it is over); the first failure if any failed. The first failure closes the pull's request
 * window, so the rest end soon instead of each asking the service for what it still wanted.
 */
async function settled<T extends readonly unknown[]>(
  run: PullRun,
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(
    work.map((item) =>
      Promise.resolve(item).catch((error: unknown) => {
        run.window.close(error);
        throw error;
      }),
    ),
  );
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
