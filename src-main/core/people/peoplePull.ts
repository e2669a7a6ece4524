import { organizationSchema, referenceItemSchema, userSchema } from '@shared/wire';
import { listItems, withVersion } from '../api/tolerance';
import { keepOnlyUsers, replaceReferences, writeOrganization, writeUser } from './peopleStore';
import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { conditionalGet, optional, pullPages } from '../sync/pull/pages';

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
  const departmentList = departments
    ? listItems(departments.body).items.map((i) => referenceItemSchema.parse(i))
    : null;
  db.transaction(() => {
    replaceReferences(db, lists, departmentList);
    if (organization) {
      writeOrganization(db, organizationSchema.parse(organization.body));
      organization.remember();
    }
  })();
}

export async function pullUsers(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const seen = await pullPages(ctx, run, {
    key: 'users',
    path: 'api/users',
    // Former colleagues too: their requests and answers still name them.
    params: { sortBy: 'createdAt', employment: 'all' },
    store: (items) => {
      for (const item of items) writeUser(db, userSchema.parse(withVersion(item as object)));
    },
  });
  if (ctx.fresh) return;
  db.transaction(() => keepOnlyUsers(db, seen))();
}
