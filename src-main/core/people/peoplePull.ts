import { organizationSchema, referenceItemSchema, userSchema, type User } from '@shared/wire';
import { listItems, withVersion } from '../api/tolerance';
import { readBase } from '../cache/entities';
import { replaceReferences, writeOrganization } from './peopleStore';
import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { conditionalGet, optional, pullPages, removeUnseen, storeRecords } from '../sync/pull/pages';

export async function pullReferences(ctx: PullContext, run: PullRun) {
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
  const [departments, organization] = await Promise.all([
    optional(run.window.around(() => client.request('api/departments'))),
    // Its currency (ext), asked conditionally: a 304 while it stands still; a service without it
    // leaves the default.
    optional(conditionalGet(ctx, run, 'organization', 'api/organization')),
  ]);
  run.progress.step();
  db.transaction(() => {
    replaceReferences(db, lists);
    if (organization) {
      writeOrganization(db, organizationSchema.parse(organization.body));
      organization.remember();
    }
    if (departments) storeRecords(ctx, 'departments', listItems(departments.body).items);
  })();
  if (departments) {
    removeUnseen(
      ctx,
      'departments',
      new Set(listItems(departments.body).items.map((i) => String((i as { id: unknown }).id))),
    );
  }
}

export async function pullUsers(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const seen = await pullPages(ctx, run, {
    key: 'users',
    path: 'api/users',
    // Former colleagues too: their requests and answers still name them.
    params: { sortBy: 'createdAt', employment: 'all' },
    // A list never carries an invitation: the one this computer was given stays while it can be used.
    store: (items) =>
      storeRecords(
        ctx,
        'users',
        items.map((item) => keptInvitation(db, item, now)),
      ),
  });
  removeUnseen(ctx, 'users', seen);
}

function keptInvitation(db: PullContext['db'], item: unknown, now: string): unknown {
  const raw = item as { status?: unknown; invitation?: unknown };
  if (raw.status !== 'INVITED' || raw.invitation) return item;
  const person = userSchema.parse(withVersion(raw));
  const known = readBase(db, 'users', person.id)?.invitation;
  return known && known.expiresAt > now ? ({ ...person, invitation: known } satisfies User) : person;
}
