import { syncStateSchema, type EventList } from '@shared/wire';
import { deferIndexes, isEmptyCache, restoreIndexes } from '../../cache/bulkLoad';
import { getMeta, setMeta } from '../../cache/openCache';
import { forgetPages, forgetPagesExcept } from '../../cache/syncPages';
import type { PullContext, PullRun } from './pullContext';
import { newRun } from './pullContext';
import { conditionalGet, missingExtension, settled } from './pages';
import { pullReferences, pullUsers } from '../../people/peoplePull';
import { pullTrainings } from '../../trainings/trainingPull';
import { pullLeave } from '../../leave/leavePull';
import { pullBalances } from '../../leave/balancePull';
import { calendarWindow, pullCalendar } from '../../calendar/calendarPull';
import { pullCalendarFeeds } from '../../calendar/feedPull';
import { pullNotifications } from '../../notifications/notificationPull';
import { pullAssignedForms, pullAdminForms } from '../../forms/formPull';

/**
 * Whether anything the account may read changed since its last complete pull (one conditional GET
 * of the service's sync state, ext): 'unchanged', or what to call once everything is pulled. The
 * key names what the pull covers on this side (role, calendar window), so a new day or role walks.
 */
export async function sinceLastPull(
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
  if (restored) forgetPagesExcept(db, 'state#');
  const { remember } = res;
  return {
    restored,
    done: () =>
      db.transaction(() => {
        forgetPages(db, 'state#');
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
  const run = newRun(ctx.onProgress);
  run.progress.expect(1);
  const state = await sinceLastPull(ctx, run);
  run.progress.step();
  if (state === 'unchanged') return { restored: false };
  // A first sync loads without secondary indexes and builds each once at the end.
  const firstLoad = isEmptyCache(ctx.db);
  if (firstLoad) deferIndexes(ctx.db);
  try {
    // Each table is indexed as soon as its list is in, while the others are still coming.
    const loaded = (tables: readonly string[]) => {
      if (firstLoad && ctx.db.open) restoreIndexes(ctx.db, tables);
    };
    await pullEverything({ ...ctx, fresh: firstLoad }, run, undefined, loaded);
  } finally {
    // (Closed meanwhile, the app quit: opening the cache next time builds them.)
    if (firstLoad && ctx.db.open) restoreIndexes(ctx.db);
  }
  state.done();
  return { restored: state.restored };
}

/**
 * Every independent list at once: the request window keeps the service building pages ahead
 * while this side stores one, from the first request on. The calendar is asked for once the
 * other lists have their first pages in and their next pages queued: an admin's takes the
 * service about 0.1 s to build (everyone, with their holidays), and asked for with the first
 * pages it kept the service busy while this side, with nothing to store, sat idle.
 */
export async function pullEverything(
  ctx: PullContext,
  run: PullRun,
  lists?: ReadonlySet<LiveList>,
  /** Told of the cache tables a pull has finished filling. */
  loaded?: (tables: readonly string[]) => void,
): Promise<void> {
  const wanted = (list: LiveList) => !lists || lists.has(list);
  const filling = (pull: Promise<unknown>, tables: readonly string[]) =>
    loaded ? pull.then(() => loaded(tables)) : pull;
  await settled(run, [
    ...(wanted('people') ? [pullReferences(ctx, run), filling(pullUsers(ctx, run), ['users'])] : []),
    ...(wanted('trainings') ? [filling(pullTrainings(ctx, run), ['trainings'])] : []),
    ...(wanted('leave') ? [filling(pullLeave(ctx, run), ['leave']), pullBalances(ctx, run)] : []),
    ...(wanted('notifications') ? [filling(pullNotifications(ctx, run), ['notifications'])] : []),
    ...(wanted('forms') ? [pullAssignedForms(ctx, run)] : []),
    ...(wanted('forms') && ctx.role === 'ADMIN' ? [filling(pullAdminForms(ctx, run), ['form_responses'])] : []),
    ...(wanted('calendar')
      ? [
          pullCalendarFeeds(ctx, run),
          filling(
            afterFirstPages(run).then(() => pullCalendar(ctx, run)),
            ['calendar_users', 'calendar_leave'],
          ),
        ]
      : []),
  ]);
}

/** Once every paged list started so far has its first page in (failed or not). */
async function afterFirstPages(run: PullRun): Promise<void> {
  await Promise.all(run.firstPages);
}

/** A list the service's event stream names (ext): pullEverything says which pulls each stands for. */
export type LiveList = EventList;

/**
 * Only the lists an event named, each asked conditionally as always; the service's state is not
 * asked (the event said what changed), so the next full pull still checks everything.
 */
export async function pullLists(ctx: PullContext, lists: ReadonlySet<LiveList>): Promise<void> {
  const run = newRun(ctx.onProgress);
  await pullEverything(ctx, run, lists);
}
