import { HttpError } from '../../api/apiErrors';
import { listItems, withVersion } from '../../api/tolerance';
import {
  dropBase,
  entityDescriptor,
  idsWithBase,
  rememberGone,
  writeRow,
  type EntityName,
  type Owner,
} from '../../cache/entities';
import { forgetPagesAfter, keepPage, keepTag, keptPage, renewTag } from '../../cache/syncPages';
import { hasGlobalOperations, idsWithOperations, rebase, rebaseOn } from '../outboxStore';
import type { PullContext, StoredPage, AskedPage, PullRun } from './pullContext';
import { PAGE_SIZE } from './pullContext';

/**
 * Fetches every page of a list, each with If-None-Match: an unchanged page costs a 304 and no
 * writes. Once the first page tells how many there are, the rest are asked for ahead through the
 * pull's request window, so the service builds the next pages while this side stores one, each in
 * one transaction. Answers the ids the service holds.
 */
export async function pullPages(
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
    const stored = keptPage(db, `${list.key}#${page}`);
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
  // Told once the next pages are queued: the calendar waits for every list's (pullEverything).
  let queued!: () => void;
  run.firstPages.push(new Promise<void>((resolve) => (queued = resolve)));
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
        : kept!.held();
      // Without paging meta (another service), a short page is the last one.
      const known = current.totalPages ?? (current.ids.length >= PAGE_SIZE ? page + 1 : page);
      while (lastAsked < known) asked.push(ask(++lastAsked));
      queued();
      if (parsed) {
        db.transaction(() => {
          list.store(parsed.items);
          keepPage(db, key, res.headers.get('etag'), current);
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
    queued();
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
  forgetPagesAfter(db, list.key, page);
  return seen;
}

/**
 * One conditional GET of a resource that is not paged; answers null when it is unchanged (304)
 * since the last time its ETag was kept under `key`. Call `remember` after storing the body.
 */
export async function conditionalGet(
  ctx: PullContext,
  run: PullRun,
  key: string,
  path: string,
  searchParams: Record<string, string> = {},
): Promise<{ body: unknown; remember: () => void } | null> {
  const { db, client } = ctx;
  const stored = keptPage(db, key);
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
    remember: () => keepTag(db, key, res.headers.get('etag')),
  };
}

/** Stores records the service sent, checked by their entity's schema; rows with queued changes get them replayed on top. */
export function storeRecords(ctx: PullContext, entity: EntityName, items: unknown[]): void {
  const { db, actor } = ctx;
  const { schema } = entityDescriptor(entity);
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

/**
 * Drops what the service no longer has, within what was pulled (all of the entity, or `owner`'s
 * records), except records with queued changes.
 */
export function removeUnseen(ctx: PullContext, entity: EntityName, seen: Set<string>, owner?: Owner) {
  const { db, actor } = ctx;
  if (ctx.fresh) return;
  const noticed = ctx.now().toISOString();
  db.transaction(() => {
    const ids = idsWithBase(db, entity, owner);
    const withOps = idsWithOperations(db, entity);
    for (const id of ids) {
      if (seen.has(id)) continue;
      rememberGone(db, entity, id, noticed);
      if (withOps.has(id)) {
        dropBase(db, entity, id);
        rebase(db, entity, id, actor);
      } else {
        writeRow(db, entity, id, null, null);
      }
    }
  })();
}

/** A service without an extension answers its route 404 (or 405): the app does without. */
export function missingExtension(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 405);
}

export async function optional<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (missingExtension(error)) return null;
    throw error;
  }
}

/**
 * Their results once every one has ended, failed or not (nothing of a pull goes on writing after
 * it is over); the first failure if any failed. The first failure closes the pull's request
 * window, so the rest end soon instead of each asking the service for what it still wanted.
 */
export async function settled<T extends readonly unknown[]>(
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
